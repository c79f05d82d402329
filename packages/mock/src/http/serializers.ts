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
    id: sender.id,
    name: sender.name,
  };
}

/** The body of `GET /messages/{message_id}`. */
export function messageDetail(world: ReadonlyWorld, message: MessageRecord): Schema['Message'] {
  return {
    id: message.id,
    organization_id: message.organizationId,
    billing_account_id: message.billingAccountId,
    campaign_id: message.campaignId,
    contact_id: message.contactId,
    sms_remitter_id: message.senderId,
    sms_remitter: senderOf(world, message.senderId),
    external_id: message.externalId,
    channel_type: message.channel,
    channel_destination: message.destination,
    provider_name: message.provider,
    e164_format: message.e164,
    content: message.content,
    trigger_source: message.trigger,
    cost: formatMoney(message.cost),
    is_refunded: message.refunded,
    status: message.status,
    error_code: message.errorCode,
    created_at: ts(message.createdAt),
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
export function campaignObject(world: ReadonlyWorld, campaign: CampaignRecord): Schema['Campaign'] {
  return {
    id: campaign.id,
    updated_at: ts(campaign.updatedAt),
    created_at: ts(campaign.createdAt),
    name: campaign.name,
    status: campaign.status,
    organization_id: campaign.organizationId,
    billing_account_id: campaign.billingAccountId,
    trigger_source: campaign.trigger,
    file_metadata_id: campaign.fileMetadataId,
    channel_type: campaign.channel,
    sms_remitter_id: campaign.senderId,
    sms_remitter: senderOf(world, campaign.senderId),
    content: campaign.content,
    total_estimated_recipients: campaign.totalEstimatedRecipients,
    scheduled_at: ts(campaign.scheduledAt),
    processed_at: campaign.processedAt === null ? null : ts(campaign.processedAt),
    completed_at: campaign.completedAt === null ? null : ts(campaign.completedAt),
    error_code: campaign.errorCode,
    status_note: campaign.statusNote,
    data: {
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

/**
 * A list response (`total`, `page`, `size`, `pages`, `entries`) as JSON text, around entries
 * already serialized: the cached entry texts are joined, not parsed and written again.
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
