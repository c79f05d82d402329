/**
 * The events webhooks carry, shaped as the contract's `webhooks` section says
 * (`{ type, timestamp, data }`). A payload is built when the event happens, so a late
 * or retried delivery still tells what was true then.
 */
import type { InboundMessage } from '../core/model';
import type { SavedState } from '../core/state-schemas';
import { formatTimestamp as ts } from '../core/time-format';
import type { WebhookEventType } from '../core/vocabulary';
import type { World } from '../core/world';
import type { WorldEvent } from '../core/world-events';
import { MESSAGE_STATUS_TRAITS } from '../messages/message-machine';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../core/vocabulary';

/** An event ready to deliver: its type, what orders it, and its JSON body, as a delivery keeps them. */
export type WebhookEventPayload = Pick<SavedState<'webhookDelivery'>, 'type' | 'orderKey' | 'body'>;

/**
 * The webhook event a world event becomes, built now, with the record whose tenant's endpoints
 * receive it, or `undefined` for an event the contract has no webhook for. A campaign's event is
 * sent when it reaches `COMPLETED` or `FAILED`.
 */
export function webhookEventOf(world: World, event: WorldEvent) {
  if (event.type === 'message.status_updated') {
    const message = world.messages.get(event.messageId)!;
    return webhook(message, 'message.status_updated', message.id, event.at, {
      id: message.id,
      campaign_id: message.campaignId,
      external_id: message.externalId,
      e164_format: message.e164,
      channel_type: message.channel,
      status: message.status,
      previous_status: event.from,
      error_code: message.errorCode,
      is_refunded: message.refunded,
      updated_at: ts(message.updatedAt),
    });
  }
  if (event.type === 'message.received') {
    const inbound = world.inbound.find((i) => i.id === event.inboundId)!;
    return webhook(inbound, 'message.received', inbound.id, inbound.receivedAt, {
      id: inbound.id,
      from: inbound.from,
      to: inbound.to,
      body: inbound.body,
      channel_type: inbound.channel,
      received_at: ts(inbound.receivedAt),
      in_reply_to: inbound.inReplyTo,
    });
  }
  if (
    event.type !== 'campaign.status_updated' ||
    (event.to !== 'COMPLETED' && event.to !== 'FAILED')
  )
    return undefined;
  const campaign = world.campaigns.get(event.campaignId)!;
  const counts = { total: 0, sent: 0, delivered: 0, failed: 0, undelivered: 0 };
  for (const message of world.messages.ofCampaign(campaign)) {
    counts.total++;
    const status = MESSAGE_STATUS_TRAITS[message.status].listStatus;
    if (status !== 'PENDING') counts[status.toLowerCase() as Lowercase<typeof status>]++;
  }
  return webhook(campaign, 'campaign.completed', campaign.id, event.at, {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    error_code: campaign.errorCode,
    total_estimated_recipients: campaign.totalEstimatedRecipients,
    completed_at: ts(campaign.completedAt ?? event.at),
    counts,
  });
}

function webhook(
  tenant: Pick<InboundMessage, 'organizationId' | 'environment'>,
  type: WebhookEventType,
  orderKey: string,
  at: number,
  data: unknown,
) {
  const body = JSON.stringify({ type, timestamp: ts(at), data });
  return { tenant, payload: { type, orderKey, body } };
}
