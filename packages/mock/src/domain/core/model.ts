/**
 * The records a world holds. Every record is plain data (strings, numbers, booleans, arrays of
 * them): the world can be snapshotted as JSON and restored exactly. Money is integer micro-units;
 * time is epoch milliseconds (rendered with microseconds at the edge).
 */
import type { components } from '@msgsvc/sdk';

/** The contract's schemas: the enums below are theirs, never written again by hand. */
type Schema = components['schemas'];

/** Live and test keys see separate data. */
export type Environment = 'live' | 'test';
/** Channels named by the service. */
export type ChannelType = Schema['ChannelType'];
/** The eight message statuses of Retrieve Message. */
export type MessageStatus = Schema['MessageStatus'];
/** The six campaign states. */
export type CampaignStatus = Schema['CampaignStatus'];
/** Where a request came from. */
export type TriggerSource = Schema['TriggerSource'];
/** SMS encodings (WhatsApp has none). */
export type Encoding = 'GSM_7' | 'UCS_2';

/** An organization: the unit of ownership and isolation. */
export interface Organization {
  /** The organization's id. */
  id: string;
  /** Display name. */
  name: string;
  /** Default region for numbers written without an international prefix. */
  defaultCountry: string;
  /** Its billing account. */
  billingAccountId: string;
  /** The sender ID used by `POST /messages` when none is given. */
  defaultSenderId: string | null;
  /** Signing secret of endpoints registered without one (`whsec_` + base64). */
  webhookSecret: string;
  /** Creation time, epoch milliseconds. */
  createdAt: number;
}

/** A billing account; the balance is integer micro-units of `currency`. */
export interface BillingAccount {
  /** The account's id. */
  id: string;
  /** The organization it belongs to. */
  organizationId: string;
  /** ISO 4217 code, e.g. `AOA`. */
  currency: string;
  /** What is left to spend, micro-units. */
  balance: number;
  /** Total ever funded: the ledger invariant is `balance = funded − Σ cost not refunded`. */
  funded: number;
}

/** Why money moved. */
export type LedgerKind = 'FUNDING' | 'CAMPAIGN_DEBIT' | 'MESSAGE_DEBIT' | 'REFUND';

/** One movement of money on a billing account. */
export interface LedgerEntry {
  /** The entry's id. */
  id: string;
  /** The account whose money moved. */
  billingAccountId: string;
  /** Why it moved. */
  kind: LedgerKind;
  /** Signed micro-units: credits positive, debits negative. */
  amount: number;
  /** The account's balance after this entry, micro-units. */
  balanceAfter: number;
  /** When, in world time (epoch milliseconds). */
  at: number;
  /** The campaign it concerns, if any. */
  campaignId: string | null;
  /** The message it concerns, if any. */
  messageId: string | null;
  /** A short human description. */
  note: string;
}

/** An API key. `key` is the full secret; only its prefix is ever displayed. */
export interface ApiKey {
  /** The key's id (not the secret). */
  id: string;
  /** The full key, `svc_live_…` or `svc_test_…`. */
  key: string;
  /** A label. */
  name: string;
  /** The organization it belongs to. */
  organizationId: string;
  /** `live` or `test`, from the prefix. */
  environment: Environment;
  /** Canonical scope strings. */
  scopes: string[];
  /** Revoked keys answer 401. */
  revoked: boolean;
  /** Creation time, epoch milliseconds. */
  createdAt: number;
}

/** Approval states of a sender ID. */
export type SenderIdStatus = 'APPROVED' | 'PENDING' | 'REJECTED';

/** A sender ID: the name handsets see, registered by an organization (`remitter_id` on the wire). */
export interface SenderId {
  /** The sender ID's id. */
  id: string;
  /** The organization it belongs to. */
  organizationId: string;
  /** The name handsets show, e.g. `MSGSVC`. */
  name: string;
  /** Only `APPROVED` sender IDs can send. */
  status: SenderIdStatus;
  /** Creation time, epoch milliseconds. */
  createdAt: number;
}

/** A contact of an organization's audience. */
export interface Contact {
  /** The contact's id. */
  id: string;
  /** The organization it belongs to. */
  organizationId: string;
  /** Display name. */
  name: string;
  /** Email address, or `null`. */
  email: string | null;
  /** Phone number in E.164. */
  e164: string;
  /** Tags it carries. */
  tagIds: string[];
  /** Creation time, epoch milliseconds. */
  createdAt: number;
  /** Last change, epoch milliseconds. */
  updatedAt: number;
}

/** An audience tag. */
export interface Tag {
  /** The tag's id. */
  id: string;
  /** The organization it belongs to. */
  organizationId: string;
  /** The tag, e.g. `vip`. */
  name: string;
}

/** A message, in the one internal shape every endpoint renders its own way. */
export interface MessageRecord {
  /** The message's id (UUID v7). */
  id: string;
  /** The organization that sent it. */
  organizationId: string;
  /** `live` or `test`: the key's environment. */
  environment: Environment;
  /** The billing account charged. */
  billingAccountId: string;
  /** The campaign it belongs to; `null` for a single send. */
  campaignId: string | null;
  /** The organization's contact with this number, if any. */
  contactId: string | null;
  /** Every message has a sender ID: list entries and the 201 of Send Message require it. */
  senderId: string;
  /** The caller's own reference, if given. */
  externalId: string | null;
  /** `SMS` or `WHATSAPP`. */
  channel: ChannelType;
  /** Carrier or route code (`channel_destination`). */
  destination: string;
  /** Gateway handler (`provider_name` / `provider_id`); null when never routed. */
  provider: string | null;
  /** The recipient, E.164. */
  e164: string;
  /** The text as sent. */
  content: string;
  /** What started it (`API`, …). */
  trigger: TriggerSource;
  /** SMS segments the text takes (0 before it is counted). */
  segments: number;
  /** `GSM_7` or `UCS_2`; `null` when not an SMS. */
  encoding: Encoding | null;
  /** Micro-units; 0 for messages never charged. */
  cost: number;
  /** Whether `cost` was debited from the balance (false for test keys and invalid numbers). */
  charged: boolean;
  /** Whether the charge was given back after a failure. */
  refunded: boolean;
  /** Where the message stands in its state machine. */
  status: MessageStatus;
  /** Why it failed, or `null`. */
  errorCode: string | null;
  /** Creation time, epoch milliseconds. */
  createdAt: number;
  /** Last change, epoch milliseconds. */
  updatedAt: number;
  /** Position in its tenant's creation order: the key of the list indexes (set when stored). */
  row: number;
}

/** A batch campaign. */
export interface CampaignRecord {
  /** The campaign's id (UUID v7). */
  id: string;
  /** The organization that sent it. */
  organizationId: string;
  /** `live` or `test`: the key's environment. */
  environment: Environment;
  /** The billing account charged. */
  billingAccountId: string;
  /** The campaign's name. */
  name: string;
  /** Where the campaign stands in its state machine. */
  status: CampaignStatus;
  /** What started it (`API`, …). */
  trigger: TriggerSource;
  /** The id of the recipients file the service records for a batch. */
  fileMetadataId: string;
  /** `SMS` or `WHATSAPP`. */
  channel: ChannelType;
  /** The sender ID's id. */
  senderId: string;
  /** The text sent to every recipient. */
  content: string;
  /** Distinct normalised recipients, until processing turns them into messages. */
  recipients: string[];
  /** Recipients that are not valid numbers, as written, until processing. */
  invalidRecipients: string[];
  /** The default region for recipients written without a country code. */
  countryAlpha2: string;
  /** Recipients counted at acceptance. */
  totalEstimatedRecipients: number;
  /** Σ cost over the campaign's recipients, micro-units (the 402 check). */
  estimatedCost: number;
  /** Messages not yet `SENT` or failed: the campaign completes when this reaches 0. */
  outstanding: number;
  /** Tags of the contacts the campaign reached. */
  tagIds: string[];
  /** When it was scheduled, epoch milliseconds. */
  scheduledAt: number;
  /**
   * When background processing is due: never before the previous campaign of its tenant, so
   * campaigns are processed in the order they were accepted.
   */
  processAt: number;
  /** When processing finished, or `null`. */
  processedAt: number | null;
  /** When its last message was settled, or `null`. */
  completedAt: number | null;
  /** Why it failed, or `null`. */
  errorCode: string | null;
  /** A sentence on its status for people. */
  statusNote: string;
  /** Why it is paused, or `null`. */
  reasonOfPause: string | null;
  /** Creation time, epoch milliseconds. */
  createdAt: number;
  /** Last change, epoch milliseconds. */
  updatedAt: number;
}

/** A message a handset sent to one of the organization's sender IDs. */
export interface InboundMessage {
  /** The inbound message's id (UUID v7). */
  id: string;
  /** The organization whose sender ID received it. */
  organizationId: string;
  /** `live` or `test`. */
  environment: Environment;
  /** The sender ID's id. */
  senderId: string;
  /** The handset, E.164. */
  from: string;
  /** The sender ID name it was sent to. */
  to: string;
  /** The text the handset sent. */
  body: string;
  /** `SMS` or `WHATSAPP`. */
  channel: ChannelType;
  /** The message it answers, or `null` when it names none. */
  inReplyTo: string | null;
  /** When it arrived, epoch milliseconds. */
  receivedAt: number;
}

/**
 * A copy of a message record. Written out field by field: an object spread of a record this wide
 * is about ten times slower, and snapshots copy every message.
 */
export function copyMessage(m: MessageRecord): MessageRecord {
  return {
    id: m.id,
    organizationId: m.organizationId,
    environment: m.environment,
    billingAccountId: m.billingAccountId,
    campaignId: m.campaignId,
    contactId: m.contactId,
    senderId: m.senderId,
    externalId: m.externalId,
    channel: m.channel,
    destination: m.destination,
    provider: m.provider,
    e164: m.e164,
    content: m.content,
    trigger: m.trigger,
    segments: m.segments,
    encoding: m.encoding,
    cost: m.cost,
    charged: m.charged,
    refunded: m.refunded,
    status: m.status,
    errorCode: m.errorCode,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    row: m.row,
  };
}
