/**
 * Lists: one object that is a page when awaited and every entry when iterated. Iterating yields
 * exactly once every entry that matches the query from the start of the walk to its end, whatever
 * is created or changes state meanwhile (`./keyset-walk.ts` says how). A descending walk (the
 * default) leaves out what is created after it started; an ascending one ends at the newest record
 * when it started (or at the caller's `created_at__le`); an explicit `page` is where the walk
 * starts; `order_by: 'updated_at'` cannot be iterated. A status set with a gap along a record's
 * path (`['PENDING', 'DELIVERED']`: a message is `SENT` in between) yields a record if it matched
 * when the walk reached it.
 */
import { type CallInit, type ClientContext, call } from '../core/call';
import type { PaginationError } from '../core/errors';
import type { RequestOptions } from '../core/request-options';
import { type WalkEntry, walkPages } from './keyset-walk';
import type { ListQuery, Page } from './page';

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
  Entry extends WalkEntry,
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

  /**
   * Every page from the requested one on. The first is the page `await`
   * gives; each later one holds `size` entries not yielded before (the last may hold fewer), with
   * the first page's `total`, `pages` and `size` and its own `page` number counted on from it.
   *
   * @throws {@link PaginationError} `ORDER_NOT_ITERABLE` for `order_by: 'updated_at'`.
   */
  pages(): AsyncGenerator<P, void, undefined> {
    return walkPages(this.#fetch, this.#query, () => this.#firstPage());
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

/**
 * A list call: a {@link PageList} whose every page is one call.
 *
 * @param run - The openapi-fetch call for one page's query.
 */
export function listCall<P extends Page<WalkEntry>, Q extends ListQuery>(
  ctx: ClientContext,
  params: Q,
  options: RequestOptions | undefined,
  run: (query: Q, init: CallInit) => Promise<{ data?: P; error?: unknown }>,
): PageList<P['entries'][number], P, Q> {
  return new PageList((query) => call(ctx, options, (init) => run(query, init)), params);
}
