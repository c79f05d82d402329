/**
 * The message state machine as data: which event moves a message from which status to which, which
 * statuses are final, which refund the cost, and how list endpoints report a status
 *. Code elsewhere asks these tables; it never branches on a status by hand.
 */
import type { components } from '@msgsvc/sdk';
import type { MessageStatus } from '../core/model';
import { statesOf, type TransitionTable } from '../core/state-machine';

/** What can happen to a message. */
export type MessageEvent =
  | 'submitted' //     the carrier accepted it
  | 'submit_failed' // the gateway could not submit it
  | 'rejected' //      the network refused it
  | 'cancelled' //     it was withdrawn before submission
  | 'delivered' //     receipt: on the handset
  | 'undelivered' //   receipt: could not be delivered
  | 'expired'; //      receipt: validity period ended

/** `MESSAGE_TRANSITIONS[from][event]` is the next status, read by `nextState`. */
export const MESSAGE_TRANSITIONS: TransitionTable<MessageStatus, MessageEvent> = {
  PENDING: {
    submitted: 'SENT',
    submit_failed: 'FAILED',
    rejected: 'REJECTED',
    cancelled: 'CANCELLED',
  },
  SENT: { delivered: 'DELIVERED', undelivered: 'UNDELIVERED', expired: 'EXPIRED' },
  DELIVERED: {},
  FAILED: {},
  UNDELIVERED: {},
  EXPIRED: {},
  REJECTED: {},
  CANCELLED: {},
};

/** Every message status, in the table's order (the order the status history numbers them by). */
export const MESSAGE_STATUSES = statesOf(MESSAGE_TRANSITIONS);

/**
 * Per status: is it final, does reaching it refund, does it count as settled for its campaign, did
 * it reach a carrier, and what list endpoints call it.
 */
export const MESSAGE_STATUS_TRAITS: Readonly<
  Record<
    MessageStatus,
    {
      final: boolean;
      refunds: boolean;
      settledForCampaign: boolean;
      dispatched: boolean;
      listStatus: ListMessageStatus;
    }
  >
> = {
  PENDING: {
    final: false,
    refunds: false,
    settledForCampaign: false,
    dispatched: false,
    listStatus: 'PENDING',
  },
  SENT: {
    final: false,
    refunds: false,
    settledForCampaign: true,
    dispatched: true,
    listStatus: 'SENT',
  },
  DELIVERED: {
    final: true,
    refunds: false,
    settledForCampaign: true,
    dispatched: true,
    listStatus: 'DELIVERED',
  },
  FAILED: {
    final: true,
    refunds: true,
    settledForCampaign: true,
    dispatched: false,
    listStatus: 'FAILED',
  },
  UNDELIVERED: {
    final: true,
    refunds: true,
    settledForCampaign: true,
    dispatched: true,
    listStatus: 'UNDELIVERED',
  },
  EXPIRED: {
    final: true,
    refunds: true,
    settledForCampaign: true,
    dispatched: true,
    listStatus: 'UNDELIVERED',
  },
  REJECTED: {
    final: true,
    refunds: true,
    settledForCampaign: true,
    dispatched: false,
    listStatus: 'FAILED',
  },
  CANCELLED: {
    final: true,
    refunds: true,
    settledForCampaign: true,
    dispatched: false,
    listStatus: 'FAILED',
  },
};

/** The five statuses list endpoints report. */
export type ListMessageStatus = components['schemas']['MessageListStatus'];

/**
 * The status list endpoints report for an exact one, and the one their `status` filter matches
 *: `EXPIRED` is `UNDELIVERED`, `REJECTED` and `CANCELLED` are `FAILED`.
 */
export function listStatusOf(status: MessageStatus): ListMessageStatus {
  return MESSAGE_STATUS_TRAITS[status].listStatus;
}

/** The error code a status carries when the event itself does not name one. */
export const DEFAULT_ERROR_CODES: Readonly<Partial<Record<MessageStatus, string>>> = {
  FAILED: 'CARRIER_SUBMIT_FAILED',
  REJECTED: 'REJECTED_BY_CARRIER',
  CANCELLED: 'CANCELLED',
  EXPIRED: 'EXPIRED',
  UNDELIVERED: 'UNDELIVERABLE',
};
