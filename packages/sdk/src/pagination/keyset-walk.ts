/**
 * The walk behind a list's iteration: a keyset walk on `(created_at, id)`, which holds while
 * records are created and change state.
 *
 * 1. The first page is the one the caller asked for, as the service answered it.
 * 2. Every later request is page 1 of the list bounded at the last entry passed (the cursor):
 *    `created_at__le` (descending) or `created_at__ge` (ascending) set to its `created_at`, all
 *    the caller's filters kept. Entries at or before the cursor (the boundary instant's entries
 *    already passed) are dropped. No offset spans two requests, so a record leaving a filter
 *    shifts nothing the walk still has to read. The walk's order is `(created_at, id)` in the
 *    list's direction; timestamps share one fixed format and offset, so both compare as strings.
 * 3. When a full page lies entirely at the cursor's instant `T`, that instant may hold more
 *    entries than a page: the walk drains `T` (`created_at__ge=T&created_at__le=T`) by offset, in
 *    pages of 200, with only the filters no record can leave, applying the others (`status` and
 *    `error_code`, which change as a record moves through its states) itself: an entry leaving a
 *    filter while the walk pages by offset would shift the rest up, past the walk. Every other
 *    filter names something fixed at creation, or (a campaign's `tag_id`) something a record can
 *    enter but never leave. At one instant only inserts can happen then, which shift entries toward
 *    later offsets: a repeat (dropped, it is not after the cursor), never a skip. The walk then
 *    goes on strictly past `T` (one microsecond beyond it).
 * 4. A descending walk never goes above its first entry, so what is created meanwhile stays out.
 *    An ascending walk would chase new records for ever: it is capped at the newest record when
 *    it starts (one request of one entry), or at the caller's own `created_at__le`.
 */
import { PaginationError } from '../core/errors';
import type { ListQuery, Page } from './page';

/** The query parameters of the filters a record can leave. */
const MUTABLE_FILTERS = ['status', 'error_code'] as const;

/** What the walk reads of an entry: its place in the walk, and the fields of the mutable filters. */
export interface WalkEntry {
  /** The record's id (a UUID v7). */
  id: string;
  /** When it was created: `YYYY-MM-DDTHH:MM:SS.ffffff+00:00`, never changed. */
  created_at: string;
  /** The list status. */
  status?: string;
  /** The error code, `null` while none. */
  error_code?: string | null;
}

/** The query without its mutable filters. */
export function withoutMutableFilters<Q extends ListQuery>(query: Q): Q {
  const stable = { ...query };
  for (const name of MUTABLE_FILTERS) delete stable[name];
  return stable;
}

type Filtered = Pick<WalkEntry, 'status' | 'error_code'>;

/** A predicate applying the query's mutable filters to an entry, as the service would. */
export function mutableFilterOf(query: ListQuery): (entry: Filtered) => boolean {
  const tests: ((entry: Filtered) => boolean)[] = [];
  for (const name of MUTABLE_FILTERS) {
    const given = query[name];
    // A filter takes a list and matches any of its values; an empty list filters nothing.
    const values = new Set<unknown>(given === undefined ? [] : [given].flat());
    if (values.size > 0) tests.push((entry) => values.has(entry[name]));
  }
  return (entry) => tests.every((test) => test(entry));
}

/** `1` for an ascending walk, `-1` for a descending one. */
export type Direction = 1 | -1;

/** Whether `entry` comes strictly after `cursor` in a walk going `direction`. */
export function isAfter(entry: WalkEntry, cursor: WalkEntry, direction: Direction): boolean {
  const [a, b] =
    entry.created_at === cursor.created_at
      ? [entry.id, cursor.id]
      : [entry.created_at, cursor.created_at];
  return direction > 0 ? a > b : a < b;
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The first instant past `timestamp` in a walk going `direction`: one microsecond later (ascending)
 * or earlier (descending), in the service's format. List bounds are inclusive and timestamps have
 * microsecond precision, so `created_at__le` of the instant just before `T` is
 * "strictly before `T`".
 *
 * @throws {@link PaginationError} `PAGE_INCONSISTENT` when `timestamp` is not an ISO 8601 date-time
 * with at most six fraction digits and an offset.
 */
export function instantPast(timestamp: string, direction: Direction): string {
  const [, seconds = '', fraction = '', offset = ''] = TIMESTAMP.exec(timestamp) ?? [];
  // Epoch microseconds stay below 2^53 until the year 2255; NaN when it is no timestamp.
  const micros =
    Date.parse(`${seconds}${offset}`) * 1000 + Number(fraction.padEnd(6, '0')) + direction;
  if (Number.isNaN(micros)) {
    throw new PaginationError(
      `created_at ${JSON.stringify(timestamp)} is not an ISO 8601 timestamp`,
      { code: 'PAGE_INCONSISTENT' },
    );
  }
  const ms = Math.floor(micros / 1000);
  return `${new Date(ms).toISOString().slice(0, 23)}${String(micros - ms * 1000).padStart(3, '0')}+00:00`;
}

/** The largest `size` every list endpoint accepts (the contract's maximum). */
const DRAIN_SIZE = 200;

/**
 * Every page of a list, from the requested one on: the first as the service answered it, then
 * pages of `size` entries not yielded before (the last one may hold fewer). Only an empty first
 * page (an empty list, or a `page` past the end) comes without entries, and then alone.
 *
 * @param fetchPage - Fetches one page for a query.
 * @param query - The caller's query.
 * @param firstPage - The first page, fetched once and shared with `await`.
 * @throws {@link PaginationError} `ORDER_NOT_ITERABLE` for `order_by: 'updated_at'`, before any
 * request.
 */
export async function* walkPages<
  Entry extends WalkEntry,
  P extends Page<Entry>,
  Q extends ListQuery,
>(
  fetchPage: (query: Q) => Promise<P>,
  query: Q,
  firstPage: () => Promise<P>,
): AsyncGenerator<P, void, undefined> {
  // A record moves in `updated_at` order whenever it changes.
  if ((query.order_by ?? 'created_at') !== 'created_at') {
    throw new PaginationError(
      "A list ordered by updated_at cannot be iterated (its records move while it is read): use order_by 'created_at' or await one page at a time",
      { code: 'ORDER_NOT_ITERABLE' },
    );
  }
  const first = await firstPage();
  yield first;
  const last = first.entries.at(-1);
  if (last === undefined || first.page >= first.pages) return;
  yield* walkRest(fetchPage, query, first, last);
}

interface Walk<Entry extends WalkEntry, P extends Page<Entry>> {
  readonly first: P;
  readonly direction: Direction;
  // The envelope's size is the requested one; never less than 1, or no page would fill.
  readonly size: number;
  // The last entry passed: yielded, or dropped by a mutable filter while draining.
  cursor: WalkEntry;
  // The `page` of the last page yielded: pages are numbered on from the first one.
  ordinal: number;
  // Entries read and not yet yielded: pages are yielded full, but for the last.
  readonly buffer: Entry[];
}

async function* walkRest<Entry extends WalkEntry, P extends Page<Entry>, Q extends ListQuery>(
  fetchPage: (query: Q) => Promise<P>,
  query: Q,
  first: P,
  last: WalkEntry,
): AsyncGenerator<P, void, undefined> {
  const direction: Direction = query.order === 'asc' ? 1 : -1;
  const walk: Walk<Entry, P> = {
    first,
    direction,
    size: Math.max(1, first.size),
    cursor: last,
    ordinal: first.page,
    buffer: [],
  };
  const ceiling = await ceilingOf(fetchPage, query, direction);
  if (direction > 0 && ceiling === undefined) return;
  let page = first;
  for (;;) {
    // The next request's inclusive bound: the cursor's instant, or just past it once drained.
    let from = walk.cursor.created_at;
    if (fillsOneInstant(walk, page)) {
      yield* drain(walk, fetchPage, query, from);
      from = instantPast(from, direction);
    }
    const bound =
      direction < 0 ? { created_at__le: from } : { created_at__ge: from, created_at__le: ceiling };
    page = await fetchPage({ ...query, ...bound, page: 1 });
    const fresh = page.entries.filter((entry) => isAfter(entry, walk.cursor, direction));
    if (fresh.length === 0 && page.page < page.pages && !fillsOneInstant(walk, page)) {
      // Only a page out of the list's own order gets here; going on could loop for ever.
      throw new PaginationError('A list page came out of order', { code: 'PAGE_INCONSISTENT' });
    }
    yield* advance(walk, fresh);
    if (page.entries.length === 0 || page.page >= page.pages) break;
  }
  if (walk.buffer.length > 0) yield next(walk, walk.buffer.length);
}

function next<Entry extends WalkEntry, P extends Page<Entry>>(
  walk: Walk<Entry, P>,
  count: number,
): P {
  return { ...walk.first, page: ++walk.ordinal, entries: walk.buffer.splice(0, count) };
}

// Whether `page` is full (more entries follow) and lies entirely at the cursor's instant, which
// may then hold more matching entries than a page. Entries come in walk order and none lies past
// the cursor, so the first one at the cursor's instant puts them all there.
function fillsOneInstant(walk: Walk<WalkEntry, Page<WalkEntry>>, page: Page<WalkEntry>): boolean {
  return page.page < page.pages && page.entries[0]?.created_at === walk.cursor.created_at;
}

// Takes `fresh` entries (in walk order, after the cursor) and yields the pages they fill.
function* advance<Entry extends WalkEntry, P extends Page<Entry>>(
  walk: Walk<Entry, P>,
  fresh: readonly Entry[],
): Generator<P, void, undefined> {
  const newest = fresh.at(-1);
  if (newest === undefined) return;
  if (isAfter(newest, walk.cursor, walk.direction)) walk.cursor = newest;
  walk.buffer.push(...fresh);
  while (walk.buffer.length >= walk.size) yield next(walk, walk.size);
}

// Reads one instant whole by offset (see the module notes), yielding what the walk has not.
async function* drain<Entry extends WalkEntry, P extends Page<Entry>, Q extends ListQuery>(
  walk: Walk<Entry, P>,
  fetchPage: (query: Q) => Promise<P>,
  query: Q,
  instant: string,
): AsyncGenerator<P, void, undefined> {
  const matches = mutableFilterOf(query);
  const stable: Q = {
    ...withoutMutableFilters(query),
    created_at__ge: instant,
    created_at__le: instant,
    size: DRAIN_SIZE,
  };
  for (let n = 1; ; n++) {
    const page = await fetchPage({ ...stable, page: n });
    const fresh: Entry[] = [];
    for (const entry of page.entries) {
      if (!isAfter(entry, walk.cursor, walk.direction)) continue; // passed before, or a repeat
      walk.cursor = entry;
      if (matches(entry)) fresh.push(entry);
    }
    yield* advance(walk, fresh);
    if (page.entries.length === 0 || page.page >= page.pages) return;
  }
}

// The newest `created_at` an ascending walk goes up to: the caller's `created_at__le`, or the
// newest record's when the walk starts, under the filters no record can leave (so that whatever
// matched when the walk started lies at or below it). None: nothing to walk.
async function ceilingOf<Q extends ListQuery>(
  fetchPage: (query: Q) => Promise<Page<WalkEntry>>,
  query: Q,
  direction: Direction,
): Promise<string | undefined> {
  const ceiling = query.created_at__le;
  if (direction < 0 || ceiling !== undefined) return ceiling;
  const newest = await fetchPage({
    ...withoutMutableFilters(query),
    order: 'desc',
    page: 1,
    size: 1,
  });
  return newest.entries[0]?.created_at;
}
