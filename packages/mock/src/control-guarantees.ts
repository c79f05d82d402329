/**
 * The control API's second half: fault injection, webhook endpoints and the outbox, inbound
 * messages. Times cross it as ISO 8601 strings or `Date`s; everything it returns is plain data.
 */

import { DomainError } from './domain/kernel/errors';
import type { Environment } from './domain/kernel/model';
import type { OperationId } from './domain/kernel/operation-ids';
import { formatTimestamp, parseTimestamp } from './domain/kernel/time-format';
import { ENVIRONMENTS, oneOf } from './domain/kernel/vocabulary';
import type { World } from './domain/kernel/world';
import { simulateInbound } from './domain/messages/inbound';
import type { CarrierCode } from './domain/phone/carriers';
import {
  clearFaults,
  type FaultState,
  injectCarrierOutage,
  injectDispatchFailure,
  injectLatency,
  injectRequestFailure,
} from './domain/policies/faults';
import { getOrganization } from './domain/tenancy/organizations';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './domain/webhooks/webhook-events';
import {
  addWebhookEndpoint,
  DELIVERY_STATES,
  type DeliveryState,
  removeWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './domain/webhooks/webhooks';

/** A delivery as an in-process listener receives it. */
export interface WebhookRequest {
  /** `webhook-id`, `webhook-timestamp`, `webhook-signature`, `content-type`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The raw body, exactly as signed. */
  readonly body: string;
}

/**
 * An in-process webhook receiver: return an HTTP status (default 200) or throw to fail the
 * attempt (it is then retried on the schedule).
 */
export type WebhookListener = (
  request: WebhookRequest,
) => number | undefined | Promise<number | undefined>;

/** An outbox entry as the control API shows it. */
export interface DeliveryView {
  /** The delivery's id, sent as the `webhook-id` header (the same on every retry). */
  readonly id: string;
  /** The endpoint it is for. */
  readonly endpoint_id: string;
  /** The event type, e.g. `message.status_updated`. */
  readonly type: WebhookEventType;
  /**
   * `waiting` (behind an earlier delivery about the same message or campaign), `scheduled`,
   * `in_flight`, `delivered` or `failed` (for good).
   */
  readonly state: WebhookDelivery['state'];
  /** When the event was queued (ISO 8601). */
  readonly created_at: string;
  /** When the next attempt runs; `null` when none is scheduled. */
  readonly next_attempt_at: string | null;
  /** Every attempt so far, oldest first. */
  readonly attempts: readonly {
    /** When the attempt was made (ISO 8601). */
    at: string;
    /** The endpoint's HTTP status; `null` when no answer came. */
    status: number | null;
    /** Why no answer came (network error, timeout), or `null`. */
    error: string | null;
  }[];
  /** The event as sent: `{ type, timestamp, data }`. */
  readonly event: unknown;
}

function instant(value: Date | string | number, field: string): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  const time = parseTimestamp(value);
  if (time === undefined) {
    throw new DomainError({
      code: 'VALIDATION_ERROR',
      message: 'Invalid date-time.',
      fields: { [field]: 'Must be an ISO 8601 date-time with an offset.' },
    });
  }
  return time;
}

function endpointView(endpoint: WebhookEndpoint) {
  return {
    /** The endpoint's id. */
    id: endpoint.id,
    /** The organization it belongs to. */
    organization_id: endpoint.organizationId,
    /** `live` or `test`: which records notify it (decision D39). */
    environment: endpoint.environment,
    /** Where deliveries are POSTed; `null` for an in-process listener. */
    url: endpoint.url,
    /** Its signing secret, `whsec_…`. */
    secret: endpoint.secret,
    /** The event types it receives; `null` for all. */
    events: endpoint.events,
    /** True once it answered 410 (no more deliveries). */
    disabled: endpoint.disabled,
    /** When it was registered (ISO 8601). */
    created_at: formatTimestamp(endpoint.createdAt),
  };
}

function deliveryView(delivery: WebhookDelivery): DeliveryView {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    type: delivery.type,
    state: delivery.state,
    created_at: formatTimestamp(delivery.createdAt),
    next_attempt_at:
      delivery.nextAttemptAt === null ? null : formatTimestamp(delivery.nextAttemptAt),
    attempts: delivery.attempts.map((a) => ({
      at: formatTimestamp(a.at),
      status: a.status,
      error: a.error,
    })),
    event: JSON.parse(delivery.body),
  };
}

/** Builds the fault, webhook and inbound controls over a world getter. */
export function createGuaranteeControls(
  world: () => World,
  listeners: Map<string, WebhookListener>,
) {
  return {
    /**
     * The next `count` requests to `operationId` (any when omitted) answer 500 or 503.
     *
     * @throws UnknownValueError (a `TypeError`) for an operation id the contract does not have.
     */
    failNextRequests(
      params: { operationId?: OperationId; status?: 500 | 503; count?: number } = {},
    ): string {
      return injectRequestFailure(world(), params);
    },

    /**
     * The next `count` requests to `operationId` (any when omitted) are answered `ms` later.
     *
     * @throws UnknownValueError (a `TypeError`) for an operation id the contract does not have.
     */
    addLatency(params: { operationId?: OperationId; ms: number; count?: number }): string {
      return injectLatency(world(), params);
    },

    /** The next `count` campaigns processed (or the one named) fail with SYSTEM_DISPATCH_ERROR. */
    failNextDispatch(params: { campaignId?: string; count?: number } = {}): string {
      return injectDispatchFailure(world(), params);
    },

    /**
     * Messages to a carrier (`UNITEL`, …) are UNDELIVERED (CARRIER_OUTAGE) between two instants.
     *
     * @throws UnknownValueError (a `TypeError`) for a carrier the world never routes to.
     */
    carrierOutage(params: {
      destination: CarrierCode;
      from: Date | string | number;
      to: Date | string | number;
    }): string {
      return injectCarrierOutage(world(), {
        destination: params.destination,
        from: instant(params.from, 'from'),
        to: instant(params.to, 'to'),
      });
    },

    /** Removes one fault, or all of them. */
    clearFaults(id?: string): void {
      clearFaults(world(), id);
    },

    /** Armed faults. */
    faults(): FaultState {
      return structuredClone(world().faults);
    },

    /**
     * Registers a webhook endpoint: a `url` the mock POSTs to, or an in-process `listener`.
     * Returns it with its signing secret.
     */
    addWebhookEndpoint(params: {
      organizationId: string;
      url?: string;
      listener?: WebhookListener;
      secret?: string;
      events?: WebhookEventType[];
      environment?: Environment;
    }) {
      if (params.environment !== undefined) oneOf(params.environment, ENVIRONMENTS, 'environment');
      const endpoint = addWebhookEndpoint(world(), {
        organizationId: params.organizationId,
        url: params.url ?? null,
        ...(params.secret === undefined ? {} : { secret: params.secret }),
        ...(params.events === undefined ? {} : { events: params.events }),
        ...(params.environment === undefined ? {} : { environment: params.environment }),
      });
      if (params.listener !== undefined) listeners.set(endpoint.id, params.listener);
      return endpointView(endpoint);
    },

    /** Removes an endpoint (its pending deliveries fail). */
    removeWebhookEndpoint(endpointId: string): void {
      removeWebhookEndpoint(world(), endpointId);
      listeners.delete(endpointId);
    },

    /** Registered endpoints (of one organization when given). */
    webhookEndpoints(organizationId?: string) {
      return world()
        .webhooks.endpoints.filter(
          (e) => organizationId === undefined || e.organizationId === organizationId,
        )
        .map(endpointView);
    },

    /** The webhook outbox, oldest first: every delivery, its attempts and its next attempt. */
    outbox(
      filter: { endpointId?: string; type?: WebhookEventType; state?: DeliveryState } = {},
    ): DeliveryView[] {
      // A misspelt filter would match nothing, and an assertion on an empty outbox would pass.
      if (filter.type !== undefined) oneOf(filter.type, WEBHOOK_EVENT_TYPES, 'type');
      if (filter.state !== undefined) oneOf(filter.state, DELIVERY_STATES, 'state');
      return world()
        .webhooks.outbox.filter(
          (d) =>
            (filter.endpointId === undefined || d.endpointId === filter.endpointId) &&
            (filter.type === undefined || d.type === filter.type) &&
            (filter.state === undefined || d.state === filter.state),
        )
        .map(deliveryView);
    },

    /** An organization's webhook signing secret (used by endpoints registered without one). */
    webhookSecret(organizationId: string): string {
      return getOrganization(world(), organizationId).webhookSecret;
    },

    /**
     * A handset writes to a sender ID: `to` is the sender ID's name or id. `STOP` opts the number
     * out of that organization's messages; `START` opts it back in.
     */
    simulateInbound(params: {
      from: string;
      to: string;
      body: string;
      environment?: Environment;
      /** Needed when organizations share the sender ID name `to` (decision D69). */
      organizationId?: string;
    }) {
      if (params.environment !== undefined) oneOf(params.environment, ENVIRONMENTS, 'environment');
      const inbound = simulateInbound(world(), params);
      return {
        /** The inbound message's id. */
        id: inbound.id,
        /** The organization of the sender ID written to. */
        organization_id: inbound.organizationId,
        /** The handset, in E.164. */
        from: inbound.from,
        /** The sender ID written to. */
        to: inbound.to,
        /** The text. */
        body: inbound.body,
        /** `SMS` or `WHATSAPP`. */
        channel_type: inbound.channel,
        /** The message it answers, if any. */
        in_reply_to: inbound.inReplyTo,
        /** When it arrived (ISO 8601). */
        received_at: formatTimestamp(inbound.receivedAt),
      };
    },

    /** Inbound messages of an organization, oldest first. */
    inbound(organizationId: string) {
      return world()
        .inbound.filter((i) => i.organizationId === organizationId)
        .map((i) => ({
          /** The inbound message's id. */
          id: i.id,
          /** The handset, in E.164. */
          from: i.from,
          /** The sender ID written to. */
          to: i.to,
          /** The text. */
          body: i.body,
          /** `SMS` or `WHATSAPP`. */
          channel_type: i.channel,
          /** `live` or `test`. */
          environment: i.environment,
          /** The message it answers, if any. */
          in_reply_to: i.inReplyTo,
          /** When it arrived (ISO 8601). */
          received_at: formatTimestamp(i.receivedAt),
        }));
    },
  };
}

/**
 * The type of the guarantee controls: faults, webhook endpoints and the outbox, inbound messages.
 *
 * @interface
 */
export type GuaranteeControls = ReturnType<typeof createGuaranteeControls>;
