/**
 * The events webhooks carry, shaped as the contract's `webhooks` section says
 * (`{ type, timestamp, data }`). A payload is built when the event happens, so a late
 * or retried delivery still tells what was true then.
 */
import type { CampaignRecord, InboundMessage, MessageRecord, MessageStatus } from '../core/model';
import { formatTimestamp as ts } from '../core/time-format';
import type { WebhookEventType } from '../core/vocabulary';
import type { World } from '../core/world';
import { MESSAGE_STATUS_TRAITS } from '../messages/message-machine';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../core/vocabulary';

/** An event ready to deliver: its type, what orders it, and its JSON body. */
export interface WebhookEventPayload {
  readonly type: WebhookEventType;
  /** Deliveries with the same key reach an endpoint in order (a message's updates, say). */
  readonly orderKey: string;
  readonly body: string;
}

/** `message.status_updated`. */
export function messageStatusUpdated(
  message: MessageRecord,
  previous: MessageStatus,
  at: number,
): WebhookEventPayload {
  return payload('message.status_updated', message.id, at, {
    id: message.id,
    campaign_id: message.campaignId,
    external_id: message.externalId,
    e164_format: message.e164,
    channel_type: message.channel,
    status: message.status,
    previous_status: previous,
    error_code: message.errorCode,
    is_refunded: message.refunded,
    updated_at: ts(message.updatedAt),
  });
}

/** `message.received`. */
export function messageReceived(inbound: InboundMessage): WebhookEventPayload {
  return payload('message.received', inbound.id, inbound.receivedAt, {
    id: inbound.id,
    from: inbound.from,
    to: inbound.to,
    body: inbound.body,
    channel_type: inbound.channel,
    received_at: ts(inbound.receivedAt),
    in_reply_to: inbound.inReplyTo,
  });
}

/** `campaign.completed`, sent when a campaign reaches `COMPLETED` or `FAILED`. */
export function campaignCompleted(
  world: World,
  campaign: CampaignRecord,
  at: number,
): WebhookEventPayload {
  const counts = { total: 0, sent: 0, delivered: 0, failed: 0, undelivered: 0 };
  for (const message of world.messages.indexed(
    'campaign',
    campaign.organizationId,
    campaign.environment,
    campaign.id,
  )) {
    counts.total++;
    const status = MESSAGE_STATUS_TRAITS[message.status].listStatus;
    if (status !== 'PENDING') counts[status.toLowerCase() as Lowercase<typeof status>]++;
  }
  return payload('campaign.completed', campaign.id, at, {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    error_code: campaign.errorCode,
    total_estimated_recipients: campaign.totalEstimatedRecipients,
    completed_at: ts(campaign.completedAt ?? at),
    counts,
  });
}

function payload(
  type: WebhookEventType,
  orderKey: string,
  at: number,
  data: unknown,
): WebhookEventPayload {
  return { type, orderKey, body: JSON.stringify({ type, timestamp: ts(at), data }) };
}
