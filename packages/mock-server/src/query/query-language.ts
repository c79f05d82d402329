/**
 * The filter language of the inspector's lists and of the control API's `q`: words such as
 * `status:failed channel:sms org:Acme campaign:<id> error:ABSENT_SUBSCRIBER to:923 before:<iso>
 * after:<date> is:refunded is:opted-out`, combined with free text. Different keys must all hold
 * (AND); one key given twice holds when either value does (OR), except `is:`, whose flags must all
 * hold. Keys and closed values are case-insensitive; a value with spaces is quoted (`org:"Loja
 * Central"`), and so is free text holding a colon (`"nota: 1"`). An unknown key or a bad value is
 * a `VALIDATION_ERROR` on `q` that lists the valid keys, never a crash: the parser builds
 * no object from the input, so `status:__proto__` is just a status that does not exist.
 */
import { DomainError, type MessageStatus } from '@msgsvc/mock';
import type { CampaignRecord, MessageRecord } from '@msgsvc/mock/port';
import {
  CAMPAIGN_STATUSES,
  CHANNELS,
  ENVIRONMENTS,
  FLAGS,
  MESSAGE_STATUSES,
  type MessageFlag,
  QUERY_KEYS,
  type QueryTarget,
} from './query-vocabulary';

export { QUERY_KEYS } from './query-vocabulary';

/** A parsed filter of messages; an empty list means "any". */
export interface MessageFilter {
  /**
   * As the public lists' `status=` means them (`FAILED` holds for `REJECTED` and `CANCELLED` too); `EXPIRED`, `REJECTED` and `CANCELLED`, which no list reports, hold for themselves alone.
   */
  readonly statuses: readonly MessageStatus[];
  readonly channels: readonly MessageRecord['channel'][];
  /** Environments of the key that created it. */
  readonly environments: readonly ('live' | 'test')[];
  /** Organization ids or names, lower-cased. */
  readonly orgs: readonly string[];
  /** Campaign ids or names, lower-cased. */
  readonly campaigns: readonly string[];
  /** Error codes, upper-cased. */
  readonly errors: readonly string[];
  /** Runs of digits of the recipient's number. */
  readonly to: readonly string[];
  /** Created strictly before one of these instants (epoch ms, world time). */
  readonly before: readonly number[];
  /** Created at or after one of these instants (epoch ms, world time). */
  readonly after: readonly number[];
  readonly flags: readonly MessageFlag[];
  /** The free text, words joined by one space (quoted phrases as written); `''` when none. */
  readonly text: string;
  /** Whether any key was given (as opposed to free text alone). */
  readonly filtered: boolean;
}

/** A parsed filter of campaigns; an empty list means "any". */
export interface CampaignFilter {
  readonly statuses: readonly CampaignRecord['status'][];
  readonly channels: readonly CampaignRecord['channel'][];
  readonly environments: readonly ('live' | 'test')[];
  readonly orgs: readonly string[];
  readonly campaigns: readonly string[];
  readonly before: readonly number[];
  readonly after: readonly number[];
  readonly text: string;
  readonly filtered: boolean;
}

/** One word of a query: a `key:value` filter, or free text. */
export type QueryWord =
  | { readonly kind: 'filter'; readonly key: string; readonly value: string }
  | { readonly kind: 'text'; readonly text: string };

// A key is a name before a colon: letters first, so `77:` or `+244:` stay free text.
const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):/;

function refuse(message: string): never {
  throw new DomainError({
    code: 'VALIDATION_ERROR',
    message: 'The query is not valid.',
    fields: { q: message },
  });
}

/** Splits a query into its words; an unclosed quote is refused. */
export function tokenize(raw: string): QueryWord[] {
  const words: QueryWord[] = [];
  let at = 0;
  const quoted = (from: number): [string, number] => {
    const end = raw.indexOf('"', from + 1);
    if (end < 0) refuse(`A quote opened at character ${from + 1} is not closed.`);
    return [raw.slice(from + 1, end), end + 1];
  };
  while (at < raw.length) {
    if (/\s/.test(raw[at]!)) {
      at++;
      continue;
    }
    if (raw[at] === '"') {
      const [text, next] = quoted(at);
      if (text.trim() !== '') words.push({ kind: 'text', text });
      at = next;
      continue;
    }
    const key = KEY.exec(raw.slice(at));
    if (key !== null) {
      const valueAt = at + key[0].length;
      let value: string;
      if (raw[valueAt] === '"') [value, at] = quoted(valueAt);
      else {
        const end = raw.slice(valueAt).search(/\s/);
        at = end < 0 ? raw.length : valueAt + end;
        value = raw.slice(valueAt, at);
      }
      words.push({ kind: 'filter', key: key[1]!.toLowerCase(), value: value.trim() });
      continue;
    }
    const end = raw.slice(at).search(/\s/);
    const next = end < 0 ? raw.length : at + end;
    words.push({ kind: 'text', text: raw.slice(at, next) });
    at = next;
  }
  return words;
}

function listOf(target: QueryTarget): string {
  return QUERY_KEYS[target].map((key) => `${key}:`).join(' ');
}

/** A value of a closed vocabulary, case ignored. */
function member<T extends string>(
  key: string,
  value: string,
  allowed: readonly T[],
  fold: (value: string) => string,
): T {
  const found = allowed.find((name) => name === fold(value));
  if (found === undefined)
    refuse(`${key}:${value} is not valid: ${key}: takes ${allowed.join(', ').toLowerCase()}.`);
  return found;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/i;

/** An ISO date (midnight UTC) or date-time (UTC when it names no offset), as epoch ms. */
function instant(key: string, value: string): number {
  let text = value.toUpperCase();
  if (DATE.test(text)) text = `${text}T00:00:00Z`;
  else if (!DATE_TIME.test(text)) {
    refuse(
      `${key}:${value} is not valid: ${key}: takes a world time, 2026-01-01 or 2026-01-01T09:30:00Z.`,
    );
  } else if (!/(Z|[+-]\d{2}:\d{2})$/.test(text)) text = `${text}Z`;
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
    refuse(`${key}:${value} is not a date that exists.`);
  }
  return at;
}

/** A query's values by key (each checked to be one of the target's) and its free text. */
function collect(raw: string, target: QueryTarget) {
  const values = new Map<string, string[]>();
  const text: string[] = [];
  for (const word of tokenize(raw)) {
    if (word.kind === 'text') {
      text.push(word.text);
      continue;
    }
    if (!QUERY_KEYS[target].includes(word.key)) {
      const other: QueryTarget = target === 'messages' ? 'campaigns' : 'messages';
      const hint = QUERY_KEYS[other].includes(word.key)
        ? ` ${word.key}: filters ${other}, not ${target}.`
        : ' To search for text with a colon, put it in quotes: "like: this".';
      refuse(`Unknown filter ${word.key}:. The ${target} filters are ${listOf(target)}.${hint}`);
    }
    if (word.value === '')
      refuse(`${word.key}: needs a value. The ${target} filters are ${listOf(target)}.`);
    const list = values.get(word.key) ?? [];
    list.push(word.value);
    values.set(word.key, list);
  }
  return { values, text: text.join(' ').trim() };
}

const upper = (value: string) => value.toUpperCase();
const lower = (value: string) => value.toLowerCase();

/** The keys both lists share, read; `get` gives the raw values of the target's other keys. */
function parse<S extends string>(raw: string, target: QueryTarget, statuses: readonly S[]) {
  const { values, text } = collect(raw, target);
  const get = (key: string) => values.get(key) ?? [];
  const shared = {
    channels: get('channel').map((v) => member('channel', v, CHANNELS, upper)),
    environments: get('env').map((v) => member('env', v, ENVIRONMENTS, lower)),
    orgs: get('org').map(lower),
    campaigns: get('campaign').map(lower),
    before: get('before').map((v) => instant('before', v)),
    after: get('after').map((v) => instant('after', v)),
    // Read after the others, so a query with several bad values is refused for the same one.
    statuses: get('status').map((v) => member('status', v, statuses, upper)),
    text,
    filtered: values.size > 0,
  };
  return { get, shared };
}

/** Parses a query of the messages list; throws a `VALIDATION_ERROR` on `q` when it is not valid. */
export function parseMessageQuery(raw: string): MessageFilter {
  const { get, shared } = parse(raw, 'messages', MESSAGE_STATUSES);
  return {
    ...shared,
    errors: get('error').map((value) => {
      if (!/^[A-Za-z0-9_]{1,64}$/.test(value))
        refuse(
          `error:${value} is not valid: error: takes an error code such as ABSENT_SUBSCRIBER.`,
        );
      return value.toUpperCase();
    }),
    to: get('to').map((value) => {
      const digits = value.replace(/[\s().+-]/g, '');
      if (!/^\d{1,15}$/.test(digits))
        refuse(`to:${value} is not valid: to: takes digits of a phone number, such as to:923.`);
      return digits;
    }),
    flags: get('is').map((v) => member('is', v, FLAGS, lower)),
  };
}

/** Parses a query of the campaigns list; throws a `VALIDATION_ERROR` on `q` when it is not valid. */
export function parseCampaignQuery(raw: string): CampaignFilter {
  return parse(raw, 'campaigns', CAMPAIGN_STATUSES).shared;
}
