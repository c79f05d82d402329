/**
 * The shape of a `--state FILE`: a world snapshot (`mock.snapshot()`), with API keys kept
 * as prefix and SHA-256 instead of the key. Every field is checked on load, so a hand-edited
 * or damaged file is refused with the JSON path at fault instead of a 500 later. The compiler
 * checks that what this schema accepts is a `WorldSnapshot` (see `state-file.ts`), so a field
 * added to the world and not here fails the build rather than the load.
 */

import {
  type CampaignStatus,
  type MessageStatus,
  OPERATION_IDS,
  type OperationId,
  type WebhookEventType,
} from '@msgsvc/mock';
import { SNAPSHOT_VERSION, WEBHOOK_EVENT_TYPES } from '@msgsvc/mock/port';
import type { components } from '@msgsvc/sdk';
import { z } from 'zod';

/** Every value of a string union, as a tuple zod takes; the record makes the compiler list them all. */
const names = <T extends string>(all: Record<T, true>) => Object.keys(all) as [T, ...T[]];

// Epoch milliseconds: a whole number a `Date` can hold.
const MAX_TIME = 8_640_000_000_000_000;
const time = z.int('must be epoch milliseconds (a whole number)').min(0).max(MAX_TIME);
const id = z.string().min(1);
const micro = z.int('must be whole micro-units');
const count = z.int().min(0);
const environment = z.enum(['live', 'test']);
const channel = z.enum(names<components['schemas']['ChannelType']>({ SMS: true, WHATSAPP: true }));
const trigger = z.enum(
  names<components['schemas']['TriggerSource']>({ API_CLIENT: true, CUSTOMER_PORTAL: true }),
);
const messageStatus = z.enum(
  names<MessageStatus>({
    PENDING: true,
    SENT: true,
    DELIVERED: true,
    FAILED: true,
    UNDELIVERED: true,
    EXPIRED: true,
    REJECTED: true,
    CANCELLED: true,
  }),
);
const campaignStatus = z.enum(
  names<CampaignStatus>({
    DRAFT: true,
    PENDING: true,
    PROCESSING: true,
    SENDING: true,
    COMPLETED: true,
    FAILED: true,
  }),
);
const operationId = z.enum(OPERATION_IDS as [OperationId, ...OperationId[]]);
const eventType = z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]]);
const randomState = z.strictObject({ a: z.int(), b: z.int(), c: z.int(), d: z.int() });
const latency = z.tuple([z.number().min(0), z.number().min(0)]);

const task = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('campaign.process'), campaignId: id }),
  z.strictObject({ type: z.literal('message.dispatch'), messageId: id }),
  z.strictObject({
    type: z.literal('message.receipt'),
    messageId: id,
    event: z.enum(['delivered', 'undelivered']),
    errorCode: z.string().nullable(),
  }),
  z.strictObject({ type: z.literal('message.expire'), messageId: id }),
  z.strictObject({ type: z.literal('inbound.reply'), messageId: id, body: z.string() }),
  z.strictObject({ type: z.literal('webhook.deliver'), deliveryId: id }),
]);

const apiKeyFields = {
  id,
  name: z.string(),
  organizationId: id,
  environment,
  scopes: z.array(z.string()),
  revoked: z.boolean(),
  createdAt: time,
};

/** An API key as this version writes it: prefix and SHA-256 of the key, never the key. */
const hashedApiKey = z.strictObject({
  ...apiKeyFields,
  keyPrefix: z.string().regex(/^svc_(live|test)_/, 'must start with svc_live_ or svc_test_'),
  keySha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits'),
});

/** An API key as earlier versions wrote it, with the key itself (still loaded). */
const plainApiKey = z.strictObject({ ...apiKeyFields, key: z.string().min(1) });

const message = z.strictObject({
  id,
  organizationId: id,
  environment,
  billingAccountId: id,
  campaignId: id.nullable(),
  contactId: id.nullable(),
  senderId: id,
  externalId: z.string().nullable(),
  channel,
  destination: z.string(),
  provider: z.string().nullable(),
  e164: z.string(),
  content: z.string(),
  trigger,
  segments: count,
  encoding: z.enum(['GSM_7', 'UCS_2']).nullable(),
  cost: micro,
  charged: z.boolean(),
  refunded: z.boolean(),
  status: messageStatus,
  errorCode: z.string().nullable(),
  createdAt: time,
  updatedAt: time,
  row: count,
});

const campaign = z.strictObject({
  id,
  organizationId: id,
  environment,
  billingAccountId: id,
  name: z.string(),
  status: campaignStatus,
  trigger,
  fileMetadataId: z.string(),
  channel,
  senderId: id,
  content: z.string(),
  recipients: z.array(z.string()),
  invalidRecipients: z.array(z.string()),
  countryAlpha2: z.string(),
  totalEstimatedRecipients: count,
  estimatedCost: micro,
  outstanding: count,
  tagIds: z.array(id),
  scheduledAt: time,
  processAt: time,
  processedAt: time.nullable(),
  completedAt: time.nullable(),
  errorCode: z.string().nullable(),
  statusNote: z.string(),
  reasonOfPause: z.string().nullable(),
  createdAt: time,
  updatedAt: time,
});

/**
 * One kind of record's status histories, in columns: step i belongs to the record at
 * index `subjects[i]` of the file's list of those records; its status and error code are numbers
 * into the name lists beside the columns (checked in `state-file.ts`).
 */
function savedSteps<S extends string>(status: z.ZodType<S>) {
  return z.strictObject({
    statusNames: z.array(status),
    codeNames: z.array(z.string()),
    subjects: z.array(count),
    statuses: z.array(count),
    at: z.array(time),
    errorCodes: z.array(count),
  });
}

const storedResponse = z.strictObject({
  status: z.int().min(100).max(599),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});

/** The state file schema: a world snapshot of {@link SNAPSHOT_VERSION}. */
export const stateFileSchema = z.strictObject({
  version: z.literal(SNAPSHOT_VERSION),
  time,
  config: z.strictObject({
    seed: z.number(),
    prices: z.strictObject({
      SMS: z.record(z.string(), micro.min(0)),
      WHATSAPP: z.record(z.string(), micro.min(0)),
    }),
    simulation: z.strictObject({
      processingDelay: latency,
      dispatchLatency: latency,
      receiptLatency: latency,
      validityPeriod: z.number().min(0),
      outcomes: z.strictObject({
        DELIVERED: z.number().min(0),
        UNDELIVERED: z.number().min(0),
        EXPIRED: z.number().min(0),
        NO_RECEIPT: z.number().min(0),
        REJECTED: z.number().min(0),
        FAILED: z.number().min(0),
      }),
      undeliveredCodes: z.array(z.string()),
    }),
    prefixTable: z
      .array(
        z.strictObject({
          prefix: z.string().regex(/^\+\d+$/, 'must be + and digits'),
          route: z.strictObject({ destination: z.string(), provider: z.string().nullable() }),
        }),
      )
      .optional(),
  }),
  random: z.strictObject({ ids: randomState, traces: randomState, simulation: randomState }),
  idState: z.strictObject({ msecs: z.int().min(-1).max(MAX_TIME), seq: count }),
  scheduler: z.strictObject({
    tasks: z.array(z.strictObject({ at: time, seq: count, task })),
    nextSeq: count,
  }),
  organizations: z.array(
    z.strictObject({
      id,
      name: z.string(),
      defaultCountry: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code'),
      billingAccountId: id,
      defaultSenderId: id.nullable(),
      webhookSecret: z.string().startsWith('whsec_'),
      createdAt: time,
    }),
  ),
  accounts: z.array(
    z.strictObject({
      id,
      organizationId: id,
      currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code'),
      balance: micro,
      funded: micro,
    }),
  ),
  ledger: z.array(
    z.strictObject({
      id,
      billingAccountId: id,
      kind: z.enum(['FUNDING', 'CAMPAIGN_DEBIT', 'MESSAGE_DEBIT', 'REFUND']),
      amount: micro,
      balanceAfter: micro,
      at: time,
      campaignId: id.nullable(),
      messageId: id.nullable(),
      note: z.string(),
    }),
  ),
  apiKeys: z.array(z.union([hashedApiKey, plainApiKey])),
  senders: z.array(
    z.strictObject({
      id,
      organizationId: id,
      name: z.string().min(1),
      status: z.enum(['APPROVED', 'PENDING', 'REJECTED']),
      createdAt: time,
    }),
  ),
  contacts: z.array(
    z.strictObject({
      id,
      organizationId: id,
      name: z.string(),
      email: z.string().nullable(),
      e164: z.string().regex(/^\+\d{4,15}$/, 'must be an E.164 number'),
      tagIds: z.array(id),
      createdAt: time,
      updatedAt: time,
    }),
  ),
  tags: z.array(z.strictObject({ id, organizationId: id, name: z.string().min(1) })),
  messages: z.array(message),
  campaigns: z.array(campaign),
  rateLimits: z.strictObject({
    table: z.record(operationId, z.int().min(1).nullable()),
    windows: z.array(z.tuple([z.string(), z.strictObject({ start: time, count })])),
  }),
  idempotency: z.array(
    z.tuple([
      z.string(),
      z
        .strictObject({
          fingerprint: z.string(),
          createdAt: time,
          // Absent while the first request was still executing (JSON drops the `undefined`).
          response: storedResponse.optional(),
        })
        .transform((record) => ({ ...record, response: record.response })),
    ]),
  ),
  faults: z.strictObject({
    requestFailures: z.array(
      z.strictObject({
        id,
        operationId: operationId.nullable(),
        status: z.union([z.literal(500), z.literal(503)]),
        remaining: count,
      }),
    ),
    latencies: z.array(
      z.strictObject({ id, operationId: operationId.nullable(), ms: count, remaining: count }),
    ),
    dispatchFailures: z.array(z.strictObject({ id, campaignId: id.nullable(), remaining: count })),
    outages: z.array(z.strictObject({ id, destination: z.string(), from: time, to: time })),
  }),
  inbound: z.array(
    z.strictObject({
      id,
      organizationId: id,
      environment,
      senderId: id,
      from: z.string(),
      to: z.string(),
      body: z.string(),
      channel,
      inReplyTo: id.nullable(),
      receivedAt: time,
    }),
  ),
  optOuts: z.array(z.string()),
  webhooks: z.strictObject({
    endpoints: z.array(
      z.strictObject({
        id,
        organizationId: id,
        environment,
        url: z.string().nullable(),
        secret: z.string().startsWith('whsec_'),
        events: z.array(eventType).nullable(),
        disabled: z.boolean(),
        createdAt: time,
      }),
    ),
    outbox: z.array(
      z.strictObject({
        id,
        endpointId: id,
        type: eventType,
        orderKey: z.string(),
        body: z.string(),
        createdAt: time,
        attempts: z.array(
          z.strictObject({
            at: time,
            status: z.int().nullable(),
            error: z.string().nullable(),
            // Each absent from files written before it was recorded.
            location: z.string().max(2048).exactOptional(),
            signedAt: z.int().min(0).exactOptional(),
            durationMs: z.number().min(0).exactOptional(),
            answer: z
              .strictObject({
                body: z.string().max(2048),
                binary: z.boolean(),
                truncated: z.boolean(),
              })
              .exactOptional(),
          }),
        ),
        state: z.enum(['waiting', 'scheduled', 'in_flight', 'delivered', 'failed']),
        nextAttemptAt: time.nullable(),
      }),
    ),
  }),
  // Absent from files written before histories were kept: those load, each record with the
  // history its timestamps prove.
  history: z
    .strictObject({
      messages: savedSteps(messageStatus),
      campaigns: savedSteps(campaignStatus),
    })
    .optional(),
});

/** A parsed state file (API keys possibly hashed). */
export type StateFile = z.output<typeof stateFileSchema>;
