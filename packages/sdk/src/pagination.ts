/**
 * Lists: one object that is a page when awaited and every entry when iterated.
 *
 * Iterating a list that grows while it is read (new messages arrive at the top of
 * `created_at desc`) yields every entry that existed when the first page was read, once each:
 *
 * 1. When ordering by `created_at` (the default) in descending order and the caller set no
 *    `created_at__le`, the pages after the first are fetched with `created_at__le` pinned to the
 *    first entry's `created_at`, so newer records stay out.
 * 2. Records created later at that very instant still get in (their ids sort above the first
 *    entry's) and push the rest down by one place each, which would repeat entries. The iterator
 *    therefore yields only entries strictly after the last one it yielded in `(created_at, id)`
 *    order, the list's own order (ties are broken by id in the same direction, decision D25).
 *    Nothing is skipped: records only ever enter above the entries already read.
 *
 * Ordering by `updated_at` is a moving target (a record moves when it changes): such lists are
 * paged by offset only.
 *
 * @module
 */

/** The envelope of every list response. */
export interface Page<Entry> {
  /** Matching records across all pages. */
  total: number;
  /** This page's index, from 1. */
  page: number;
  /** The requested page size. */
  size: number;
  /** `ceil(total / size)`. */
  pages: number;
  /** This page's records, in the list's order. */
  entries: Entry[];
}

/** The list parameters the iterator reads (every list endpoint has them). */
export interface ListQuery {
  /** The page to start from, from 1. */
  page?: number;
  /** Sort direction. Default `desc`. */
  order?: 'asc' | 'desc';
  /** Sort field. Default `created_at`. */
  order_by?: 'created_at' | 'updated_at';
  /** Upper bound of `created_at`, inclusive; the iterator pins it (see the module notes). */
  created_at__le?: string;
}

type Ordered = { id: string; created_at: string };

/**
 * The result of a `list` call: `await` it for one page (`{ total, page, size, pages, entries }`),
 * `for await` it for every entry page after page, `.pages()` for every page, or `.toArray({ limit })`.
 * Nothing is fetched until one of these is used; the first page is fetched once and shared.
 *
 * @example
 * ```ts
 * const page = await client.messages.list({ size: 50 });           // one page
 * for await (const message of client.messages.list({ status: ['FAILED'] })) {
 *   console.log(message.id, message.error_code);                   // every entry
 * }
 * const recent = await client.messages.list().toArray({ limit: 500 });
 * ```
 */
export class PageList<
  Entry extends Ordered,
  P extends Page<Entry> = Page<Entry>,
  Q extends ListQuery = ListQuery,
> implements PromiseLike<P>, AsyncIterable<Entry>
{
  readonly #fetch: (query: Q) => Promise<P>;
  readonly #query: Q;
  #first: Promise<P> | undefined;

  /**
   * @param fetchPage - Fetches one page for a query.
   * @param query - The caller's query.
   */
  constructor(fetchPage: (query: Q) => Promise<P>, query: Q) {
    this.#fetch = fetchPage;
    this.#query = query;
  }

  #firstPage(): Promise<P> {
    this.#first ??= this.#fetch(this.#query);
    return this.#first;
  }

  /** Awaiting a list gives its first (or requested) page. */
  // biome-ignore lint/suspicious/noThenProperty: awaiting it is the point.
  then<A = P, B = never>(
    onFulfilled?: ((page: P) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#firstPage().then(onFulfilled, onRejected);
  }

  /** The first page's failure, as `Promise.prototype.catch`. */
  catch<B = never>(onRejected: (reason: unknown) => B | PromiseLike<B>): Promise<P | B> {
    return this.#firstPage().catch(onRejected);
  }

  /** Every page from the requested one to the last, without repeats (see the module notes). */
  async *pages(): AsyncGenerator<P, void, undefined> {
    const query = { ...this.#query };
    const keyset = (query.order_by ?? 'created_at') === 'created_at';
    const sign = query.order === 'asc' ? 1 : -1;
    // Pinning is only sound from page 1: later pages are offsets into the unpinned list.
    let pin = keyset && sign < 0 && (query.page ?? 1) === 1 && query.created_at__le === undefined;
    let last: Ordered | undefined;
    let raw = await this.#firstPage();
    for (;;) {
      let page = raw;
      if (keyset && last !== undefined) {
        const after = last;
        const entries = raw.entries.filter((entry) => compare(entry, after) * sign > 0);
        if (entries.length !== raw.entries.length) page = { ...raw, entries };
      }
      const first = page.entries[0];
      if (pin && first !== undefined) {
        query.created_at__le = first.created_at;
        pin = false;
      }
      last = page.entries.at(-1) ?? last;
      if (page.entries.length > 0 || raw.entries.length === 0) yield page;
      if (raw.page >= raw.pages || raw.entries.length === 0) return;
      query.page = raw.page + 1;
      raw = await this.#fetch(query);
    }
  }

  /** Every entry, page after page. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Entry, void, undefined> {
    for await (const page of this.pages()) yield* page.entries;
  }

  /**
   * Collects entries into an array, at most `limit` of them (a limit is required: a list can be
   * longer than memory).
   */
  async toArray({ limit }: { limit: number }): Promise<Entry[]> {
    if (!(limit >= 0)) throw new RangeError('toArray needs a non-negative limit');
    const out: Entry[] = [];
    if (limit === 0) return out;
    for await (const entry of this) {
      if (out.push(entry) >= limit) break;
    }
    return out;
  }
}

// Timestamps share one fixed format and offset (decision D30), so they compare as strings.
function compare(a: Ordered, b: Ordered): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
