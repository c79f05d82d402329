/**
 * The words of the filter language, apart from its parser: the page's help and links are
 * built from the same lists the server parses with, and the page bundle loads no mock code.
 */
import type { MessageStatus } from '@msgsvc/mock';
import type { CampaignRecord, MessageRecord } from '@msgsvc/mock/port';

/** The records a query filters. */
export type QueryTarget = 'messages' | 'campaigns';

/** A message flag of `is:`. */
export type MessageFlag = 'refunded' | 'opted-out';

// Tables typed by the contract's unions: the compiler checks each names every member once.
/** Every message status (the contract's `MessageStatus`). */
export const MESSAGE_STATUSES = Object.keys({
  PENDING: 1,
  SENT: 1,
  DELIVERED: 1,
  FAILED: 1,
  UNDELIVERED: 1,
  EXPIRED: 1,
  REJECTED: 1,
  CANCELLED: 1,
} satisfies Record<MessageStatus, 1>) as MessageStatus[];
/** Every campaign state (the contract's `CampaignStatus`). */
export const CAMPAIGN_STATUSES = Object.keys({
  DRAFT: 1,
  PENDING: 1,
  PROCESSING: 1,
  SENDING: 1,
  COMPLETED: 1,
  FAILED: 1,
} satisfies Record<CampaignRecord['status'], 1>) as CampaignRecord['status'][];
/** Every channel. */
export const CHANNELS = Object.keys({ SMS: 1, WHATSAPP: 1 } satisfies Record<
  MessageRecord['channel'],
  1
>) as MessageRecord['channel'][];
/** Every environment (a key's). */
export const ENVIRONMENTS = ['live', 'test'] as const;
/** The flags of `is:`. */
export const FLAGS: readonly MessageFlag[] = ['refunded', 'opted-out'];

/** The keys each list understands, in the order the help and the errors list them. */
export const QUERY_KEYS: Readonly<Record<QueryTarget, readonly string[]>> = {
  messages: ['status', 'channel', 'env', 'org', 'campaign', 'error', 'to', 'before', 'after', 'is'],
  campaigns: ['status', 'channel', 'env', 'org', 'campaign', 'before', 'after'],
};

/** What each key means, for the page's `?` help (the control API documents the same in control.yaml). */
export const QUERY_HELP: readonly (readonly [example: string, meaning: string])[] = [
  [
    'status:failed',
    'a status as the API’s lists report and filter it: failed takes in rejected and cancelled, undelivered takes in expired; a campaign state on the campaigns list',
  ],
  ['status:rejected', 'one exact status the lists fold in: expired, rejected or cancelled'],
  ['channel:sms', 'sms or whatsapp'],
  ['env:test', 'live or test: the environment of the key that created it'],
  ['org:"Loja Central"', 'an organization, by id or by its whole name'],
  ['campaign:<id>', 'a campaign, by id or by its whole name'],
  ['error:ABSENT_SUBSCRIBER', 'the error code a message failed with (messages)'],
  ['to:923', 'digits anywhere in the recipient’s number (messages)'],
  ['after:2026-01-01', 'created at or after a world time (a date is midnight UTC)'],
  ['before:2026-01-01T09:30Z', 'created before a world time (UTC when no offset is given)'],
  ['is:refunded', 'the charge was given back (messages)'],
  ['is:opted-out', 'the recipient opted out of the sender (messages)'],
  ['crédito', 'free text: words of the text (accents and case ignored), digits, an id'],
  ['"nota: 1"', 'quotes keep spaces and colons in a value or in text'],
];
