/**
 * Helpers of the guarantees tests. Mostly what a webhook receiver does with a delivery: record it,
 * verify its signature (with the reference `standardwebhooks` package and with the SDK), and check
 * its headers and payload against the contract's `webhooks` section.
 */
import { verifyWebhook } from '@msgsvc/sdk/webhooks';
import { Webhook } from 'standardwebhooks';
import { expect, vi } from 'vitest';
import { contractValidator } from '../../../../openapi/test/support/contract-validator';
import type { WebhookListener, WebhookRequest } from '../../src/index';

// biome-ignore lint/suspicious/noExplicitAny: event payloads are asserted field by field.
export type Json = any;

const contract = contractValidator('openapi.yaml');

const pointers = {
  event: '/components/schemas/WebhookEvent',
  'webhook-id': '/components/parameters/WebhookIdHeader/schema',
  'webhook-timestamp': '/components/parameters/WebhookTimestampHeader/schema',
  'webhook-signature': '/components/parameters/WebhookSignatureHeader/schema',
};

function check(pointer: string, value: unknown, what: string): void {
  const errors = contract.errors(pointer, value);
  expect(errors, `${what} off the contract: ${JSON.stringify(value).slice(0, 300)}`).toEqual([]);
}

/** Asserts a delivery's three signature headers and its JSON body follow the contract. */
export function expectOnWebhookContract(request: WebhookRequest): void {
  check(pointers['webhook-id'], request.headers['webhook-id'], 'webhook-id');
  check(
    pointers['webhook-timestamp'],
    Number(request.headers['webhook-timestamp']),
    'webhook-timestamp',
  );
  check(pointers['webhook-signature'], request.headers['webhook-signature'], 'webhook-signature');
  expect(request.headers['content-type']).toBe('application/json');
  check(pointers.event, JSON.parse(request.body), 'webhook event');
}

/** The delivery's `webhook-timestamp`, in epoch milliseconds. */
function sentAt(request: WebhookRequest): number {
  return Number(request.headers['webhook-timestamp']) * 1000;
}

/**
 * Verifies with the reference implementation of Standard Webhooks. It compares the timestamp with
 * `Date.now()`, and the mock's deliveries carry the time of its virtual clock, so the check runs
 * with `Date` set to `now` (default: the moment of the delivery).
 */
export function verifyWithStandardWebhooks(
  request: WebhookRequest,
  secret: string,
  now = sentAt(request),
): unknown {
  vi.useFakeTimers({ now, toFake: ['Date'] });
  try {
    return new Webhook(secret).verify(request.body, { ...request.headers });
  } finally {
    vi.useRealTimers();
  }
}

/** Verifies with the SDK's `verifyWebhook`, on the given clock (default: the moment of delivery). */
export function verifyWithSdk(
  request: WebhookRequest,
  secret: string,
  now = sentAt(request),
): Promise<unknown> {
  return verifyWebhook(request.body, request.headers, secret, { now: () => now });
}

/** Both verifications, plus the contract check: what every received delivery must pass. */
export async function expectGenuine(request: WebhookRequest, secret: string): Promise<Json> {
  const parsed = JSON.parse(request.body);
  expect(verifyWithStandardWebhooks(request, secret)).toEqual(parsed);
  expect(await verifyWithSdk(request, secret)).toEqual(parsed);
  expectOnWebhookContract(request);
  return parsed;
}

/** A receiver: a listener for `addWebhookEndpoint` that records every request it gets. */
export interface Inbox {
  readonly listener: WebhookListener;
  /** Every request received, in arrival order (retries included). */
  readonly requests: WebhookRequest[];
  /** The parsed bodies of the requests it acknowledged (2xx), in arrival order. */
  acknowledged(): Json[];
}

/**
 * An in-process webhook receiver. `respond` picks the answer to the n-th request (0-based): a
 * status, or a thrown error; by default every request is acknowledged with 200.
 */
export function inbox(respond: (request: WebhookRequest, n: number) => number = () => 200): Inbox {
  const requests: WebhookRequest[] = [];
  const statuses: number[] = [];
  return {
    requests,
    listener: (request) => {
      const n = requests.length;
      requests.push({ headers: { ...request.headers }, body: request.body });
      statuses.push(0);
      const status = respond(request, n);
      statuses[n] = status;
      return status;
    },
    acknowledged: () =>
      requests
        .filter((_, i) => (statuses[i] ?? 0) >= 200 && (statuses[i] ?? 0) < 300)
        .map((request) => JSON.parse(request.body)),
  };
}

/** A timestamp as the service writes it (`YYYY-MM-DDTHH:MM:SS.ffffff+00:00`). */
export function iso(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '000+00:00');
}
