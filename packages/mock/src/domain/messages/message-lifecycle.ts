/**
 * A message's life after creation: dispatch to the carrier and the delivery receipt, both as
 * scheduled tasks on the world's clock. Its campaign hears of each move as a subscriber
 * (`subscribeCampaignBookkeeping`), so that messages never import campaigns.
 */
import { refundMessage } from '../billing/billing-ledger';
import type { InboundMessage, MessageRecord } from '../core/model';
import { nextState } from '../core/state-machine';
import type { World } from '../core/world';
import { inOutage } from '../policies/faults';
import { MAGIC_REPLY_DELAY_MS, magicBehaviour } from '../simulation/magic-numbers';
import { drawOutcome } from '../simulation/simulation';
import { isOptedOut, simulateInbound } from './inbound';
import {
  DEFAULT_ERROR_CODES,
  MESSAGE_STATUS_TRAITS,
  MESSAGE_TRANSITIONS,
  type MessageEvent,
} from './message-machine';

/**
 * Moves a message by `event`, refunds it as the table says, and tells the world's subscribers (the
 * webhook outbox, then the campaign's bookkeeping, then everyone else).
 */
export function transitionMessage(
  world: World,
  message: MessageRecord,
  event: MessageEvent,
  errorCode: string | null = null,
): void {
  const from = message.status;
  const to = nextState(MESSAGE_TRANSITIONS, from, event, 'message');
  const now = world.now();
  message.updatedAt = now;
  const code =
    to === 'SENT' || to === 'DELIVERED'
      ? message.errorCode
      : (errorCode ?? DEFAULT_ERROR_CODES[to] ?? null);
  world.messages.setState(message, to, code);
  world.history.messages.append(message, to, now, code);
  if (MESSAGE_STATUS_TRAITS[to].refunds) refundMessage(world, message, `Refund: message ${to}`);
  world.emit({ type: 'message.status_updated', messageId: message.id, from, to, at: now });
}

/** Whether a sender ID may still send: it exists and is `APPROVED`. */
export function senderApproved(world: World, senderId: string): boolean {
  return world.senders.get(senderId)?.status === 'APPROVED';
}

/** Receipt delay of magic numbers that do not set one. */
const MAGIC_RECEIPT_DELAY_MS = 1_000;
/** A receipt during a carrier outage arrives this soon after submission. */
const OUTAGE_RECEIPT_DELAY_MS = 2_000;

/**
 * Task: submit a pending message to its carrier and queue its receipt. The outcome comes from the
 * magic-number table, else from the seeded simulation; a sender ID no longer approved, opt-outs and
 * carrier outages override both.
 */
export function dispatchMessage(world: World, messageId: string): void {
  const message = world.messages.get(messageId);
  if (message === undefined || message.status !== 'PENDING') return;
  // A sender ID rejected (or reset to pending) after acceptance sends nothing more.
  if (!senderApproved(world, message.senderId)) {
    transitionMessage(world, message, 'submit_failed', 'SENDER_ID_NOT_APPROVED');
    return;
  }
  if (isOptedOut(world, message.organizationId, message.environment, message.e164)) {
    transitionMessage(world, message, 'submit_failed', 'RECIPIENT_OPTED_OUT');
    return;
  }
  const simulation = world.config.simulation;
  const magic = magicBehaviour(message.e164);
  const outcome =
    magic !== undefined && magic.outcome !== 'INVALID'
      ? magic.outcome
      : drawOutcome(world.random.simulation, simulation);
  if (outcome === 'REJECTED' || outcome === 'FAILED') {
    transitionMessage(world, message, outcome === 'REJECTED' ? 'rejected' : 'submit_failed');
    return;
  }
  transitionMessage(world, message, 'submitted');
  if (inOutage(world, message.destination, world.now())) {
    world.schedule(OUTAGE_RECEIPT_DELAY_MS, {
      type: 'message.receipt',
      messageId,
      event: 'undelivered',
      errorCode: 'CARRIER_OUTAGE',
    });
    return;
  }
  if (outcome === 'NO_RECEIPT') return;
  if (outcome === 'EXPIRED') {
    // Housekeeping, not work: the carrier never answers, the validity period closes it.
    world.schedule(simulation.validityPeriod, { type: 'message.expire', messageId });
    return;
  }
  const latency =
    magic !== undefined
      ? (magic.receiptDelay ?? MAGIC_RECEIPT_DELAY_MS)
      : world.random.simulation.int(...simulation.receiptLatency);
  let errorCode: string | null = null;
  if (outcome === 'UNDELIVERED') {
    const codes = simulation.undeliveredCodes;
    errorCode = magic?.errorCode ?? codes[world.random.simulation.int(0, codes.length - 1)] ?? null;
  }
  const event = outcome === 'DELIVERED' ? 'delivered' : 'undelivered';
  world.schedule(latency, { type: 'message.receipt', messageId, event, errorCode });
}

/**
 * Task: a delivery receipt arrives. A carrier in outage reports no delivery; a magic number that
 * replies queues its reply.
 */
export function receiveReceipt(
  world: World,
  messageId: string,
  event: 'delivered' | 'undelivered' | 'expired',
  errorCode: string | null,
): void {
  const message = world.messages.get(messageId);
  if (message === undefined || message.status !== 'SENT') return;
  if (event === 'delivered' && inOutage(world, message.destination, world.now())) {
    transitionMessage(world, message, 'undelivered', 'CARRIER_OUTAGE');
    return;
  }
  transitionMessage(world, message, event, errorCode);
  const reply = magicBehaviour(message.e164)?.reply;
  if (event === 'delivered' && reply !== undefined) {
    world.schedule(MAGIC_REPLY_DELAY_MS, { type: 'inbound.reply', messageId, body: reply });
  }
}

/** Task: the validity period of a message that never got a receipt ends: it `EXPIRED`. */
export function expireMessage(world: World, messageId: string): void {
  receiveReceipt(world, messageId, 'expired', null);
}

/** Task: a magic number's handset answers the message it received. */
export function replyToMessage(world: World, messageId: string, body: string): void {
  const message = world.messages.get(messageId);
  if (message !== undefined) answerMessage(world, message, body);
}

/** The handset a message went to answers the sender ID it came from. */
export function answerMessage(world: World, message: MessageRecord, body: string): InboundMessage {
  return simulateInbound(world, {
    from: message.e164,
    to: message.senderId,
    body,
    channelType: message.channel,
    environment: message.environment,
    inReplyTo: message.id,
  });
}
