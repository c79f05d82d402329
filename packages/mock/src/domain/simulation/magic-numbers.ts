/**
 * Magic numbers: recipients in the reserved fictional range +244 900 000 0xx (no operator uses
 * Angolan prefix 90) that force one outcome deterministically, whatever the seed. Any other number
 * follows the seeded simulation. The table is data and is documented in the mock's README.
 */
import type { Outcome } from './simulation';

/** What a magic number does. */
export interface MagicBehaviour {
  /** `INVALID`: refused at once (a 422 for `POST /messages`, a failed message in a batch). */
  readonly outcome: Outcome | 'INVALID';
  /** Milliseconds from `SENT` to the receipt (default 1 s). */
  readonly receiptDelay?: number;
  /** Carrier error code of an `UNDELIVERED` outcome. */
  readonly errorCode?: string;
  /** An inbound reply the handset sends after delivery (30 s later). */
  readonly reply?: string;
  /** One line for the docs. */
  readonly description: string;
}

/** The magic numbers, by E.164. */
export const MAGIC_NUMBERS: Readonly<Record<string, MagicBehaviour>> = {
  '+244900000000': {
    outcome: 'INVALID',
    description:
      'Not a valid number: 422 on POST /messages, FAILED INVALID_PHONE_NUMBER in a batch.',
  },
  '+244900000001': { outcome: 'DELIVERED', description: 'Delivered 1 s after it is sent.' },
  '+244900000002': {
    outcome: 'UNDELIVERED',
    errorCode: 'ABSENT_SUBSCRIBER',
    description: 'Undelivered (ABSENT_SUBSCRIBER); refunded.',
  },
  '+244900000003': {
    outcome: 'EXPIRED',
    description: 'Expired after the validity period (48 h); refunded.',
  },
  '+244900000004': {
    outcome: 'REJECTED',
    description: 'Rejected by the carrier (REJECTED_BY_CARRIER); refunded.',
  },
  '+244900000005': {
    outcome: 'FAILED',
    description: 'Failed at submission (CARRIER_SUBMIT_FAILED); refunded.',
  },
  '+244900000006': {
    outcome: 'NO_RECEIPT',
    description: 'Stays SENT: no delivery receipt ever arrives.',
  },
  '+244900000007': {
    outcome: 'DELIVERED',
    receiptDelay: 6 * 60 * 60 * 1000,
    description: 'Delivered 6 hours after it is sent.',
  },
  '+244900000008': {
    outcome: 'DELIVERED',
    reply: 'Obrigado, recebido!',
    description: 'Delivered, then replies "Obrigado, recebido!" 30 s later.',
  },
  '+244900000009': {
    outcome: 'DELIVERED',
    reply: 'STOP',
    description: 'Delivered, then replies STOP 30 s later (the number opts out).',
  },
};

// Every message asks, and numbers arrive as fresh strings: a Map hashes them once, where a
// property lookup on the record would first have to internalize each one.
const BY_NUMBER: ReadonlyMap<string, MagicBehaviour> = new Map(Object.entries(MAGIC_NUMBERS));

/** The magic behaviour of a number, if it has one. */
export function magicBehaviour(e164: string): MagicBehaviour | undefined {
  return BY_NUMBER.get(e164);
}

/** Delay of a magic number's reply after its delivery receipt. */
export const MAGIC_REPLY_DELAY_MS = 30_000;
