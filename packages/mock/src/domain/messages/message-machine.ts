/**
 * The message state machine as data: which event moves a message from which status to which, which
 * statuses are final, which refund the cost, and how list endpoints report a status. Code elsewhere asks these tables; it never branches on a status by hand.
 */
import type { components } from '@msgsvc/sdk';
import type { MessageStatus } from '../core/model';
import type { TransitionTable } from '../core/state-machine';
import { namesOf } from '../core/vocabulary';

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
export const MESSAGE_STATUSES = namesOf(MESSAGE_TRANSITIONS);

/** The error code a status carries when the event itself does not name one. */
export const DEFAULT_ERROR_CODES: Readonly<Partial<Record<MessageStatus, string>>> = {
  FAILED: 'CARRIER_SUBMIT_FAILED',
  REJECTED: 'REJECTED_BY_CARRIER',
  CANCELLED: 'CANCELLED',
  EXPIRED: 'EXPIRED',
  UNDELIVERED: 'UNDELIVERABLE',
};

/** The statuses list endpoints report as another: the rest they report as they are. */
const LIST_ALIASES: Readonly<Partial<Record<MessageStatus, ListMessageStatus>>> = {
  EXPIRED: 'UNDELIVERED',
  REJECTED: 'FAILED',
  CANCELLED: 'FAILED',
};

const AFTER_SENT = Object.values(MESSAGE_TRANSITIONS.SENT);

/** What a status means beyond its moves, read from the machine and the failures' error codes. */
function traitsOf(status: MessageStatus) {
  return {
    /** No event leaves it. */
    final: Object.keys(MESSAGE_TRANSITIONS[status]).length === 0,
    /** Reaching it gives a charged cost back: every failure does. */
    refunds: DEFAULT_ERROR_CODES[status] !== undefined,
    /** It counts as settled for its campaign: the message left `PENDING`. */
    settledForCampaign: status !== 'PENDING',
    /** The message reached a carrier: `SENT` and the receipts after it. */
    dispatched: status === 'SENT' || AFTER_SENT.includes(status),
    /** What list endpoints call it. */
    listStatus: LIST_ALIASES[status] ?? (status as ListMessageStatus),
  };
}

/** Each status's traits (see `traitsOf`). */
export const MESSAGE_STATUS_TRAITS = Object.fromEntries(
  MESSAGE_STATUSES.map((status) => [status, traitsOf(status)]),
) as Readonly<Record<MessageStatus, Readonly<ReturnType<typeof traitsOf>>>>;

/** The five statuses list endpoints report. */
export type ListMessageStatus = components['schemas']['MessageListStatus'];

/**
 * The status list endpoints report for an exact one, and the one their `status` filter matches:
 * `EXPIRED` is `UNDELIVERED`, `REJECTED` and `CANCELLED` are `FAILED`.
 */
export function listStatusOf(status: MessageStatus): ListMessageStatus {
  return MESSAGE_STATUS_TRAITS[status].listStatus;
}
