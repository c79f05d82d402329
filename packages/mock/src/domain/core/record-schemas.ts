// The one description of a world's records: `model.ts` types them from these schemas, a state file
// is checked with them. Only the port loads this: importing the mock never loads zod's full build.
import type { components } from '@msgsvc/sdk';
// biome-ignore lint/style/noRestrictedImports: a record's one description is its schema (validation stays in http; only the port loads this).
import { z } from 'zod';
import { ENVIRONMENTS, namesOf, SENDER_ID_STATUSES } from './vocabulary';

type Schema = components['schemas'];

/** The latest time a `Date` can hold, epoch milliseconds. */
export const MAX_TIME = 8_640_000_000_000_000;

/** The fields every record is made of. */
export const FIELDS = {
  /** Epoch milliseconds: a whole number a `Date` can hold. */
  time: z.int('must be epoch milliseconds (a whole number)').min(0).max(MAX_TIME),
  /** A record's id. */
  id: z.string().min(1),
  /** Money: integer micro-units. */
  micro: z.int('must be whole micro-units'),
  /** A whole number of things. */
  count: z.int().min(0),
};

const { time, id, micro, count } = FIELDS;
const environment = z.enum(ENVIRONMENTS);
const channel = z.enum(namesOf<Schema['ChannelType']>({ SMS: true, WHATSAPP: true }));
const trigger = z.enum(
  namesOf<Schema['TriggerSource']>({ API_CLIENT: true, CUSTOMER_PORTAL: true }),
);

/** The kinds of record one record can name, by the world's list of them. */
export type RecordKind =
  | 'organizations'
  | 'accounts'
  | 'senders'
  | 'tags'
  | 'contacts'
  | 'messages'
  | 'campaigns'
  | 'deliveries';

/** What the record schemas are made with: how a reference is checked and the status lists. */
export interface RecordSchemaOptions {
  /** The schema of an id naming a record of `kind` (a state file checks that the record exists). */
  ref(kind: RecordKind): z.ZodString;
  /** The message statuses. */
  messageStatus: z.ZodType<Schema['MessageStatus']>;
  /** The campaign states. */
  campaignStatus: z.ZodType<Schema['CampaignStatus']>;
}

/** The schema of each record of a world, its fields in the order a problem is looked for. */
export function recordSchemas(options: RecordSchemaOptions) {
  return {
    ...tenancySchemas(options),
    ...billingSchemas(options),
    ...addressBookSchemas(options),
    /** A message, in the one internal shape every endpoint renders its own way. */
    message: messageSchema(options),
    /** A batch campaign. */
    campaign: campaignSchema(options),
    /** A message a handset sent to one of the organization's sender IDs. */
    inbound: inboundSchema(options),
  };
}

/** A task of one type: its `type` and the fields of the record it works on. */
function taskOf<T extends string, F extends z.ZodRawShape>(type: T, fields: F) {
  return z.strictObject({
    /** What the task does. */
    type: z.literal(type),
    ...fields,
  });
}

/** Background work, organizations and their API keys. */
function tenancySchemas({ ref }: RecordSchemaOptions) {
  const onMessage = {
    /** The message it works on. */
    messageId: ref('messages'),
  };
  return {
    /** A unit of background work: what it does and the record it works on. */
    task: z.discriminatedUnion('type', [
      taskOf('campaign.process', {
        /** The campaign it processes. */
        campaignId: ref('campaigns'),
      }),
      taskOf('message.dispatch', onMessage),
      taskOf('message.receipt', {
        ...onMessage,
        // The receipt's message event, spelled here because core/ knows no concept: the engine
        // hands it to `receiveReceipt`, so tsc fails there if the message machine drops one.
        /** What the receipt says happened. */
        event: z.enum(['delivered', 'undelivered']),
        /** The carrier's error code, when the message was not delivered. */
        errorCode: z.string().nullable(),
      }),
      taskOf('message.expire', onMessage),
      taskOf('inbound.reply', {
        ...onMessage,
        /** The reply's text. */
        body: z.string(),
      }),
      taskOf('webhook.deliver', {
        /** The delivery it attempts. */
        deliveryId: ref('deliveries'),
      }),
    ]),
    /** An organization: the unit of ownership and isolation. */
    organization: z.strictObject({
      /** The organization's id. */
      id,
      /** Display name. */
      name: z.string(),
      /** Default region for numbers written without an international prefix. */
      defaultCountry: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code'),
      /** Its billing account. */
      billingAccountId: ref('accounts'),
      /** The sender ID used by `POST /messages` when none is given. */
      defaultSenderId: ref('senders').nullable(),
      /** Signing secret of endpoints registered without one (`whsec_` + base64). */
      webhookSecret: z.string().startsWith('whsec_'),
      /** Creation time, epoch milliseconds. */
      createdAt: time,
    }),
    /** An API key. `key` is the full secret; only its prefix is ever displayed. */
    apiKey: z.strictObject({
      /** The key's id (not the secret). */
      id,
      /** A label. */
      name: z.string(),
      /** The organization it belongs to. */
      organizationId: ref('organizations'),
      /** `live` or `test`, from the prefix. */
      environment,
      /** Canonical scope strings. */
      scopes: z.array(z.string()),
      /** Revoked keys answer 401. */
      revoked: z.boolean(),
      /** Creation time, epoch milliseconds. */
      createdAt: time,
      /** The full key, `svc_live_…` or `svc_test_…`. */
      key: z.string().min(1),
    }),
  };
}

/** Billing accounts and their ledger. */
function billingSchemas({ ref }: RecordSchemaOptions) {
  return {
    /** A billing account; the balance is integer micro-units of `currency`. */
    account: z.strictObject({
      /** The account's id. */
      id,
      /** The organization it belongs to. */
      organizationId: ref('organizations'),
      /** ISO 4217 code, e.g. `AOA`. */
      currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code'),
      /** What is left to spend, micro-units. */
      balance: micro,
      /** Total ever funded: the ledger invariant is `balance = funded − Σ cost not refunded`. */
      funded: micro,
    }),
    /** One movement of money on a billing account. */
    ledgerEntry: z.strictObject({
      /** The entry's id. */
      id,
      /** The account whose money moved. */
      billingAccountId: ref('accounts'),
      /** Why it moved. */
      kind: z.enum(['FUNDING', 'CAMPAIGN_DEBIT', 'MESSAGE_DEBIT', 'REFUND']),
      /** Signed micro-units: credits positive, debits negative. */
      amount: micro,
      /** The account's balance after this entry, micro-units. */
      balanceAfter: micro,
      /** When, in world time (epoch milliseconds). */
      at: time,
      /** The campaign it concerns, if any. */
      campaignId: ref('campaigns').nullable(),
      /** The message it concerns, if any. */
      messageId: ref('messages').nullable(),
      /** A short human description. */
      note: z.string(),
    }),
  };
}

/** Sender IDs, contacts and tags. */
function addressBookSchemas({ ref }: RecordSchemaOptions) {
  return {
    /** A sender ID: the name handsets see, registered by an organization (`remitter_id`). */
    sender: z.strictObject({
      /** The sender ID's id. */
      id,
      /** The organization it belongs to. */
      organizationId: ref('organizations'),
      /** The name handsets show, e.g. `MSGSVC`. */
      name: z.string().min(1),
      /** Only `APPROVED` sender IDs can send. */
      status: z.enum(SENDER_ID_STATUSES),
      /** Creation time, epoch milliseconds. */
      createdAt: time,
    }),
    /** A contact of an organization's audience. */
    contact: z.strictObject({
      /** The contact's id. */
      id,
      /** The organization it belongs to. */
      organizationId: ref('organizations'),
      /** Display name. */
      name: z.string(),
      /** Email address, or `null`. */
      email: z.string().nullable(),
      /** Phone number in E.164. */
      e164: z.string().regex(/^\+\d{4,15}$/, 'must be an E.164 number'),
      /** Tags it carries. */
      tagIds: z.array(ref('tags')),
      /** Creation time, epoch milliseconds. */
      createdAt: time,
      /** Last change, epoch milliseconds. */
      updatedAt: time,
    }),
    /** An audience tag. */
    tag: z.strictObject({
      /** The tag's id. */
      id,
      /** The organization it belongs to. */
      organizationId: ref('organizations'),
      /** The tag, e.g. `vip`. */
      name: z.string().min(1),
    }),
  };
}

function messageSchema({ ref, messageStatus }: RecordSchemaOptions) {
  return z.strictObject({
    /** The message's id (UUID v7). */
    id,
    /** The organization that sent it. */
    organizationId: ref('organizations'),
    /** `live` or `test`: the key's environment. */
    environment,
    /** The billing account charged. */
    billingAccountId: ref('accounts'),
    /** The campaign it belongs to; `null` for a single send. */
    campaignId: ref('campaigns').nullable(),
    /** The organization's contact with this number, if any. */
    contactId: ref('contacts').nullable(),
    /** Every message has a sender ID: list entries and the 201 of Send Message require it. */
    senderId: ref('senders'),
    /** The caller's own reference, if given. */
    externalId: z.string().nullable(),
    /** `SMS` or `WHATSAPP`. */
    channel,
    /** Carrier or route code (`channel_destination`). */
    destination: z.string(),
    /** Gateway handler (`provider_name` / `provider_id`); null when never routed. */
    provider: z.string().nullable(),
    /** The recipient, E.164. */
    e164: z.string(),
    /** The text as sent. */
    content: z.string(),
    /** What started it (`API`, …). */
    trigger,
    /** SMS segments the text takes (0 before it is counted). */
    segments: count,
    /** `GSM_7` or `UCS_2`; `null` when not an SMS. */
    encoding: z.enum(['GSM_7', 'UCS_2']).nullable(),
    /** Micro-units; 0 for messages never charged. */
    cost: micro,
    /** Whether `cost` was debited from the balance (false for test keys and invalid numbers). */
    charged: z.boolean(),
    /** Whether the charge was given back after a failure. */
    refunded: z.boolean(),
    /** Where the message stands in its state machine. */
    status: messageStatus,
    /** Why it failed, or `null`. */
    errorCode: z.string().nullable(),
    /** Creation time, epoch milliseconds. */
    createdAt: time,
    /** Last change, epoch milliseconds. */
    updatedAt: time,
    /** Position in its tenant's creation order: the key of the list indexes (set when stored). */
    row: count,
  });
}

function campaignSchema({ ref, campaignStatus }: RecordSchemaOptions) {
  return z.strictObject({
    /** The campaign's id (UUID v7). */
    id,
    /** The organization that sent it. */
    organizationId: ref('organizations'),
    /** `live` or `test`: the key's environment. */
    environment,
    /** The billing account charged. */
    billingAccountId: ref('accounts'),
    /** The campaign's name. */
    name: z.string(),
    /** Where the campaign stands in its state machine. */
    status: campaignStatus,
    /** What started it (`API`, …). */
    trigger,
    /** The id of the recipients file the service records for a batch. */
    fileMetadataId: z.string(),
    /** `SMS` or `WHATSAPP`. */
    channel,
    /** The sender ID's id. */
    senderId: ref('senders'),
    /** The text sent to every recipient. */
    content: z.string(),
    /** Distinct normalised recipients, until processing turns them into messages. */
    recipients: z.array(z.string()),
    /** Recipients that are not valid numbers, as written, until processing. */
    invalidRecipients: z.array(z.string()),
    /** The default region for recipients written without a country code. */
    countryAlpha2: z.string(),
    /** Recipients counted at acceptance. */
    totalEstimatedRecipients: count,
    /** Σ cost over the campaign's recipients, micro-units (the 402 check). */
    estimatedCost: micro,
    /** Messages not yet `SENT` or failed: the campaign completes when this reaches 0. */
    outstanding: count,
    /** Tags of the contacts the campaign reached. */
    tagIds: z.array(ref('tags')),
    /** When it was scheduled, epoch milliseconds. */
    scheduledAt: time,
    /** When processing is due: never before its tenant's previous campaign (acceptance order). */
    processAt: time,
    /** When processing finished, or `null`. */
    processedAt: time.nullable(),
    /** When its last message was settled, or `null`. */
    completedAt: time.nullable(),
    /** Why it failed, or `null`. */
    errorCode: z.string().nullable(),
    /** A sentence on its status for people. */
    statusNote: z.string(),
    /** Why it is paused, or `null`. */
    reasonOfPause: z.string().nullable(),
    /** Creation time, epoch milliseconds. */
    createdAt: time,
    /** Last change, epoch milliseconds. */
    updatedAt: time,
  });
}

function inboundSchema({ ref }: RecordSchemaOptions) {
  return z.strictObject({
    /** The inbound message's id (UUID v7). */
    id,
    /** The organization whose sender ID received it. */
    organizationId: ref('organizations'),
    /** `live` or `test`. */
    environment,
    /** The sender ID's id. */
    senderId: ref('senders'),
    /** The handset, E.164. */
    from: z.string(),
    /** The sender ID name it was sent to. */
    to: z.string(),
    /** The text the handset sent. */
    body: z.string(),
    /** `SMS` or `WHATSAPP`. */
    channel,
    /** The message it answers, or `null` when it names none. */
    inReplyTo: id.nullable(),
    /** When it arrived, epoch milliseconds. */
    receivedAt: time,
  });
}

/** The schemas of {@link recordSchemas}, by record. */
export type RecordSchemas = ReturnType<typeof recordSchemas>;
