/**
 * A campaign's state changes and its completion bookkeeping: one place that moves a campaign through
 * the transition table, and the counter that completes it when its last message settles.
 */

import type { CampaignRecord } from '../core/model';
import { nextState } from '../core/state-machine';
import type { World } from '../core/world';
import { MESSAGE_STATUS_TRAITS } from '../messages/message-machine';
import { CAMPAIGN_TRANSITIONS, type CampaignEvent } from './campaign-machine';

/** Moves a campaign by `event`, with the human note it shows in its new state, and tells subscribers. */
export function transitionCampaign(
  world: World,
  campaign: CampaignRecord,
  event: CampaignEvent,
  note: string,
): void {
  const from = campaign.status;
  const to = nextState(CAMPAIGN_TRANSITIONS, from, event, 'campaign');
  const now = world.now();
  campaign.status = to;
  campaign.statusNote = note;
  campaign.updatedAt = now;
  if (to === 'COMPLETED' || to === 'FAILED') campaign.completedAt = now;
  // Callers set a failure's error code before the move; other states carry none.
  world.history.campaigns.append(campaign, to, now, to === 'FAILED' ? campaign.errorCode : null);
  world.emit({ type: 'campaign.status_updated', campaignId: campaign.id, from, to, at: now });
}

/**
 * Makes the campaign's bookkeeping a subscriber of the world's events, as the webhook outbox is:
 * a message never calls into its campaign, the campaign hears that one of its messages settled.
 * The world wires it right after the outbox, and delivers events in the order they happen, so every
 * later subscriber hears a message's move before the campaign completion it causes.
 * Returns the unsubscribe function.
 */
export function subscribeCampaignBookkeeping(world: World): () => void {
  return world.subscribe((event) => {
    if (
      event.type !== 'message.status_updated' ||
      MESSAGE_STATUS_TRAITS[event.from].settledForCampaign ||
      !MESSAGE_STATUS_TRAITS[event.to].settledForCampaign
    ) {
      return;
    }
    // One of a campaign's messages reached `SENT` or a terminal failure.
    const campaignId = world.messages.get(event.messageId)?.campaignId;
    const campaign = campaignId == null ? undefined : world.campaigns.get(campaignId);
    if (campaign === undefined || campaign.status !== 'SENDING') return;
    campaign.outstanding--;
    if (campaign.outstanding === 0) completeCampaign(world, campaign);
  });
}

/** Completes a `SENDING` campaign whose last message settled (or that had none to send). */
export function completeCampaign(world: World, campaign: CampaignRecord): void {
  const messages = world.messages.ofCampaign(campaign);
  const dispatched = messages.filter(
    (message) => MESSAGE_STATUS_TRAITS[message.status].dispatched,
  ).length;
  transitionCampaign(
    world,
    campaign,
    'all_settled',
    `Completed: ${dispatched} of ${messages.length} messages dispatched to carriers.`,
  );
}
