/**
 * A message's life after creation: dispatch to the carrier and the delivery receipt, both as
 * scheduled tasks on the world's clock, with the outcome drawn from the seeded simulation. Every
 * status change goes through {@link transitionMessage}, which applies the transition table, the
 * refund rule and the campaign's bookkeeping in one step.
 */
import { refundMessage } from './billing-ledger';
import { settleCampaignMessage } from './campaign-lifecycle';
import {
  DEFAULT_ERROR_CODES,
  MESSAGE_STATUS_TRAITS,
  type MessageEvent,
  nextMessageStatus,
} from './message-machine';
import type { MessageRecord } from './model';
import { drawLatency, drawOutcome } from './simulation';
import type { World } from './world';

/** Moves a message by `event`; refunds and settles its campaign as the tables say. */
export function transitionMessage(
  world: World,
  message: MessageRecord,
  event: MessageEvent,
  errorCode: string | null = null,
): void {
  const from = message.status;
  const to = nextMessageStatus(from, event);
  const now = world.now();
  message.updatedAt = now;
  const code =
    to === 'SENT' || to === 'DELIVERED'
      ? message.errorCode
      : (errorCode ?? DEFAULT_ERROR_CODES[to] ?? null);
  world.messages.setState(message, to, code);
  if (MESSAGE_STATUS_TRAITS[to].refunds) refundMessage(world, message, `Refund: message ${to}`);
  world.emit({ type: 'message.status_updated', messageId: message.id, from, to, at: now });
  if (
    message.campaignId !== null &&
    !MESSAGE_STATUS_TRAITS[from].settledForCampaign &&
    MESSAGE_STATUS_TRAITS[to].settledForCampaign
  ) {
    settleCampaignMessage(world, message.campaignId);
  }
}

/** Task: submit a pending message to its carrier and queue its receipt. */
export function dispatchMessage(world: World, messageId: string): void {
  const message = world.messages.get(messageId);
  if (message === undefined || message.status !== 'PENDING') return;
  const simulation = world.config.simulation;
  const outcome = drawOutcome(world.random.simulation, simulation);
  if (outcome === 'REJECTED' || outcome === 'FAILED') {
    transitionMessage(world, message, outcome === 'REJECTED' ? 'rejected' : 'submit_failed');
    return;
  }
  transitionMessage(world, message, 'submitted');
  if (outcome === 'NO_RECEIPT') return;
  if (outcome === 'EXPIRED') {
    world.schedule(simulation.validityPeriod, {
      type: 'message.receipt',
      messageId,
      event: 'expired',
      errorCode: null,
    });
    return;
  }
  const latency = drawLatency(world.random.simulation, simulation.receiptLatency);
  const errorCode =
    outcome === 'UNDELIVERED'
      ? (simulation.undeliveredCodes[
          world.random.simulation.int(0, simulation.undeliveredCodes.length - 1)
        ] ?? null)
      : null;
  world.schedule(latency, {
    type: 'message.receipt',
    messageId,
    event: outcome === 'DELIVERED' ? 'delivered' : 'undelivered',
    errorCode,
  });
}

/** Task: a delivery receipt arrives. */
export function receiveReceipt(
  world: World,
  messageId: string,
  event: 'delivered' | 'undelivered' | 'expired',
  errorCode: string | null,
): void {
  const message = world.messages.get(messageId);
  if (message === undefined || message.status !== 'SENT') return;
  transitionMessage(world, message, event, errorCode);
}
