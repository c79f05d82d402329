/**
 * The campaign state machine as data. `DRAFT` and `PENDING` have no public
 * trigger, so nothing here leads into them.
 */
import type { CampaignStatus } from '../core/model';
import type { TransitionTable } from '../core/state-machine';
import { namesOf } from '../core/vocabulary';

/** What can happen to a campaign. */
export type CampaignEvent =
  | 'processed' //          recipients normalised, cost debited, messages created
  | 'dispatch_failed' //    the dispatch system failed: SYSTEM_DISPATCH_ERROR, refunds
  | 'insufficient_funds' // the balance no longer covers the cost at processing time
  | 'sender_not_approved' // its sender ID was rejected (or reset) after acceptance
  | 'all_settled'; //       every message reached SENT or a terminal failure

/** `CAMPAIGN_TRANSITIONS[from][event]` is the next state, read by `nextState`. */
export const CAMPAIGN_TRANSITIONS: TransitionTable<CampaignStatus, CampaignEvent> = {
  DRAFT: {},
  PENDING: {},
  PROCESSING: {
    processed: 'SENDING',
    dispatch_failed: 'FAILED',
    insufficient_funds: 'FAILED',
    sender_not_approved: 'FAILED',
  },
  SENDING: { all_settled: 'COMPLETED', dispatch_failed: 'FAILED' },
  COMPLETED: {},
  FAILED: {},
};

/** Every campaign status, in the table's order. */
export const CAMPAIGN_STATUSES = namesOf(CAMPAIGN_TRANSITIONS);
