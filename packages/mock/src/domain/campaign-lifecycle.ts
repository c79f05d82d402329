/**
 * A campaign's life after acceptance (decision D13): background processing turns it into messages
 * and debits its cost (`PROCESSING → SENDING`), and it completes when its last message settles
 * (`SENDING → COMPLETED`). A dispatch failure fails it and refunds everything (`→ FAILED`).
 */
import { countSegments } from '@msgsvc/sdk';
import { getAccount, post } from './billing-ledger';
import { CAMPAIGN_STATUS_NOTES, type CampaignEvent, nextCampaignStatus } from './campaign-machine';
import { createMessage } from './message-factory';
import { MESSAGE_STATUS_TRAITS } from './message-machine';
import type { CampaignRecord } from './model';
import type { World } from './world';

/** Moves a campaign by `event` and tells subscribers. */
export function transitionCampaign(
  world: World,
  campaign: CampaignRecord,
  event: CampaignEvent,
  note: string = CAMPAIGN_STATUS_NOTES[nextCampaignStatus(campaign.status, event)],
): void {
  const from = campaign.status;
  const to = nextCampaignStatus(from, event);
  const now = world.now();
  campaign.status = to;
  campaign.statusNote = note;
  campaign.updatedAt = now;
  if (to === 'COMPLETED' || to === 'FAILED') campaign.completedAt = now;
  world.emit({ type: 'campaign.status_updated', campaignId: campaign.id, from, to, at: now });
}

/**
 * Task: process an accepted campaign. Debits the total cost in one ledger entry (live keys only),
 * creates one message per distinct recipient, and moves to `SENDING` — or to `FAILED` when the
 * balance no longer covers the cost.
 */
export function processCampaign(world: World, campaignId: string): void {
  const campaign = world.campaigns.get(campaignId);
  if (campaign === undefined || campaign.status !== 'PROCESSING') return;
  const live = campaign.environment === 'live';
  const account = getAccount(world, campaign.billingAccountId);
  campaign.processedAt = world.now();

  if (live && account.balance < campaign.estimatedCost) {
    campaign.errorCode = 'BILLING_INSUFFICIENT_FUNDS';
    transitionCampaign(
      world,
      campaign,
      'insufficient_funds',
      'Failed: the balance no longer covers the cost; nothing was charged.',
    );
    return;
  }
  if (live && campaign.estimatedCost > 0) {
    post(
      world,
      account,
      'CAMPAIGN_DEBIT',
      -campaign.estimatedCost,
      { campaignId },
      `Campaign ${campaign.name}`,
    );
  }

  const segmentsOf = countSegments(campaign.content);
  const tags = new Set<string>();
  const base = {
    organizationId: campaign.organizationId,
    environment: campaign.environment,
    billingAccountId: campaign.billingAccountId,
    campaignId,
    remitterId: campaign.remitterId,
    externalId: null,
    channel: campaign.channel,
    content: campaign.content,
    trigger: campaign.trigger,
    segmentsOf,
  } as const;
  let outstanding = 0;
  for (const e164 of campaign.recipients) {
    const message = createMessage(world, { ...base, e164, input: e164 }, live);
    outstanding++;
    if (message.contactId !== null) {
      for (const tagId of world.contacts.get(message.contactId)?.tagIds ?? []) tags.add(tagId);
    }
  }
  for (const input of campaign.invalidRecipients) {
    createMessage(world, { ...base, e164: null, input }, live);
  }
  campaign.outstanding = outstanding;
  campaign.tagIds = [...tags];
  campaign.recipients = [];
  campaign.invalidRecipients = [];
  transitionCampaign(
    world,
    campaign,
    'processed',
    `Sending ${outstanding} message${outstanding === 1 ? '' : 's'}.`,
  );
  if (outstanding === 0) completeCampaign(world, campaign);
}

/** A message of the campaign reached `SENT` or a terminal failure. */
export function settleCampaignMessage(world: World, campaignId: string): void {
  const campaign = world.campaigns.get(campaignId);
  if (campaign === undefined || campaign.status !== 'SENDING') return;
  campaign.outstanding--;
  if (campaign.outstanding === 0) completeCampaign(world, campaign);
}

function completeCampaign(world: World, campaign: CampaignRecord): void {
  const messages = world.messages.indexed(
    'campaign',
    campaign.organizationId,
    campaign.environment,
    campaign.id,
  );
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
