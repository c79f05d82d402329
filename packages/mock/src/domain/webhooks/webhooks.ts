/**
 * Webhook endpoints and the outbox: one delivery per event and matching endpoint, run as tasks on
 * the world's clock through an injected transport (signing and HTTP are asynchronous). Deliveries
 * of the same message (or campaign) reach an endpoint in order: each waits for the previous one.
 */

import { found, validationError } from '../core/errors';
import { checkWebhookSecret } from '../core/patterns';
import { errorMessage } from '../core/platform-checks';
import type { SavedState } from '../core/state-schemas';
import type { World } from '../core/world';
import type { ControlSchema, OfOrganization } from '../tenancy/control-params';
import { getOrganization } from '../tenancy/organizations';
import { WEBHOOK_EVENT_TYPES, webhookEventOf } from './webhook-events';

declare module '../core/world' {
  interface World {
    /** Webhook endpoints and the outbox. */
    readonly webhooks: WebhookState;
    /** Signs and sends webhook attempts; set by the service (a bare world keeps its outbox). */
    webhookTransport: WebhookTransport | undefined;
    /** Webhook attempts still awaiting their transport. */
    readonly inFlight: Set<Promise<void>>;
  }
}

/** Delays before attempts 1, 2, … (Standard Webhooks practice): 8 attempts over about a day. */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** A registered endpoint. `url: null` means an in-process listener. */
export interface WebhookEndpoint extends SavedState<'webhookEndpoint'> {}
/** One attempt at a delivery. */
export interface WebhookAttempt extends SavedState<'webhookAttempt'> {}
/** An outbox entry: one event for one endpoint. */
export interface WebhookDelivery extends SavedState<'webhookDelivery'> {}
export { DELIVERY_STATES, type DeliveryState } from '../core/vocabulary';

/** The longest `Location` kept on an attempt: a receiver's header must not grow the outbox. */
const MAX_LOCATION_LENGTH = 2048;

/** The webhook part of a world's state. */
export interface WebhookState {
  endpoints: WebhookEndpoint[];
  outbox: WebhookDelivery[];
}

/**
 * What a transport reports for one attempt: the attempt's fields but its time, with a 3xx answer's
 * `Location` as received (recorded cut, and not followed).
 */
export type AttemptResult = Readonly<
  Omit<WebhookAttempt, 'at' | 'location'> & { location?: string | null }
>;

/** Sends one attempt; the world records the result when it settles. */
export type WebhookTransport = (
  delivery: WebhookDelivery,
  endpoint: WebhookEndpoint,
  attemptAt: number,
) => Promise<AttemptResult>;

/** Parameters of {@link addWebhookEndpoint}: no `url` for an in-process listener. */
export type AddEndpointParams = OfOrganization &
  Omit<ControlSchema<'AddWebhookEndpointRequest'>, 'url'> & { readonly url?: string | null };

/** Registers an endpoint. */
export function addWebhookEndpoint(world: World, params: AddEndpointParams): WebhookEndpoint {
  const organization = getOrganization(world, params.organizationId);
  if (params.url != null && !/^https?:\/\/\S+$/.test(params.url))
    throw validationError({ url: 'Must be an http(s) URL.' });
  const secret = params.secret ?? organization.webhookSecret;
  checkWebhookSecret(secret, 'secret');
  for (const type of params.events ?? []) {
    if (!WEBHOOK_EVENT_TYPES.includes(type))
      throw validationError({ events: `Unknown event type: ${type}` });
  }
  const endpoint: WebhookEndpoint = {
    id: world.newId(),
    organizationId: organization.id,
    environment: params.environment ?? 'live',
    url: params.url ?? null,
    secret,
    events: params.events == null ? null : [...params.events],
    disabled: false,
    createdAt: world.now(),
  };
  world.webhooks.endpoints.push(endpoint);
  return endpoint;
}

/** Removes an endpoint; its pending deliveries fail. */
export function removeWebhookEndpoint(world: World, endpointId: string): void {
  const endpoint = found(
    world.webhooks.endpoints.find((e) => e.id === endpointId),
    'Webhook endpoint not found.',
  );
  world.webhooks.endpoints = world.webhooks.endpoints.filter((e) => e !== endpoint);
  for (const delivery of world.webhooks.outbox) {
    if (delivery.endpointId === endpointId && !finished(delivery)) {
      delivery.state = 'failed';
      delivery.nextAttemptAt = null;
    }
  }
}

/** Task: make the next attempt of a delivery through the world's transport. */
export function attemptDelivery(world: World, deliveryId: string): void {
  const delivery = world.webhooks.outbox.find((d) => d.id === deliveryId);
  if (delivery === undefined || delivery.state !== 'scheduled') return;
  const endpoint = world.webhooks.endpoints.find((e) => e.id === delivery.endpointId);
  if (endpoint === undefined || endpoint.disabled) {
    finish(world, delivery, 'failed');
    return;
  }
  const transport = world.webhookTransport;
  if (transport === undefined) return; // a bare world (no service) keeps its outbox pending
  const at = world.now();
  delivery.state = 'in_flight';
  delivery.nextAttemptAt = null;
  const settle = (result: AttemptResult) => recordAttempt(world, delivery, endpoint, at, result);
  const pending: Promise<void> = transport(delivery, endpoint, at)
    .then(settle, (error: unknown) => settle({ status: null, error: errorMessage(error) }))
    .finally(() => world.inFlight.delete(pending));
  world.inFlight.add(pending);
}

/**
 * Makes the outbox a subscriber of the world's events: the world never calls into webhooks, it
 * only tells its subscribers. Returns the unsubscribe function.
 */
export function subscribeWebhooks(world: World): () => void {
  return world.subscribe((event) => {
    if (world.webhooks.endpoints.length === 0) return;
    const webhook = webhookEventOf(world, event);
    if (webhook === undefined) return;
    const { tenant, payload } = webhook;
    for (const endpoint of world.webhooks.endpoints) {
      if (
        endpoint.organizationId !== tenant.organizationId ||
        endpoint.environment !== tenant.environment ||
        endpoint.disabled
      )
        continue;
      if (endpoint.events !== null && !endpoint.events.includes(payload.type)) continue;
      const delivery: WebhookDelivery = {
        id: `msg_${world.newId().replace(/-/g, '')}`,
        endpointId: endpoint.id,
        ...payload,
        createdAt: world.now(),
        attempts: [],
        state: 'waiting',
        nextAttemptAt: null,
      };
      const blocked = world.webhooks.outbox.some(
        (other) =>
          other.endpointId === endpoint.id &&
          other.orderKey === payload.orderKey &&
          !finished(other),
      );
      world.webhooks.outbox.push(delivery);
      if (!blocked) scheduleAttempt(world, delivery, 0);
    }
  });
}

function recordAttempt(
  world: World,
  delivery: WebhookDelivery,
  endpoint: WebhookEndpoint,
  at: number,
  result: AttemptResult,
): void {
  const { location, ...fields } = result;
  const attempt: WebhookAttempt = { at, ...fields };
  if (typeof location === 'string') attempt.location = location.slice(0, MAX_LOCATION_LENGTH);
  delivery.attempts.push(attempt);
  // Only a 2xx acknowledges: a redirect (3xx) is a failed attempt like any other.
  if (result.status !== null && result.status >= 200 && result.status < 300) {
    finish(world, delivery, 'delivered');
  } else if (result.status === 410) {
    endpoint.disabled = true;
    finish(world, delivery, 'failed');
  } else if (delivery.attempts.length >= RETRY_SCHEDULE_MS.length) {
    finish(world, delivery, 'failed');
  } else {
    // Retries are timed from the attempt's start, so the schedule does not depend on how long
    // the transport took to answer.
    const due = at + RETRY_SCHEDULE_MS[delivery.attempts.length]!;
    scheduleAttempt(world, delivery, Math.max(0, due - world.now()));
  }
}

function scheduleAttempt(world: World, delivery: WebhookDelivery, delay: number): void {
  delivery.state = 'scheduled';
  delivery.nextAttemptAt = world.now() + delay;
  world.schedule(delay, { type: 'webhook.deliver', deliveryId: delivery.id });
}

function finish(world: World, delivery: WebhookDelivery, state: 'delivered' | 'failed'): void {
  delivery.state = state;
  delivery.nextAttemptAt = null;
  const next = world.webhooks.outbox.find(
    (other) =>
      other.endpointId === delivery.endpointId &&
      other.orderKey === delivery.orderKey &&
      other.state === 'waiting',
  );
  if (next !== undefined) scheduleAttempt(world, next, 0);
}

function finished(delivery: WebhookDelivery): boolean {
  return delivery.state === 'delivered' || delivery.state === 'failed';
}

/**
 * Sends a finished (delivered or failed) delivery again now, as one more attempt with the same
 * `webhook-id` (receivers deduplicate by it). One still on its way is refused: it would overtake
 * its own retries and the deliveries queued behind it.
 */
export function redeliverNow(world: World, deliveryId: string): WebhookDelivery {
  const delivery = found(
    world.webhooks.outbox.find((d) => d.id === deliveryId),
    'Webhook delivery not found.',
    'NOT_FOUND',
  );
  if (!finished(delivery)) {
    throw validationError({
      delivery_id: `Only a delivered or failed delivery can be sent again; this one is ${delivery.state}.`,
    });
  }
  scheduleAttempt(world, delivery, 0);
  return delivery;
}

/** The most deliveries one call sends again (the rest stay failed, counted in `remaining`). */
export const REDELIVER_LIMIT = 1000;

/**
 * "Redeliver all failed": every delivery that failed for good and matches (to one endpoint, of one
 * type) is sent again now, oldest first and up to the limit, each as one more attempt with its own
 * `webhook-id`. Returns the deliveries sent again, those skipped and those left. Idempotent while it
 * runs: a redelivered delivery is `scheduled` (then `in_flight`) until its attempt settles, so a
 * second call meanwhile finds it no longer failed and sends it no second time.
 */
export function redeliverFailed(world: World, params: ControlSchema<'RedeliverFailedRequest'>) {
  const limit = params.limit ?? REDELIVER_LIMIT;
  const redelivered: string[] = [];
  let skipped = 0;
  let remaining = 0;
  for (const delivery of world.webhooks.outbox) {
    if (delivery.state !== 'failed') continue;
    if (params.endpointId !== undefined && delivery.endpointId !== params.endpointId) continue;
    if (params.type !== undefined && delivery.type !== params.type) continue;
    const endpoint = world.webhooks.endpoints.find((e) => e.id === delivery.endpointId);
    // An attempt to a removed or disabled endpoint would fail without being made.
    if (endpoint === undefined || endpoint.disabled) skipped += 1;
    else if (redelivered.length >= limit) remaining += 1;
    else redelivered.push(redeliverNow(world, delivery.id).id);
  }
  return { redelivered, skipped, remaining };
}
