/**
 * One replayed answer against its recording: the status, the error code, the relevant
 * headers' presence, the body's shape (field names and JSON types; `null` against a value is
 * tolerated, a nullable field may be either), formats of ids, times and money, list order and
 * membership, and the pagination figures. Ids and times are compared by rule ({@link
 * Correspondence}): each recorded id pairs with the target's id at the same place, and must keep
 * standing for it.
 */
import {
  type Correspondence,
  fractionDigits,
  isTimestamp,
  isUuid,
  timeRelation,
  timestampFormat,
} from './by-rule';
import { MAX_DEPTH, RECORDED_RESPONSE_HEADERS } from './cassette-format';

/** What kind of behaviour differs. */
export type DifferenceKind =
  /** The HTTP status. */
  | 'status'
  /** The error envelope's `code`. */
  | 'error-code'
  /** A relevant response header present on one side only, or another content type. */
  | 'header'
  /** A field missing or added, or of another JSON type; a body that is not JSON. */
  | 'shape'
  /** An id that is not one, a timestamp or money amount written differently. */
  | 'format'
  /** A recorded id that stood for one record stands for another (or two for one). */
  | 'identity'
  /** List entries in another order. */
  | 'ordering'
  /** A list with other entries (a recorded one missing, or another count). */
  | 'entries'
  /** `total`, `page`, `size` or `pages` of a list. */
  | 'pagination'
  /** Two times of one record in the opposite order (`updated_at` before `created_at`). */
  | 'time-order';

/** One difference found in one exchange. */
export interface Difference {
  /** What differs: status, error code, shape, ordering, pagination, … */
  readonly kind: DifferenceKind;
  /** A JSON pointer into the body (`/entries/2/cost`), or `header x-trace-id`, or `status`. */
  readonly where: string;
  /** What was recorded and what came back, in a sentence. */
  readonly message: string;
}

/** A response as compared: status, headers (lower-case names), parsed body or text. */
export interface ComparedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body, `undefined` when none or not JSON. */
  readonly json: unknown;
  /** Whether the body was JSON (or empty). */
  readonly isJson: boolean;
}

const PAGINATION = ['total', 'page', 'size', 'pages'] as const;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const typeName = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
const pointer = (base: string, key: string | number): string =>
  `${base}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Compares `replayed` with `recorded`, pairing ids and times in `ids`. */
export function compareResponses(
  recorded: ComparedResponse,
  replayed: ComparedResponse,
  ids: Correspondence,
): Difference[] {
  const found: Difference[] = [];
  const sameStatus = recorded.status === replayed.status;
  if (sameStatus) compareHeaders(recorded.headers, replayed.headers, found);
  else {
    found.push({
      kind: 'status',
      where: 'status',
      message: `recorded ${recorded.status}, replayed ${replayed.status}`,
    });
  }
  const a = errorCode(recorded.json);
  const b = errorCode(replayed.json);
  if (a !== undefined && b !== undefined && a !== b) {
    found.push({ kind: 'error-code', where: '/code', message: `recorded ${a}, replayed ${b}` });
  }
  // Bodies of different statuses are different documents: past the error code, comparing them
  // says nothing more.
  if (!sameStatus || !recorded.isJson || recorded.json === undefined) return found;
  if (!replayed.isJson || replayed.json === undefined) {
    found.push({ kind: 'shape', where: '', message: 'recorded a JSON body, replayed none' });
    return found;
  }
  walk(recorded.json, replayed.json, '', ids, found, 0);
  return found;
}

function errorCode(body: unknown): string | undefined {
  return isObject(body) && typeof body.code === 'string' && typeof body.status === 'number'
    ? body.code
    : undefined;
}

function compareHeaders(
  recorded: Readonly<Record<string, string>>,
  replayed: Readonly<Record<string, string>>,
  found: Difference[],
): void {
  for (const name of RECORDED_RESPONSE_HEADERS) {
    const a = Object.hasOwn(recorded, name) ? recorded[name] : undefined;
    const b = Object.hasOwn(replayed, name) ? replayed[name] : undefined;
    if ((a === undefined) !== (b === undefined)) {
      found.push({
        kind: 'header',
        where: `header ${name}`,
        message: a === undefined ? 'replayed only' : 'recorded only, missing on replay',
      });
    } else if (name === 'content-type' && a !== undefined && b !== undefined) {
      const media = (v: string) => v.split(';')[0]!.trim().toLowerCase();
      if (media(a) !== media(b)) {
        found.push({
          kind: 'header',
          where: `header ${name}`,
          message: `recorded ${media(a)}, replayed ${media(b)}`,
        });
      }
    }
  }
}

function walk(
  a: unknown,
  b: unknown,
  at: string,
  ids: Correspondence,
  found: Difference[],
  depth: number,
): void {
  if (depth > MAX_DEPTH) return;
  // A nullable field may be null on one side and a value on the other.
  if (a === null || b === null) return;
  const ta = typeName(a);
  const tb = typeName(b);
  if (ta !== tb) {
    found.push({ kind: 'shape', where: at, message: `recorded a ${ta}, replayed a ${tb}` });
    return;
  }
  if (typeof a === 'string') {
    compareString(a, b as string, at, ids, found);
    return;
  }
  if (Array.isArray(a)) {
    compareArray(a, b as unknown[], at, ids, found, depth);
    return;
  }
  if (!isObject(a)) return;
  const bo = b as Json;
  if (Array.isArray(a.entries) && typeof a.total === 'number') {
    for (const name of PAGINATION) {
      if (Object.hasOwn(a, name) && Object.hasOwn(bo, name) && a[name] !== bo[name]) {
        found.push({
          kind: 'pagination',
          where: pointer(at, name),
          message: `recorded ${JSON.stringify(a[name])}, replayed ${JSON.stringify(bo[name])}`,
        });
      }
    }
  }
  for (const name of Object.keys(a)) {
    if (!Object.hasOwn(bo, name)) {
      found.push({ kind: 'shape', where: pointer(at, name), message: 'field missing on replay' });
    }
  }
  for (const name of Object.keys(bo)) {
    if (!Object.hasOwn(a, name)) {
      found.push({ kind: 'shape', where: pointer(at, name), message: 'field added on replay' });
    }
  }
  for (const name of Object.keys(a)) {
    if (Object.hasOwn(bo, name)) walk(a[name], bo[name], pointer(at, name), ids, found, depth + 1);
  }
  compareTimesWithin(a, bo, at, found);
}

function compareString(
  a: string,
  b: string,
  at: string,
  ids: Correspondence,
  found: Difference[],
): void {
  if (isUuid(a)) {
    if (!isUuid(b)) {
      found.push({
        kind: 'format',
        where: at,
        message: `recorded a UUID, replayed ${JSON.stringify(b)}`,
      });
      return;
    }
    const why = ids.pairId(a, b);
    if (why !== undefined)
      found.push({ kind: 'identity', where: at, message: `recorded ${a} ${why}` });
    return;
  }
  if (isTimestamp(a)) {
    const fa = timestampFormat(a);
    const fb = isTimestamp(b) ? timestampFormat(b) : undefined;
    if (fa !== fb) {
      found.push({
        kind: 'format',
        where: at,
        message: `recorded a timestamp like ${a}, replayed ${JSON.stringify(b)}`,
      });
      return;
    }
    ids.pairTime(a, b);
    return;
  }
  const digits = fractionDigits(a);
  if (digits !== undefined && fractionDigits(b) !== digits) {
    found.push({
      kind: 'format',
      where: at,
      message: `recorded a decimal with ${digits} fraction digits (${a}), replayed ${JSON.stringify(b)}`,
    });
  }
}

/** Times of one record in the opposite strict order (equal on either side is tolerated). */
function compareTimesWithin(a: Json, b: Json, at: string, found: Difference[]): void {
  const names = Object.keys(a).filter(
    (name) => typeof a[name] === 'string' && isTimestamp(a[name] as string),
  );
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const x = names[i]!;
      const y = names[j]!;
      const ra = pairRelation(a[x], a[y]);
      const rb = pairRelation(b[x], b[y]);
      if (ra !== undefined && rb !== undefined && ra !== 0 && rb === -ra) {
        found.push({
          kind: 'time-order',
          where: at === '' ? '/' : at,
          message: `recorded ${x} ${ra < 0 ? 'before' : 'after'} ${y}, replayed the other way round`,
        });
      }
    }
  }
}

function compareArray(
  a: unknown[],
  b: unknown[],
  at: string,
  ids: Correspondence,
  found: Difference[],
  depth: number,
): void {
  if (a.length !== b.length) {
    found.push({
      kind: 'entries',
      where: at,
      message: `recorded ${a.length} entries, replayed ${b.length}`,
    });
  }
  const keyed = a.every((e) => isObject(e) && typeof e.id === 'string');
  if (!keyed || !b.every((e) => isObject(e) && typeof e.id === 'string')) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      walk(a[i], b[i], pointer(at, i), ids, found, depth + 1);
    }
    return;
  }
  const pairOf = pairEntries(a as Json[], b as Json[], at, ids, found);
  const order = pairOf.filter((j) => j !== -1);
  const sorted = order.every((j, k) => k === 0 || order[k - 1]! < j);
  if (!sorted) {
    found.push({
      kind: 'ordering',
      where: at,
      message: `entries in another order: recorded positions 0…${a.length - 1} came back at ${order.join(', ')}`,
    });
  } else if (a.length === b.length) {
    compareTimeSequence(a as Json[], b as Json[], at, found);
  }
  for (let i = 0; i < a.length; i++) {
    if (pairOf[i] !== -1) walk(a[i], b[pairOf[i]!], pointer(at, i), ids, found, depth + 1);
  }
}

/**
 * The replayed entry each recorded entry is compared with (its index in `b`, or -1). Recorded
 * entries the replay already knows are paired with their counterparts wherever they are; an entry
 * the replay has not met yet by what the client chose (the number, the text, a name), which the
 * replay sent as recorded; the rest with the target's unclaimed entries, in order. A reordered
 * list then still pairs each entry with its counterpart.
 */
function pairEntries(
  a: Json[],
  b: Json[],
  at: string,
  ids: Correspondence,
  found: Difference[],
): number[] {
  const pairOf = new Array<number>(a.length).fill(-1);
  const claimed = new Set<number>();
  const pair = (i: number, j: number) => {
    pairOf[i] = j;
    claimed.add(j);
  };
  const bIds = b.map((e) => (e.id as string).toLowerCase());
  a.forEach((entry, i) => {
    const expected = ids.id(entry.id as string);
    if (expected === undefined) return;
    const j = bIds.indexOf(expected);
    if (j !== -1) pair(i, j);
    else {
      found.push({
        kind: 'entries',
        where: pointer(at, i),
        message: `recorded entry ${entry.id as string} (the target's ${expected}) is not in the replayed list`,
      });
    }
  });
  const unmet = a.flatMap((entry, i) => (ids.id(entry.id as string) === undefined ? [i] : []));
  const prints = b.map(fingerprint);
  for (const i of unmet) {
    const print = fingerprint(a[i]!);
    const j = print === '' ? -1 : prints.findIndex((p, k) => p === print && !claimed.has(k));
    if (j !== -1) pair(i, j);
  }
  let next = 0;
  for (const i of unmet) {
    if (pairOf[i] !== -1) continue;
    while (next < b.length && claimed.has(next)) next++;
    if (next < b.length) pair(i, next++);
  }
  return pairOf;
}

/**
 * The order of a list by its times, as the target returned it: where the recording has each
 * entry strictly before (or after) the next by a time field, the replay must not have the
 * opposite (entries the id mapping cannot place, such as records the target already held).
 */
function compareTimeSequence(a: Json[], b: Json[], at: string, found: Difference[]): void {
  for (const field of ['created_at', 'updated_at']) {
    for (let i = 0; i + 1 < a.length; i++) {
      const ra = pairRelation(a[i]![field], a[i + 1]![field]);
      const rb = pairRelation(b[i]![field], b[i + 1]![field]);
      if (ra !== undefined && rb !== undefined && ra !== 0 && rb === -ra) {
        found.push({
          kind: 'ordering',
          where: pointer(at, i + 1),
          message: `recorded entries in ${ra > 0 ? 'descending' : 'ascending'} ${field} here, replayed the other way round`,
        });
        return;
      }
    }
  }
}

/** Fields a client chose, the same at any target the cassette replays to. */
const CHOSEN = ['e164_format', 'target_e164', 'content', 'name', 'external_id', 'channel_type'];

function fingerprint(entry: Json): string {
  const parts = CHOSEN.filter((name) => typeof entry[name] === 'string').map(
    (name) => `${name}=${entry[name] as string}`,
  );
  return parts.length === 0 ? '' : parts.join('\u0000');
}

function pairRelation(x: unknown, y: unknown): number | undefined {
  return typeof x === 'string' && typeof y === 'string' ? timeRelation(x, y) : undefined;
}
