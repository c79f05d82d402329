/** Background processing of an accepted campaign: a task on the world's clock. */
import { countSegments } from '@msgsvc/sdk/sms';
import { getAccount, post } from '../billing/billing-ledger';
import type { CampaignRecord, MessageRecord } from '../core/model';
import type { World } from '../core/world';
import { createMessage, type NewMessage } from '../messages/message-factory';
import { senderApproved, transitionMessage } from '../messages/message-lifecycle';
import { takeDispatchFault } from '../policies/faults';
import type { CampaignEvent } from './campaign-machine';
import { completeCampaign, transitionCampaign } from './campaign-state';

/**
 * Task: process an accepted campaign. Debits the total cost in one ledger entry (live keys only),
 * creates one message per distinct recipient, and moves to `SENDING` — or to `FAILED` when the
 * balance no longer covers the cost.
 */
export function processCampaign(world: World, campaignId: string): void {
  const campaign = world.campaigns.get(campaignId);
  if (campaign === undefined || campaign.status !== 'PROCESSING') return;
  const live = campaign.environment === 'live';
  campaign.processedAt = world.now();
  if (!charged(world, campaign, live)) return;
  const dispatchFault = takeDispatchFault(world, campaign.id);
  const invalid = campaign.invalidRecipients.length;
  const created = createMessages(world, campaign, live);
  if (dispatchFault) {
    failDispatch(world, campaign, created);
    return;
  }
  transitionCampaign(world, campaign, 'processed', sendingNote(campaign.outstanding, invalid));
  if (campaign.outstanding === 0) completeCampaign(world, campaign);
}

/** Why a campaign fails when it is processed: its error code, its event and its status note. */
const REFUSALS = {
  // A sender ID rejected (or reset to pending) after acceptance sends nothing.
  sender: {
    code: 'SENDER_ID_NOT_APPROVED',
    event: 'sender_not_approved',
    note: 'Failed: the sender ID is no longer approved; nothing was sent or charged.',
  },
  funds: {
    code: 'BILLING_INSUFFICIENT_FUNDS',
    event: 'insufficient_funds',
    note: 'Failed: the balance no longer covers the cost; nothing was charged.',
  },
} as const satisfies Record<string, { code: string; event: CampaignEvent; note: string }>;

/**
 * Debits the campaign's cost (live keys only) and says so, or fails the campaign when its sender ID
 * is no longer approved or the balance no longer covers the cost.
 */
function charged(world: World, campaign: CampaignRecord, live: boolean): boolean {
  const account = getAccount(world, campaign.billingAccountId);
  const refusal = !senderApproved(world, campaign.senderId)
    ? REFUSALS.sender
    : live && account.balance < campaign.estimatedCost
      ? REFUSALS.funds
      : undefined;
  if (refusal !== undefined) {
    campaign.errorCode = refusal.code;
    transitionCampaign(world, campaign, refusal.event, refusal.note);
    return false;
  }
  if (live && campaign.estimatedCost > 0) {
    post(
      world,
      account,
      'CAMPAIGN_DEBIT',
      -campaign.estimatedCost,
      { campaignId: campaign.id },
      `Campaign ${campaign.name}`,
    );
  }
  return true;
}

/**
 * Creates one message per recipient (a `FAILED` one per invalid recipient), counts the ones still
 * to send, gathers their contacts' tags, and returns the valid recipients' messages.
 */
function createMessages(world: World, campaign: CampaignRecord, live: boolean): MessageRecord[] {
  const segmentsOf = countSegments(campaign.content);
  const tags = new Set<string>();
  // One literal per recipient, not a spread of a shared base: a spread object with added fields
  // falls back to slow properties, and reading them was most of the cost of a 1000-recipient batch.
  const spec = (e164: string | null, input: string): NewMessage => ({
    organizationId: campaign.organizationId,
    environment: campaign.environment,
    billingAccountId: campaign.billingAccountId,
    campaignId: campaign.id,
    senderId: campaign.senderId,
    externalId: null,
    channel: campaign.channel,
    content: campaign.content,
    trigger: campaign.trigger,
    segmentsOf,
    e164,
    input,
  });
  let outstanding = 0;
  const created: MessageRecord[] = [];
  for (const e164 of campaign.recipients) {
    const message = createMessage(world, spec(e164, e164), live);
    created.push(message);
    outstanding++;
    if (message.contactId !== null) {
      for (const tagId of world.contacts.get(message.contactId)?.tagIds ?? []) tags.add(tagId);
    }
  }
  for (const input of campaign.invalidRecipients) {
    createMessage(world, spec(null, input), live);
  }
  campaign.outstanding = outstanding;
  campaign.tagIds = [...tags];
  campaign.recipients = [];
  campaign.invalidRecipients = [];
  return created;
}

/**
 * The dispatch system failed after the messages were created and charged: each is cancelled (and so
 * refunded) and the campaign fails with `SYSTEM_DISPATCH_ERROR`.
 */
function failDispatch(
  world: World,
  campaign: CampaignRecord,
  messages: readonly MessageRecord[],
): void {
  // Still PROCESSING, so cancelling its messages cannot complete it; failing it afterwards lets
  // its completion event count every message as failed.
  for (const message of messages) {
    if (message.status === 'PENDING')
      transitionMessage(world, message, 'cancelled', 'SYSTEM_DISPATCH_ERROR');
  }
  campaign.errorCode = 'SYSTEM_DISPATCH_ERROR';
  transitionCampaign(
    world,
    campaign,
    'dispatch_failed',
    'Failed: the dispatch system reported an error; every message was cancelled and refunded.',
  );
}

/**
 * What a campaign in `SENDING` says: the messages it sends, and the recipients that get none
 * because they are not valid numbers (their messages are already `FAILED`).
 */
function sendingNote(sending: number, invalid: number): string {
  const count = `Sending ${sending} message${sending === 1 ? '' : 's'}`;
  if (invalid === 0) return `${count}.`;
  return invalid === 1
    ? `${count}; 1 recipient is not a valid phone number and gets none.`
    : `${count}; ${invalid} recipients are not valid phone numbers and get none.`;
}
