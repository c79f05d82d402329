/**
 * One replayed answer against its recording, one {@link DifferenceKind} at a time. Ids and times
 * are compared by rule ({@link Correspondence}): each recorded id pairs with the target's id at the
 * same place, and must keep standing for it.
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

/** A response as compared: status, headers (lower-case names), parsed body. */
export interface ComparedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body, `undefined` when none, not JSON or not recorded whole. */
  readonly json: unknown;
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
  const run = new Comparison(ids);
  const sameStatus = recorded.status === replayed.status;
  if (sameStatus) run.headers(recorded.headers, replayed.headers);
  else run.note('status', 'status', `recorded ${recorded.status}, replayed ${replayed.status}`);
  const a = errorCode(recorded.json);
  const b = errorCode(replayed.json);
  if (a !== undefined && b !== undefined && a !== b) {
    run.note('error-code', '/code', `recorded ${a}, replayed ${b}`);
  }
  // Bodies of different statuses are different documents: past the error code, comparing them
  // says nothing more.
  if (!sameStatus || recorded.json === undefined) return run.found;
  if (replayed.json === undefined) run.note('shape', '', 'recorded a JSON body, replayed none');
  else run.walk(recorded.json, replayed.json, '', 0);
  return run.found;
}

function errorCode(body: unknown): string | undefined {
  return isObject(body) && typeof body.code === 'string' && typeof body.status === 'number'
    ? body.code
    : undefined;
}

/** One response's comparison: the differences found so far and the ids paired on the way. */
class Comparison {
  readonly found: Difference[] = [];
  constructor(readonly ids: Correspondence) {}

  note(kind: DifferenceKind, where: string, message: string): void {
    this.found.push({ kind, where, message });
  }

  headers(recorded: Readonly<Record<string, string>>, replayed: Readonly<Record<string, string>>) {
    const media = (v: string) => v.split(';')[0]!.trim().toLowerCase();
    for (const name of RECORDED_RESPONSE_HEADERS) {
      const a = recorded[name];
      const b = replayed[name];
      if ((a === undefined) !== (b === undefined)) {
        const message = a === undefined ? 'replayed only' : 'recorded only, missing on replay';
        this.note('header', `header ${name}`, message);
      } else if (name === 'content-type' && a !== undefined && media(a) !== media(b!)) {
        this.note('header', `header ${name}`, `recorded ${media(a)}, replayed ${media(b!)}`);
      }
    }
  }

  walk(a: unknown, b: unknown, at: string, depth: number): void {
    if (depth > MAX_DEPTH) return;
    // A nullable field may be null on one side and a value on the other.
    if (a === null || b === null) return;
    const ta = typeName(a);
    const tb = typeName(b);
    if (ta !== tb) this.note('shape', at, `recorded a ${ta}, replayed a ${tb}`);
    else if (typeof a === 'string') this.string(a, b as string, at);
    else if (Array.isArray(a)) this.array(a, b as unknown[], at, depth);
    else if (isObject(a)) this.object(a, b as Json, at, depth);
  }

  object(a: Json, bo: Json, at: string, depth: number): void {
    if (Array.isArray(a.entries) && typeof a.total === 'number') {
      for (const name of PAGINATION) {
        if (Object.hasOwn(a, name) && Object.hasOwn(bo, name) && a[name] !== bo[name]) {
          const message = `recorded ${JSON.stringify(a[name])}, replayed ${JSON.stringify(bo[name])}`;
          this.note('pagination', pointer(at, name), message);
        }
      }
    }
    for (const name of Object.keys(a)) {
      if (Object.hasOwn(bo, name)) this.walk(a[name], bo[name], pointer(at, name), depth + 1);
      else this.note('shape', pointer(at, name), 'field missing on replay');
    }
    for (const name of Object.keys(bo)) {
      if (!Object.hasOwn(a, name)) this.note('shape', pointer(at, name), 'field added on replay');
    }
    this.timesWithin(a, bo, at);
  }

  string(a: string, b: string, at: string): void {
    if (isUuid(a)) {
      if (!isUuid(b)) this.note('format', at, `recorded a UUID, replayed ${JSON.stringify(b)}`);
      else {
        const why = this.ids.pairId(a, b);
        if (why !== undefined) this.note('identity', at, `recorded ${a} ${why}`);
      }
      return;
    }
    if (isTimestamp(a)) {
      const fb = isTimestamp(b) ? timestampFormat(b) : undefined;
      if (timestampFormat(a) === fb) this.ids.pairTime(a, b);
      else this.note('format', at, `recorded a timestamp like ${a}, replayed ${JSON.stringify(b)}`);
      return;
    }
    const digits = fractionDigits(a);
    if (digits !== undefined && fractionDigits(b) !== digits) {
      const message = `recorded a decimal with ${digits} fraction digits (${a}), replayed ${JSON.stringify(b)}`;
      this.note('format', at, message);
    }
  }

  /** Times of one record in the opposite strict order. */
  timesWithin(a: Json, b: Json, at: string): void {
    const names = Object.keys(a).filter(
      (name) => typeof a[name] === 'string' && isTimestamp(a[name] as string),
    );
    names.forEach((x, i) => {
      for (const y of names.slice(i + 1)) {
        const ra = reversed(a[x], a[y], b[x], b[y]);
        if (ra !== undefined) {
          const message = `recorded ${x} ${ra < 0 ? 'before' : 'after'} ${y}, replayed the other way round`;
          this.note('time-order', at === '' ? '/' : at, message);
        }
      }
    });
  }

  array(a: unknown[], b: unknown[], at: string, depth: number): void {
    if (a.length !== b.length) {
      this.note('entries', at, `recorded ${a.length} entries, replayed ${b.length}`);
    }
    const keyed = (list: unknown[]) => list.every((e) => isObject(e) && typeof e.id === 'string');
    if (!keyed(a) || !keyed(b)) {
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        this.walk(a[i], b[i], pointer(at, i), depth + 1);
      }
      return;
    }
    const pairOf = this.pairEntries(a as Json[], b as Json[], at);
    const order = pairOf.filter((j) => j !== -1);
    const sorted = order.every((j, k) => k === 0 || order[k - 1]! < j);
    if (!sorted) {
      const message = `entries in another order: recorded positions 0…${a.length - 1} came back at ${order.join(', ')}`;
      this.note('ordering', at, message);
    } else if (a.length === b.length) {
      this.timeSequence(a as Json[], b as Json[], at);
    }
    for (let i = 0; i < a.length; i++) {
      if (pairOf[i] !== -1) this.walk(a[i], b[pairOf[i]!], pointer(at, i), depth + 1);
    }
  }

  /**
   * The replayed entry each recorded entry is compared with (its index in `b`, or -1). Recorded
   * entries the replay already knows are paired with their counterparts wherever they are; an
   * entry the replay has not met yet by what the client chose (the number, the text, a name),
   * which the replay sent as recorded; the rest with the target's unclaimed entries, in order. A
   * reordered list then still pairs each entry with its counterpart.
   */
  pairEntries(a: Json[], b: Json[], at: string): number[] {
    const pairOf = new Array<number>(a.length).fill(-1);
    const claimed = new Set<number>();
    const pair = (i: number, j: number) => {
      pairOf[i] = j;
      claimed.add(j);
    };
    const bIds = b.map((e) => (e.id as string).toLowerCase());
    const unmet: number[] = [];
    a.forEach((entry, i) => {
      const expected = this.ids.id(entry.id as string);
      const j = expected === undefined ? -1 : bIds.indexOf(expected);
      if (expected === undefined) unmet.push(i);
      else if (j !== -1) pair(i, j);
      else {
        const message = `recorded entry ${entry.id as string} (the target's ${expected}) is not in the replayed list`;
        this.note('entries', pointer(at, i), message);
      }
    });
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
  timeSequence(a: Json[], b: Json[], at: string): void {
    for (const field of ['created_at', 'updated_at']) {
      for (let i = 0; i + 1 < a.length; i++) {
        const ra = reversed(a[i]![field], a[i + 1]![field], b[i]![field], b[i + 1]![field]);
        if (ra !== undefined) {
          const order = ra > 0 ? 'descending' : 'ascending';
          const message = `recorded entries in ${order} ${field} here, replayed the other way round`;
          this.note('ordering', pointer(at, i + 1), message);
          return;
        }
      }
    }
  }
}

/** Fields a client chose, the same at any target the cassette replays to. */
const CHOSEN = ['e164_format', 'target_e164', 'content', 'name', 'external_id', 'channel_type'];

function fingerprint(entry: Json): string {
  return CHOSEN.filter((name) => typeof entry[name] === 'string')
    .map((name) => `${name}=${entry[name] as string}`)
    .join('\u0000');
}

/**
 * How recorded times `ax` and `ay` relate (-1 or 1) when the replayed `bx` and `by` relate the
 * other way round; `undefined` otherwise (equal on either side is tolerated).
 */
function reversed(ax: unknown, ay: unknown, bx: unknown, by: unknown): number | undefined {
  const relation = (x: unknown, y: unknown) =>
    typeof x === 'string' && typeof y === 'string' ? timeRelation(x, y) : undefined;
  const ra = relation(ax, ay);
  const rb = relation(bx, by);
  return ra !== undefined && rb !== undefined && ra !== 0 && rb === -ra ? ra : undefined;
}
