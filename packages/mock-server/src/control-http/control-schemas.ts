/**
 * zod schemas of the control API's request bodies and queries (the same rules as
 * `openapi/control.yaml`). Objects are strict: an unknown field is a `VALIDATION_ERROR`, so a typo
 * never silently does nothing.
 */

import { OPERATION_IDS, type OperationId } from '@msgsvc/mock';
import {
  DELIVERY_STATES,
  textProblem,
  UUID_PATTERN,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SECRET_PATTERN,
} from '@msgsvc/mock/port';
import { z } from 'zod';
import { pagingParams } from '../http/paging-params';
import { ENVIRONMENTS } from '../query/query-vocabulary';
import { worldFileSchema } from '../worlds/world-file-schema';

const MONEY = /^\d{1,12}(\.\d{1,6})?$/;
const money = z
  .string('Must be a decimal string.')
  .regex(MONEY, 'Must be a decimal string such as "1000.50" (up to six fraction digits).');
/** Text a handset or a person will read: no unpaired surrogate, no NUL. */
function sendable(schema: z.ZodString) {
  return schema.check((ctx) => {
    const problem = textProblem(ctx.value);
    if (problem !== undefined)
      ctx.issues.push({ code: 'custom', input: ctx.value, message: problem });
  });
}

/** A string of 1 to `max` characters. */
function text(max: number) {
  return z
    .string('Must be a string.')
    .min(1, 'Must not be empty.')
    .max(max, `Must be at most ${max} characters.`);
}

/** An integer from `min` to `max`. */
function integer(min: number, max: number) {
  return z
    .number('Must be a number.')
    .int('Must be an integer.')
    .min(min, min === 0 ? 'Must not be negative.' : `Must be at least ${min}.`)
    .max(max, `Must be at most ${max}.`);
}

/** One of a few values, the message naming them all: "Must be live or test.". */
function oneOf<const T extends readonly string[]>(values: T) {
  const last = values[values.length - 1];
  const listed = values.length === 1 ? last : `${values.slice(0, -1).join(', ')} or ${last}`;
  return z.enum(values, `Must be ${listed}.`);
}

/** One of a long list, the message naming them all: "Must be one of …". */
function oneOfList<const T extends readonly string[]>(values: T) {
  return z.enum(values, `Must be one of ${values.join(', ')}.`);
}

const name = sendable(text(200));
const environment = oneOf(ENVIRONMENTS);
const senderStatus = oneOf(['APPROVED', 'PENDING', 'REJECTED']);
/** A string of at least one character; `message` for anything else. */
const filled = (message: string) => z.string(message).min(1, message);
/** An upper-case code (a carrier, an error), `message` naming one for anything else. */
const code = (message: string) => z.string(message).regex(/^[A-Z][A-Z0-9_]{0,63}$/, message);
/** A label for people (a snapshot's, a world's name). */
const label = text(200).exactOptional();
const phone = filled('Must be a phone number.');

/** `POST /__mock/organizations`. */
export const createOrganizationBody = z.strictObject({
  name,
  default_country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Must be an ISO 3166-1 alpha-2 code such as AO.')
    .exactOptional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Must be an ISO 4217 code such as AOA.')
    .exactOptional(),
  balance: money.exactOptional(),
  // In-process `createOrganization` takes it too: one vocabulary both ways.
  webhook_secret: z
    .string('Must be a string.')
    .regex(WEBHOOK_SECRET_PATTERN, 'Must be whsec_ followed by base64 of 24 to 64 bytes.')
    .exactOptional(),
});

/** `POST /__mock/organizations/{organization_id}/fund`. */
export const fundBody = z.strictObject({ amount: money });

/** `POST /__mock/organizations/{organization_id}/api-keys`. */
export const issueKeyBody = z.strictObject({
  environment: environment.exactOptional(),
  scopes: z.array(z.string()).exactOptional(),
  name: name.exactOptional(),
  key: z.string().exactOptional(),
});

/** `POST /__mock/organizations/{organization_id}/sender-ids`. */
export const createSenderIdBody = z.strictObject({
  name: sendable(text(15)),
  status: senderStatus.exactOptional(),
  make_default: z.boolean('Must be true or false.').exactOptional(),
});

/** `PATCH /__mock/sender-ids/{sender_id}`. */
export const updateSenderIdBody = z.strictObject({ status: senderStatus });

/** `POST /__mock/organizations/{organization_id}/tags`. */
export const createTagBody = z.strictObject({ name });

/** `POST /__mock/organizations/{organization_id}/contacts`. */
export const createContactBody = z.strictObject({
  name,
  number: z.string('Must be a phone number.').min(1, 'Must not be empty.'),
  email: z.string().email('Must be an email address.').nullable().exactOptional(),
  tag_ids: z.array(z.string()).exactOptional(),
});

/** `POST /__mock/clock/advance`: at most 30 days in one step. */
export const advanceBody = z.strictObject({
  ms: z
    .number('Must be a number of milliseconds.')
    .int('Must be an integer.')
    .min(0, 'Must not be negative.')
    .max(30 * 86_400_000, 'Must be at most 30 days.'),
});

/**
 * `PUT /__mock/rate-limits`. `limits` is keyed by operation id: a strict object, not a record, so
 * an unknown key (`sendMesage`, `__proto__`, `toString`) is named in `fields` instead of being
 * dropped or stored.
 */
const OPERATION_LIST = `Must be one of ${OPERATION_IDS.join(', ')}.`;

export const rateLimitsBody = z.strictObject({
  disabled: z.boolean('Must be true or false.').exactOptional(),
  limits: z
    .strictObject(
      Object.fromEntries(
        OPERATION_IDS.map((id) => [
          id,
          z
            .number('Must be a positive integer or null.')
            .int('Must be a positive integer or null.')
            .min(1, 'Must be a positive integer or null.')
            .nullable()
            .exactOptional(),
        ]),
      ) as Record<OperationId, z.ZodExactOptional<z.ZodNullable<z.ZodNumber>>>,
      // A misspelt id is named with the valid ones, not only as "Unknown field.".
      { error: (issue) => (issue.code === 'unrecognized_keys' ? OPERATION_LIST : undefined) },
    )
    .exactOptional(),
});

/** `?environment=` of the campaign read. */
export const environmentQuery = z.strictObject({ environment: environment.exactOptional() });

const uuid = z.string('Must be a UUID.').regex(UUID_PATTERN, 'Must be a UUID.');
// The vocabularies come from the contract's generated types, never a list written again.
const operationId = oneOfList(OPERATION_IDS);
const count = integer(1, 1_000_000);
const instant = filled('Must be an ISO 8601 date-time with an offset.');
const eventType = oneOfList(WEBHOOK_EVENT_TYPES);

/** `POST /__mock/faults/request-failures`. */
export const requestFailureBody = z.strictObject({
  operation_id: operationId.exactOptional(),
  status: z.union([z.literal(500), z.literal(503)], 'Must be 500 or 503.').exactOptional(),
  count: count.exactOptional(),
});

/** `POST /__mock/faults/latencies`: at most a minute, so a forgotten fault cannot hang a suite. */
export const latencyBody = z.strictObject({
  operation_id: operationId.exactOptional(),
  ms: integer(0, 60_000),
  count: count.exactOptional(),
});

/** `POST /__mock/faults/campaign-failures`. */
export const dispatchFailureBody = z.strictObject({
  campaign_id: uuid.exactOptional(),
  count: count.exactOptional(),
});

/** `POST /__mock/faults/carrier-outages`. */
export const carrierOutageBody = z.strictObject({
  destination: code('Must be a carrier code such as UNITEL.'),
  from: instant,
  to: instant,
});

/** `POST /__mock/organizations/{organization_id}/webhook-endpoints`. */
export const webhookEndpointBody = z.strictObject({
  url: z.string('Must be an http(s) URL.').regex(/^https?:\/\/\S+$/, 'Must be an http(s) URL.'),
  secret: z.string().exactOptional(),
  events: z.array(eventType).min(1, 'Must name at least one event type.').exactOptional(),
  environment: environment.exactOptional(),
});

/**
 * `?q=&offset=&limit=` of `GET /__mock/messages` and `GET /__mock/campaigns`: `q` in the filter
 * language, which the route parses itself so that its errors can name the valid keys.
 */
export const filteredListQuery = z.strictObject({
  q: z.string('Must be a string.').max(500, 'Must be at most 500 characters.').exactOptional(),
  ...pagingParams,
});

/** `?endpoint_id=&type=&state=` of the outbox. */
export const outboxQuery = z.strictObject({
  endpoint_id: uuid.exactOptional(),
  type: eventType.exactOptional(),
  state: oneOf(DELIVERY_STATES).exactOptional(),
});

/** `POST /__mock/webhooks/outbox/redeliver-failed`; the body may be empty. */
export const redeliverFailedBody = z.strictObject({
  endpoint_id: uuid.exactOptional(),
  type: eventType.exactOptional(),
  limit: integer(1, 1000).exactOptional(),
});

/** `POST /__mock/inbound`. */
export const inboundBody = z.strictObject({
  from: phone,
  to: filled('Must be a sender ID name or id.'),
  body: sendable(text(10_000)),
  environment: environment.exactOptional(),
  organization_id: uuid.exactOptional(),
});

/** `POST /__mock/trigger`: which fields each type reads is the trigger's own check. */
export const triggerBody = z.strictObject({
  type: eventType,
  message_id: uuid.exactOptional(),
  campaign_id: uuid.exactOptional(),
  status: oneOf([
    'SENT',
    'DELIVERED',
    'FAILED',
    'UNDELIVERED',
    'EXPIRED',
    'REJECTED',
    'CANCELLED',
    'COMPLETED',
  ]).exactOptional(),
  error_code: code('Must be an error code such as ABSENT_SUBSCRIBER.').exactOptional(),
  organization_id: uuid.exactOptional(),
  environment: environment.exactOptional(),
  from: phone.exactOptional(),
  to: z.string('Must be a string.').min(1, 'Must not be empty.').exactOptional(),
  body: sendable(text(10_000)).exactOptional(),
});

/** `POST /__mock/snapshots`: the name is optional, a label for people. */
export const takeSnapshotBody = z.strictObject({
  name: label,
});

/**
 * `POST /__mock/worlds`: every field optional; what is not given is the server's (its clock and
 * seed; the demo world as the starting organizations).
 */
export const createWorldBody = z.strictObject({
  name: label,
  clock: oneOf(['real', 'virtual']).exactOptional(),
  seed: z
    .number('Must be an integer.')
    .int('Must be an integer.')
    .min(0, 'Must not be negative.')
    .max(2 ** 32 - 1, 'Must be at most 4294967295.')
    .exactOptional(),
  start_time: z
    .string('Must be an ISO 8601 date-time with an offset.')
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i,
      'Must be an ISO 8601 date-time with an offset, e.g. 2026-01-01T09:00:00Z.',
    )
    .refine((text) => Number.isFinite(Date.parse(text.replace(/(\.\d{3})\d+/, '$1'))), {
      message: 'Must be an ISO 8601 date-time with an offset, e.g. 2026-01-01T09:00:00Z.',
    })
    .exactOptional(),
  world: worldFileSchema.exactOptional(),
});

/** What `POST /__mock/worlds` was asked for. */
export type CreateWorldInput = z.infer<typeof createWorldBody>;

/** `POST /__mock/worlds/{world_id}/fork`. */
export const forkWorldBody = z.strictObject({
  name: label,
});
