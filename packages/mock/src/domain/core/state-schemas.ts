// The one description of a world's saved state beside its records: the concepts type their state
// from it. Like `record-schemas.ts`, only the port loads this.
// biome-ignore lint/style/noRestrictedImports: saved state's one description is its schema (validation stays in http; only the port loads this).
import { z } from 'zod';
import { OPERATION_IDS } from './operation-ids';
import { FIELDS, type RecordSchemaOptions } from './record-schemas';
import { DELIVERY_STATES, ENVIRONMENTS, WEBHOOK_EVENT_TYPES } from './vocabulary';

const { time, id, count } = FIELDS;
const eventType = z.enum(WEBHOOK_EVENT_TYPES);
const operationId = z.enum(OPERATION_IDS);

const answerBody = z.strictObject({
  /** The text (at most 2,048 bytes of UTF-8), or a binary body's first bytes in hex. */
  body: z.string().max(2048),
  /** The body is not UTF-8 text (or holds control characters): `body` is hex. */
  binary: z.boolean(),
  /** More came (or was still coming when the attempt's deadline passed) than was kept. */
  truncated: z.boolean(),
});

const webhookAttempt = z.strictObject({
  /** When it was made: world time, epoch milliseconds. */
  at: time,
  /** HTTP status, or `null` when no answer came (connection error, exception). */
  status: z.int().nullable(),
  /** Why no answer came (the transport's error message), or `null`. */
  error: z.string().nullable(),
  // Each optional field below is absent from snapshots taken before it was recorded.
  /** The `Location` a 3xx answer named (cut to 2048 characters); never followed. */
  location: z.string().max(2048).exactOptional(),
  /** The `webhook-timestamp` it was signed with: the wall-clock second it was sent (Unix). */
  signedAt: z.int().min(0).exactOptional(),
  /** Wall-clock milliseconds from sending to the receiver's status (or to the failure). */
  durationMs: z.number().min(0).exactOptional(),
  /** The receiver's response body; absent when it had none, and for an in-process listener. */
  answer: answerBody.exactOptional(),
});

const storedResponse = z.strictObject({
  /** The HTTP status. */
  status: z.int().min(100).max(599),
  /** The response headers. */
  headers: z.record(z.string(), z.string()),
  /** The response body, as sent. */
  body: z.string(),
});

/** What every fault has. */
const fault = {
  /** The fault's id (for `clearFaults`). */
  id,
};

/** What a fault that fires a number of times for an operation has. */
const requestFault = {
  ...fault,
  /** The operation it applies to; `null` for any. */
  operationId: operationId.nullable(),
};

const webhookDelivery = z.strictObject({
  /** Also the `webhook-id` header: stable across retries, so receivers can deduplicate. */
  id,
  /** The endpoint it goes to. */
  endpointId: id,
  /** The event type, e.g. `message.status_updated`. */
  type: eventType,
  /** Deliveries with the same key go out in order (one subject's events). */
  orderKey: z.string(),
  /** The signed JSON payload, exactly as sent. */
  body: z.string(),
  /** When the event happened, epoch milliseconds. */
  createdAt: time,
  /** Every attempt so far, oldest first. */
  attempts: z.array(webhookAttempt),
  /** Where the delivery stands. */
  state: z.enum(DELIVERY_STATES),
  /** When the next attempt is due, or `null`. */
  nextAttemptAt: time.nullable(),
});

const faults = z.strictObject({
  /** Requests that will answer 500 or 503 without executing. */
  requestFailures: z.array(
    z.strictObject({
      ...requestFault,
      /** The status the requests answer. */
      status: z.union([z.literal(500), z.literal(503)]),
      /** Requests still to hit. */
      remaining: count,
    }),
  ),
  /** Requests that will be answered late (wall-clock time), by `ms` milliseconds. */
  latencies: z.array(
    z.strictObject({
      ...requestFault,
      /** The delay, in milliseconds. */
      ms: count,
      /** Requests still to hit. */
      remaining: count,
    }),
  ),
  /** Campaigns whose dispatch will fail with `SYSTEM_DISPATCH_ERROR`. */
  dispatchFailures: z.array(
    z.strictObject({
      ...fault,
      /** The campaign it applies to; `null` for the next ones processed. */
      campaignId: id.nullable(),
      /** Campaigns still to fail. */
      remaining: count,
    }),
  ),
  /** Carrier outages: messages to `destination` are `UNDELIVERED` between `from` and `to`. */
  outages: z.array(
    z.strictObject({
      ...fault,
      /** The carrier code, e.g. `UNITEL`. */
      destination: z.string(),
      /** Start of the outage, epoch milliseconds on the world's clock. */
      from: time,
      /** End of the outage, epoch milliseconds on the world's clock. */
      to: time,
    }),
  ),
});

const idempotencyRecord = z.strictObject({
  /** The first request's fingerprint. */
  fingerprint: z.string(),
  /** When the key was first used, epoch milliseconds. */
  createdAt: time,
  /** The first request's response; absent while that request is still executing. */
  response: storedResponse.optional(),
});

const rateLimitWindow = z.strictObject({
  /** When the window opened, epoch milliseconds. */
  start: time,
  /** Requests counted in it. */
  count,
});

/** The schema of each part of a world's saved state that its records do not hold. */
export function stateSchemas({ ref }: Pick<RecordSchemaOptions, 'ref'>) {
  return {
    /** A registered webhook endpoint. `url: null` means an in-process listener. */
    webhookEndpoint: z.strictObject({
      /** The endpoint's id. */
      id,
      /** The organization whose events it receives. */
      organizationId: ref('organizations'),
      /** The environment (`live` or `test`) whose events it receives. */
      environment: z.enum(ENVIRONMENTS),
      /** Where deliveries are sent; `null` for an in-process listener. */
      url: z.string().nullable(),
      /** The Standard Webhooks signing secret, `whsec_…`. */
      secret: z.string().startsWith('whsec_'),
      /** Event types it receives; `null` = all. */
      events: z.array(eventType).nullable(),
      /** True once disabled: it receives nothing more. */
      disabled: z.boolean(),
      /** When it was registered, in world time (epoch milliseconds). */
      createdAt: time,
    }),
    /** A receiver's answer body as an attempt keeps it. */
    answerBody,
    /** One attempt at a webhook delivery. */
    webhookAttempt,
    /** An outbox entry: one event for one endpoint. */
    webhookDelivery,
    /** Injected faults of a world. */
    faults,
    /** A response an idempotency record replays as it was. */
    storedResponse,
    /** One remembered `Idempotency-Key`. */
    idempotencyRecord,
    /** One key's rate-limit window for one operation. */
    rateLimitWindow,
  };
}

/** The schemas of {@link stateSchemas}, by part. */
type StateSchemas = ReturnType<typeof stateSchemas>;
/** The part `K` of a world's saved state as its schema outputs it. */
export type SavedState<K extends keyof StateSchemas> = z.output<StateSchemas[K]>;
