/**
 * The keys of the filter language, one entry each: what a key takes, what it lets through and
 * its line of the page's `?` help. The parser (`query-language.ts`), the lists and the page read
 * this one table; the page bundle loads no mock code, so a key's test is handed what it needs of
 * the mock ({@link Scope}) by the matcher.
 */
import type { MessageStatus } from '@msgsvc/mock';
import type * as port from '@msgsvc/mock/port';
import type { CampaignRecord, MessageRecord, ReadonlyWorld } from '@msgsvc/mock/port';

/** The records a query filters. */
export type QueryTarget = 'messages' | 'campaigns';

/** A test of one record. */
export type Predicate<T> = (record: T) => boolean;

/** What a key's test may use beside its values: the world and the mock rules it applies. */
type Scope = Pick<typeof port, 'listStatusOf' | 'isOptedOut'> & { readonly world: ReadonlyWorld };

/** One key of the language: an open value has `takes` and `read`, a closed one `words`. */
export interface QueryField<V = unknown, R = MessageRecord | CampaignRecord> {
  /** Only the messages list takes it. */
  readonly messagesOnly?: true;
  /** Example words and what they find, for the page's `?` help. */
  readonly help: readonly (readonly [example: string, meaning: string])[];
  /** The words a closed key takes (case ignored), on each list. */
  readonly words?: (target: QueryTarget) => readonly string[];
  /** What an open key takes, for the refusal of a bad value. */
  readonly takes?: string;
  /** An open key's value as its test compares it; `refuse` says why it is not one. */
  readonly read?: (value: string, refuse: (reason?: string) => never) => V;
  /** The test of a record against the values given: any one of them holds. */
  readonly test: (values: readonly V[], scope: Scope) => Predicate<R>;
}

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
const CHANNELS = Object.keys({ SMS: 1, WHATSAPP: 1 } satisfies Record<
  MessageRecord['channel'],
  1
>) as MessageRecord['channel'][];
/** Every environment (a key's). */
const ENVIRONMENTS = ['live', 'test'] as const;

/** The campaigns `campaign:` names (by id or by name, case ignored). */
export function campaignsNamed(world: ReadonlyWorld, names: readonly string[]): CampaignRecord[] {
  const found = new Map<string, CampaignRecord>();
  for (const wanted of names) {
    const byId = world.campaigns.get(wanted);
    if (byId !== undefined) found.set(byId.id, byId);
  }
  // A name is looked for only when some value is no campaign's id (ids are the usual case).
  if (found.size < names.length) {
    for (const campaign of world.campaigns.all()) {
      if (names.includes(campaign.name.toLowerCase())) found.set(campaign.id, campaign);
    }
  }
  return [...found.values()];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/i;

/** An ISO date (midnight UTC) or date-time (UTC when it names no offset), as epoch ms. */
function instant(value: string, refuse: (reason?: string) => never): number {
  let text = value.toUpperCase();
  if (DATE.test(text)) text = `${text}T00:00:00Z`;
  else if (!DATE_TIME.test(text)) refuse();
  else if (!/(Z|[+-]\d{2}:\d{2})$/.test(text)) text = `${text}Z`;
  // Milliseconds are what the world keeps: a finer fraction is cut, not rounded.
  text = text.replace(/(\.\d{3})\d+/, '$1');
  const at = Date.parse(text);
  // Date.parse rolls 2026-02-31 over to March; a date that does not exist is refused instead.
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (
    Number.isNaN(at) ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== day ||
    Number(text.slice(11, 13)) > 23
  ) {
    refuse('is not a date that exists');
  }
  return at;
}

const WORLD_TIME = 'a world time, 2026-01-01 or 2026-01-01T09:30:00Z';
const lower = (value: string) => value.toLowerCase();

// Each entry keeps its value and record types; the table erases them, and the parser hands a
// key's test only the values its own `read` made, and message keys only messages.
const field = <V, R = MessageRecord | CampaignRecord>(entry: QueryField<V, R>) =>
  entry as unknown as QueryField;

/** Every key, in the order the help and the refusals list them. */
export const QUERY_FIELDS = {
  status: field<string>({
    help: [
      [
        'status:failed',
        'a status as the API’s lists report and filter it: failed takes in rejected and cancelled, undelivered takes in expired; a campaign state on the campaigns list',
      ],
      ['status:rejected', 'one exact status the lists fold in: expired, rejected or cancelled'],
    ],
    words: (target) => (target === 'messages' ? MESSAGE_STATUSES : CAMPAIGN_STATUSES),
    // As the public lists' `status=`: a status they report (`failed`) holds for every exact
    // status they report as it (`REJECTED`, `CANCELLED`); one they never report (`rejected`)
    // holds for that exact status alone. A campaign's state is its own (none is a status the
    // lists fold in), so one set of exact statuses serves both lists.
    test: (statuses, { listStatusOf }) => {
      const exact = new Set(statuses);
      for (const status of MESSAGE_STATUSES) {
        if (statuses.includes(listStatusOf(status))) exact.add(status);
      }
      return (record) => exact.has(record.status);
    },
  }),
  channel: field<string>({
    help: [['channel:sms', 'sms or whatsapp']],
    words: () => CHANNELS,
    test: (channels) => (record) => channels.includes(record.channel),
  }),
  env: field<string>({
    help: [['env:test', 'live or test: the environment of the key that created it']],
    words: () => ENVIRONMENTS,
    test: (environments) => (record) => environments.includes(record.environment),
  }),
  org: field<string>({
    help: [['org:"Loja Central"', 'an organization, by id or by its whole name']],
    read: lower,
    test: (names, { world }) => {
      const ids = new Set<string>();
      for (const { id, name } of world.organizations.values()) {
        if (names.includes(id.toLowerCase()) || names.includes(name.toLowerCase())) ids.add(id);
      }
      return (record) => ids.has(record.organizationId);
    },
  }),
  campaign: field<string>({
    help: [['campaign:<id>', 'a campaign, by id or by its whole name']],
    read: lower,
    test: (names, { world }) => {
      const ids = new Set(campaignsNamed(world, names).map((campaign) => campaign.id));
      // A campaign is its own `campaign:`.
      return (record) => ids.has('campaignId' in record ? (record.campaignId ?? '') : record.id);
    },
  }),
  error: field<string, MessageRecord>({
    messagesOnly: true,
    help: [['error:ABSENT_SUBSCRIBER', 'the error code a message failed with (messages)']],
    takes: 'an error code such as ABSENT_SUBSCRIBER',
    read: (value, refuse) => (/^[A-Za-z0-9_]{1,64}$/.test(value) ? value : refuse()).toUpperCase(),
    test: (codes) => (message) => message.errorCode !== null && codes.includes(message.errorCode),
  }),
  to: field<string, MessageRecord>({
    messagesOnly: true,
    help: [['to:923', 'digits anywhere in the recipient’s number (messages)']],
    takes: 'digits of a phone number, such as to:923',
    read: (value, refuse) => {
      const digits = value.replace(/[\s().+-]/g, '');
      return /^\d{1,15}$/.test(digits) ? digits : refuse();
    },
    test: (runs) => (message) => runs.some((digits) => message.e164.includes(digits)),
  }),
  before: field<number>({
    help: [
      ['before:2026-01-01T09:30Z', 'created before a world time (UTC when no offset is given)'],
    ],
    takes: WORLD_TIME,
    read: instant,
    test: (instants) => {
      const latest = Math.max(...instants);
      return (record) => record.createdAt < latest;
    },
  }),
  after: field<number>({
    help: [['after:2026-01-01', 'created at or after a world time (a date is midnight UTC)']],
    takes: WORLD_TIME,
    read: instant,
    test: (instants) => {
      const earliest = Math.min(...instants);
      return (record) => record.createdAt >= earliest;
    },
  }),
  is: field<string, MessageRecord>({
    messagesOnly: true,
    help: [
      ['is:refunded', 'the charge was given back (messages)'],
      ['is:opted-out', 'the recipient opted out of the sender (messages)'],
    ],
    words: () => ['refunded', 'opted-out'],
    // Unlike the other keys, `is:` flags must all hold: `is:refunded is:opted-out` is both.
    test:
      (flags, { world, isOptedOut }) =>
      (message) =>
        (!flags.includes('refunded') || message.refunded) &&
        (!flags.includes('opted-out') ||
          isOptedOut(world, message.organizationId, message.environment, message.e164)),
  }),
} satisfies Record<string, QueryField>;

/** A key of the language. */
export type QueryKey = keyof typeof QUERY_FIELDS;

/** The keys each list understands, in the order the help and the errors list them. */
export const QUERY_KEYS: Readonly<Record<QueryTarget, readonly QueryKey[]>> = {
  messages: Object.keys(QUERY_FIELDS) as QueryKey[],
  campaigns: (Object.keys(QUERY_FIELDS) as QueryKey[]).filter(
    (key) => QUERY_FIELDS[key].messagesOnly !== true,
  ),
};

/** What each word means, for the page's `?` help (control.yaml documents the same for `q`). */
export const QUERY_HELP: readonly (readonly [example: string, meaning: string])[] = [
  ...Object.values(QUERY_FIELDS).flatMap((entry) => entry.help),
  ['crédito', 'free text: words of the text (accents and case ignored), digits, an id'],
  ['"nota: 1"', 'quotes keep spaces and colons in a value or in text'],
];
