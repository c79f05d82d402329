/**
 * The filter language of the inspector's lists and of the control API's `q`: words such as
 * `status:failed channel:sms org:Acme campaign:<id> error:ABSENT_SUBSCRIBER to:923 before:<iso>
 * after:<date> is:refunded is:opted-out`, combined with free text. Different keys must all hold
 * (AND); one key given twice holds when either value does (OR), except `is:`, whose flags must all
 * hold. Keys and closed values are case-insensitive; a value with spaces is quoted (`org:"Loja
 * Central"`), and so is free text holding a colon (`"nota: 1"`). An unknown key or a bad value is
 * a `VALIDATION_ERROR` on `q` that lists the valid keys, never a crash: the parser builds
 * no object from the input, so `status:__proto__` is just a status that does not exist. What each
 * key takes and lets through is its entry of `QUERY_FIELDS`.
 */
import { DomainError } from '@msgsvc/mock';
import { isOptedOut, listStatusOf, type ReadonlyWorld } from '@msgsvc/mock/port';
import {
  type Predicate,
  QUERY_FIELDS,
  QUERY_KEYS,
  type QueryField,
  type QueryKey,
  type QueryTarget,
} from './query-vocabulary';

/** A parsed query: the values of each key given, read, and the free text. */
export interface QueryFilter {
  /** Each key given with its values (a key given twice: either value holds). */
  readonly keys: ReadonlyMap<QueryKey, readonly unknown[]>;
  /** The free text, words joined by one space (quoted phrases as written); `''` when none. */
  readonly text: string;
}

/** One word of a query: a `key:value` filter, or free text. */
export type QueryWord =
  | { readonly kind: 'filter'; readonly key: string; readonly value: string }
  | { readonly kind: 'text'; readonly text: string };

// A word is a quoted phrase, a `key:value` filter (the value quoted or up to a space) or free
// text. A key is a name before a colon: letters first, so `77:` or `+244:` stay free text. A
// word or value that still starts with a quote once matched opened a quote it never closed.
const WORD = /"([^"]*)"|([A-Za-z_][A-Za-z0-9_-]*):(?:"([^"]*)"|(\S*))|(\S+)/g;

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
  const unclosed = (at: number) => refuse(`A quote opened at character ${at + 1} is not closed.`);
  for (const match of raw.matchAll(WORD)) {
    const [, phrase, key, quoted, value, text] = match;
    if (text?.startsWith('"')) unclosed(match.index);
    if (value?.startsWith('"')) unclosed(match.index + key!.length + 1);
    const free = text ?? phrase;
    if (key !== undefined) {
      words.push({ kind: 'filter', key: key.toLowerCase(), value: (quoted ?? value!).trim() });
    } else if (free!.trim() !== '') words.push({ kind: 'text', text: free! });
  }
  return words;
}

/** A value as its key's test compares it, or the refusal that says what the key takes. */
function readValue(key: QueryKey, value: string, target: QueryTarget): unknown {
  const field: QueryField = QUERY_FIELDS[key];
  const words = field.words?.(target);
  const takes = words?.join(', ').toLowerCase() ?? field.takes;
  const no = (reason = `is not valid: ${key}: takes ${takes}`) =>
    refuse(`${key}:${value} ${reason}.`);
  if (words === undefined) return field.read!(value, no);
  return words.find((word) => word.toLowerCase() === value.toLowerCase()) ?? no();
}

/** Parses a query of a list; throws a `VALIDATION_ERROR` on `q` when it is not valid. */
export function parseFilter(target: QueryTarget, raw: string): QueryFilter {
  const keys = new Map<QueryKey, unknown[]>();
  const text: string[] = [];
  const known = QUERY_KEYS[target] as readonly string[];
  const list = known.map((key) => `${key}:`).join(' ');
  for (const word of tokenize(raw)) {
    if (word.kind === 'text') {
      text.push(word.text);
      continue;
    }
    const key = word.key as QueryKey;
    if (!known.includes(key)) {
      const hint = QUERY_KEYS.messages.includes(key)
        ? ` ${key}: filters messages, not ${target}.`
        : ' To search for text with a colon, put it in quotes: "like: this".';
      refuse(`Unknown filter ${key}:. The ${target} filters are ${list}.${hint}`);
    }
    if (word.value === '') refuse(`${key}: needs a value. The ${target} filters are ${list}.`);
    keys.set(key, [...(keys.get(key) ?? []), readValue(key, word.value, target)]);
  }
  return { keys, text: text.join(' ').trim() };
}

/** The test of a filter's keys (its free text aside); `undefined` lets everything through. */
export function filterTest<T>(world: ReadonlyWorld, filter: QueryFilter): Predicate<T> | undefined {
  const scope = { world, listStatusOf, isOptedOut };
  // Names are resolved once per query (an organization named becomes its id), not per record.
  const tests = [...filter.keys].map(
    ([key, values]) => QUERY_FIELDS[key].test(values as never, scope) as Predicate<T>,
  );
  if (tests.length <= 1) return tests[0];
  return (record) => tests.every((test) => test(record));
}
