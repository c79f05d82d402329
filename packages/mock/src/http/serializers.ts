/**
 * Renders domain records in the exact shape each endpoint's contract gives. The shapes differ on
 * purpose (`target_e164` vs `e164_format`, `remitter_id` vs `sms_remitter_id`, `provider_name` vs
 * `provider_id`): each function writes exactly its endpoint's names and nothing else.
 */
import type { components } from '@msgsvc/sdk';
import { formatMoney } from '@msgsvc/sdk/sms';
import type { CampaignRecord, MessageRecord } from '../domain/core/model';
import { formatTimestamp as ts } from '../domain/core/time-format';
import type { ReadonlyWorld } from '../domain/engine/readonly-world';
import { MESSAGE_STATUS_TRAITS } from '../domain/messages/message-machine';
import { pageCount } from '../domain/storage/query';

/** The contract's schemas: every body below `satisfies` one, so a drift fails `tsc`. */
type Schema = components['schemas'];

/** An entry of `GET /messages`. */
export function messageListEntry(message: MessageRecord) {
  return {
    id: message.id,
    remitter_id: message.senderId,
    campaign_id: message.campaignId,
    contact_id: message.contactId,
    channel_type: message.channel,
    channel_destination: message.destination,
    target_e164: message.e164,
    content: message.content,
    status: MESSAGE_STATUS_TRAITS[message.status].listStatus,
    error_code: message.errorCode,
    created_at: ts(message.createdAt),
    updated_at: ts(message.updatedAt),
  } satisfies Schema['MessageListEntry'];
}

/** The sender ID a record names. Sender IDs are never removed, so a missing one is a bug here. */
function senderOf(world: ReadonlyWorld, id: string): Schema['SmsRemitter'] {
  const sender = world.senders.get(id);
  if (sender === undefined) throw new Error(`The sender ID ${id} is missing from the world.`);
  return {
    /** The sender ID's id. */
    id: sender.id,
    /** The sender ID's name, as handsets show it. */
    name: sender.name,
  };
}

/** The body of `GET /messages/{message_id}`. */
export function messageDetail(world: ReadonlyWorld, message: MessageRecord) {
  return {
    /** The message's id (UUID v7). */
    id: message.id,
    /** The organization that sent it. */
    organization_id: message.organizationId,
    /** The billing account charged. */
    billing_account_id: message.billingAccountId,
    /** The campaign it belongs to; `null` for a single send. */
    campaign_id: message.campaignId,
    /** The organization's contact with this number, if any. */
    contact_id: message.contactId,
    /** The sender ID's id. */
    sms_remitter_id: message.senderId,
    /** The sender ID, or `null`. */
    sms_remitter: senderOf(world, message.senderId),
    /** The client's own reference, if one was given. */
    external_id: message.externalId,
    /** `SMS` or `WHATSAPP`. */
    channel_type: message.channel,
    /** The carrier or route code, e.g. `UNITEL`. */
    channel_destination: message.destination,
    /** The gateway handler; `null` when never routed. */
    provider_name: message.provider,
    /** The recipient in E.164 (as written, when it is not a valid number). */
    e164_format: message.e164,
    /** The text. */
    content: message.content,
    /** `API_CLIENT` or `CUSTOMER_PORTAL`. */
    trigger_source: message.trigger,
    /** What it cost, a decimal string with six fraction digits. */
    cost: formatMoney(message.cost),
    /** Whether the cost was refunded. */
    is_refunded: message.refunded,
    /** The exact status (eight values). */
    status: message.status,
    /** Why it failed, or `null`. */
    error_code: message.errorCode,
    /** When it was created (ISO 8601, microseconds). */
    created_at: ts(message.createdAt),
    /** When it last changed. */
    updated_at: ts(message.updatedAt),
  } satisfies Schema['Message'];
}

/** An entry of `GET /campaigns/{campaign_id}/messages`, with its contact and campaign embedded. */
export function campaignMessageEntry(
  world: ReadonlyWorld,
  message: MessageRecord,
  campaign: CampaignRecord,
) {
  const contact = message.contactId === null ? undefined : world.contacts.get(message.contactId);
  return {
    id: message.id,
    updated_at: ts(message.updatedAt),
    created_at: ts(message.createdAt),
    organization_id: message.organizationId,
    campaign_id: campaign.id,
    contact_id: message.contactId,
    sms_remitter_id: message.senderId,
    sms_remitter: senderOf(world, message.senderId),
    external_id: message.externalId,
    cost: formatMoney(message.cost),
    billing_account_id: message.billingAccountId,
    channel_type: message.channel,
    channel_destination: message.destination,
    provider_id: message.provider,
    e164_format: message.e164,
    content: message.content,
    trigger_source: message.trigger,
    error_code: message.errorCode,
    is_refunded: message.refunded,
    status: MESSAGE_STATUS_TRAITS[message.status].listStatus,
    contact:
      contact === undefined
        ? null
        : ({
            id: contact.id,
            updated_at: ts(contact.updatedAt),
            created_at: ts(contact.createdAt),
            name: contact.name,
            email: contact.email,
            e164_format: contact.e164,
            organization_id: contact.organizationId,
          } satisfies Schema['CampaignMessageContact']),
    campaign: {
      id: campaign.id,
      updated_at: ts(campaign.updatedAt),
      created_at: ts(campaign.createdAt),
      name: campaign.name,
      status: campaign.status,
    } satisfies Schema['CampaignMessageCampaign'],
  } satisfies Schema['CampaignMessageEntry'];
}

/** A campaign, as `GET /campaigns` and `GET /campaigns/{campaign_id}` render it. */
export function campaignObject(world: ReadonlyWorld, campaign: CampaignRecord) {
  return {
    /** The campaign's id (UUID v7). */
    id: campaign.id,
    /** When it last changed. */
    updated_at: ts(campaign.updatedAt),
    /** When it was accepted (ISO 8601, microseconds). */
    created_at: ts(campaign.createdAt),
    /** The campaign's name. */
    name: campaign.name,
    /** One of the six campaign states. */
    status: campaign.status,
    /** The organization that sent it. */
    organization_id: campaign.organizationId,
    /** The billing account charged. */
    billing_account_id: campaign.billingAccountId,
    /** `API_CLIENT` or `CUSTOMER_PORTAL`. */
    trigger_source: campaign.trigger,
    /** The stored recipient list. */
    file_metadata_id: campaign.fileMetadataId,
    /** Always `SMS` for campaigns. */
    channel_type: campaign.channel,
    /** The sender ID's id. */
    sms_remitter_id: campaign.senderId,
    /** The sender ID, or `null`. */
    sms_remitter: senderOf(world, campaign.senderId),
    /** The text. */
    content: campaign.content,
    /** Distinct recipients after normalisation. */
    total_estimated_recipients: campaign.totalEstimatedRecipients,
    /** The time of acceptance, for campaigns sent through the API. */
    scheduled_at: ts(campaign.scheduledAt),
    /** When processing finished; `null` until then. */
    processed_at: campaign.processedAt === null ? null : ts(campaign.processedAt),
    /** When it reached `COMPLETED` or `FAILED`; `null` until then. */
    completed_at: campaign.completedAt === null ? null : ts(campaign.completedAt),
    /** The campaign-level failure code, or `null`. */
    error_code: campaign.errorCode,
    /** A short sentence describing the current state. */
    status_note: campaign.statusNote,
    /** Extra state. */
    data: {
      /** Why the campaign is paused; `null` unless paused (never, through the API). */
      reason_of_pause: campaign.reasonOfPause,
    },
  } satisfies Schema['Campaign'];
}

/** The 201 body of `POST /messages`. */
export function sentMessage(message: MessageRecord) {
  // The contract promises a message just created, in PENDING; anything else is a bug here.
  const { status } = message;
  if (status !== 'PENDING') throw new Error(`A message just sent is ${status}, not PENDING.`);
  return {
    id: message.id,
    to: message.e164,
    body: message.content,
    status,
    channel_type: message.channel,
    channel_destination: message.destination,
    remitter_id: message.senderId,
    external_id: message.externalId,
    segments: message.segments,
    encoding: message.encoding,
    cost: formatMoney(message.cost),
    created_at: ts(message.createdAt),
  } satisfies Schema['SentMessage'];
}

/** The 202 body of `POST /campaigns/batch`. */
export function batchAccepted(campaign: CampaignRecord) {
  return {
    message: 'Campaign accepted and pending processing.',
    campaign_id: campaign.id,
  } satisfies Schema['BatchAccepted'];
}

/** A list response. */
export function pageEnvelope<T>(total: number, page: number, size: number, entries: T[]) {
  return { total, page, size, pages: pageCount(total, size), entries };
}

/**
 * A list response as JSON text, around entries already serialized: what `JSON.stringify` of
 * {@link pageEnvelope} writes (the fields are integers), without building the object first.
 */
export function pageEnvelopeJson(
  total: number,
  page: number,
  size: number,
  entries: readonly string[],
): string {
  const pages = pageCount(total, size);
  return `{"total":${total},"page":${page},"size":${size},"pages":${pages},"entries":[${entries.join(',')}]}`;
}
