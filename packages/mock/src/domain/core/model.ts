/**
 * The records a world holds, typed from `record-schemas.ts` (whose fields carry the docs): plain
 * data, so a world snapshots as JSON. Money is integer micro-units; time is epoch milliseconds.
 */
import type { components } from '@msgsvc/sdk';
// biome-ignore lint/style/noRestrictedImports: types only; the records are typed from their schemas.
import type { z } from 'zod';
import type { RecordSchemas } from './record-schemas';

/** The contract's schemas: the enums below are theirs, never written again by hand. */
type Schema = components['schemas'];
/** The record `K` as its schema outputs it. */
type Stored<K extends keyof RecordSchemas> = z.output<RecordSchemas[K]>;

export type { Environment, SenderIdStatus } from './vocabulary';
/** Channels named by the service. */
export type ChannelType = Schema['ChannelType'];
/** The eight message statuses of Retrieve Message. */
export type MessageStatus = Schema['MessageStatus'];
/** The six campaign states. */
export type CampaignStatus = Schema['CampaignStatus'];
/** Where a request came from. */
export type TriggerSource = Schema['TriggerSource'];
/** SMS encodings (WhatsApp has none). */
export type Encoding = NonNullable<MessageRecord['encoding']>;
/** Why money moved. */
export type LedgerKind = LedgerEntry['kind'];

/** An organization: the unit of ownership and isolation. */
export interface Organization extends Stored<'organization'> {}
/** A billing account; the balance is integer micro-units of `currency`. */
export interface BillingAccount extends Stored<'account'> {}
/** One movement of money on a billing account. */
export interface LedgerEntry extends Stored<'ledgerEntry'> {}
/** An API key. `key` is the full secret; only its prefix is ever displayed. */
export interface ApiKey extends Stored<'apiKey'> {}
/** A sender ID: the name handsets see, registered by an organization (`remitter_id` on the wire). */
export interface SenderId extends Stored<'sender'> {}
/** A contact of an organization's audience. */
export interface Contact extends Stored<'contact'> {}
/** An audience tag. */
export interface Tag extends Stored<'tag'> {}
/** A message, in the one internal shape every endpoint renders its own way. */
export interface MessageRecord extends Stored<'message'> {}
/** A batch campaign. */
export interface CampaignRecord extends Stored<'campaign'> {}
/** A message a handset sent to one of the organization's sender IDs. */
export interface InboundMessage extends Stored<'inbound'> {}

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
