/**
 * The walk behind a list's iteration: a keyset walk on `(created_at, id)`, which holds while
 * records are created and change state.
 *
 * 1. The first page is the one the caller asked for, as the service answered it.
 * 2. Every later request is page 1 of the list bounded at the last entry passed (the cursor):
 *    `created_at__le` (descending) or `created_at__ge` (ascending) set to its `created_at`, all
 *    the caller's filters kept. Entries at or before the cursor (the boundary instant's entries
 *    already passed) are dropped. No offset spans two requests, so a record leaving a filter
 *    shifts nothing the walk still has to read.
 * 3. When a full page lies entirely at the cursor's instant `T`, that instant may hold more
 *    entries than a page: the walk drains `T` (`created_at__ge=T&created_at__le=T`) by offset, in
 *    pages of 200, with only the filters no record can leave (see `./list-filters.ts`), applying
 *    the others itself. At one instant only inserts can happen then, which shift entries toward
 *    later offsets: a repeat (dropped, it is not after the cursor), never a skip. The walk then
 *    goes on strictly past `T` (one microsecond beyond it).
 * 4. A descending walk never goes above its first entry, so what is created meanwhile stays out.
 *    An ascending walk would chase new records for ever: it is capped at the newest record when
 *    it starts (one request of one entry), or at the caller's own `created_at__le`.
 *
 * @module
 */
import { PaginationError } from '../core/errors';
import { type Filterable, mutableFilterOf, withoutMutableFilters } from './list-filters';
import type { ListQuery, Page } from './page';
import { type Direction, instantPast, isAfter, type Keyed } from './walk-order';

/** The largest `size` every list endpoint accepts (the contract's maximum). */
const DRAIN_SIZE = 200;

/** What the walk reads of an entry. */
export type WalkEntry = Keyed & Filterable;

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

// Where a walk past the first page stands.
interface Walk<Entry extends WalkEntry, P extends Page<Entry>> {
  readonly first: P;
  readonly direction: Direction;
  // The envelope's size is the requested one; never less than 1, or no page would fill.
  readonly size: number;
  // The last entry passed: yielded, or dropped by a mutable filter while draining.
  cursor: Keyed;
  // The `page` of the last page yielded: pages are numbered on from the first one.
  ordinal: number;
  // Entries read and not yet yielded: pages are yielded full, but for the last.
  readonly buffer: Entry[];
}

// The walk past the first page: page 1 bounded at the cursor, again and again (see the module
// notes).
async function* walkRest<Entry extends WalkEntry, P extends Page<Entry>, Q extends ListQuery>(
  fetchPage: (query: Q) => Promise<P>,
  query: Q,
  first: P,
  last: Keyed,
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
    // Page 1 from `from` on (up to the ceiling, ascending).
    const bound =
      direction < 0 ? { created_at__le: from } : { created_at__ge: from, created_at__le: ceiling };
    page = await fetchPage({ ...query, ...bound, page: 1 });
    const fresh = page.entries.filter((entry) => isNew(walk, entry));
    if (fresh.length === 0 && page.page < page.pages && !fillsOneInstant(walk, page)) {
      // Only a page out of the list's own order gets here; going on could loop for ever.
      throw new PaginationError('A list page came out of order', { code: 'PAGE_INCONSISTENT' });
    }
    yield* advance(walk, fresh);
    if (page.entries.length === 0 || page.page >= page.pages) break;
  }
  if (walk.buffer.length > 0) yield next(walk, walk.buffer.length);
}

// Whether an entry lies past the walk's cursor.
function isNew(walk: Walk<WalkEntry, Page<WalkEntry>>, entry: Keyed): boolean {
  return isAfter(entry, walk.cursor, walk.direction);
}

// A page of the next `count` buffered entries, with the first page's envelope.
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
  if (isNew(walk, newest)) walk.cursor = newest;
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
      if (!isNew(walk, entry)) continue; // passed before, or a repeat
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
