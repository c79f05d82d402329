/**
 * The pagination envelope and the common list parameters: defaults, bounds, enums, unknown and
 * repeated parameters, page arithmetic and order (spec Pagination envelope, Common list query
 * parameters, Limits).
 */
import { type Api, expectAnswer, type RequestSpec } from '../check-kit/api';
import type { Check } from '../check-kit/check';
import { brief, expectThat } from '../check-kit/drift';

const LISTS = ['/messages', '/campaigns'] as const;

/** The envelope of a 200 list answer; fails unless it has the five fields. */
export async function listPage(
  api: Api,
  path: string,
  query: Record<string, string | number | readonly string[]> = {},
): Promise<{
  total: number;
  page: number;
  size: number;
  pages: number;
  entries: Record<string, unknown>[];
}> {
  const answer = await api.request('GET', path, { query });
  const body = expectAnswer(answer, 200);
  expectThat(
    Number.isInteger(body.total) &&
      Number.isInteger(body.page) &&
      Number.isInteger(body.size) &&
      Number.isInteger(body.pages) &&
      Array.isArray(body.entries),
    `the pagination envelope (total, page, size, pages, entries) from GET ${path}`,
    () => brief(body),
  );
  return body as never;
}

/** Fails unless `GET path?query` is a 422 whose `fields` name the query's (first) parameter. */
export async function expectRejected(
  api: Api,
  path: string,
  query: NonNullable<RequestSpec['query']>,
): Promise<void> {
  const field = Object.keys(query)[0]!;
  expectAnswer(await api.request('GET', path, { query }), 422, 'VALIDATION_ERROR', [field]);
}

/** A field the lists can be ordered by (`order_by`). */
export type OrderBy = 'created_at' | 'updated_at';

/** Compares two entries by `(key, id)`: negative when `a` comes first in ascending order. */
function compare(a: Record<string, unknown>, b: Record<string, unknown>, key: OrderBy): number {
  const byKey = String(a[key]).localeCompare(String(b[key]));
  return byKey !== 0 ? byKey : String(a.id).localeCompare(String(b.id));
}

/** Fails unless `entries` are strictly in `order` of `(key, id)` (ties by id, same direction). */
export function expectOrderedBy(
  entries: readonly Record<string, unknown>[],
  key: OrderBy,
  order: 'asc' | 'desc',
  where: string,
): void {
  for (let i = 1; i < entries.length; i++) {
    const a = entries[i - 1]!;
    const b = entries[i]!;
    const cmp = compare(a, b, key);
    expectThat(
      order === 'asc' ? cmp < 0 : cmp > 0,
      `${where}: entries in ${order} order of (${key}, id)`,
      () => `entry ${i - 1} ${a[key]} ${a.id} before entry ${i} ${b[key]} ${b.id}`,
    );
  }
}

/** The checks of this group. */
export const LIST_CHECKS: readonly Check[] = [
  {
    id: 'lists.defaults',
    title: 'Without parameters a list answers page 1 of size 30',
    cites: 'spec Common list query parameters; D25',
    async run({ api }) {
      for (const path of LISTS) {
        const page = await listPage(api, path);
        expectThat(
          page.page === 1 && page.size === 30 && page.entries.length <= 30,
          `GET ${path}: page 1, size 30, at most 30 entries`,
          () => `page ${page.page}, size ${page.size}, ${page.entries.length} entries`,
        );
      }
    },
  },
  {
    id: 'lists.size-bounds',
    title: 'size is 1 to 200: 0 and 201 are 422 fields.size, 1 and 200 are answered',
    cites: 'spec Limits (page size); D25',
    async run({ api }) {
      for (const path of LISTS) {
        for (const size of [0, 201, -1]) await expectRejected(api, path, { size });
        for (const size of [1, 200]) {
          const page = await listPage(api, path, { size });
          expectThat(
            page.size === size && page.entries.length <= size,
            `GET ${path}?size=${size}: size ${size} in the envelope, at most ${size} entries`,
            () => `size ${page.size}, ${page.entries.length} entries`,
          );
        }
      }
    },
  },
  {
    id: 'lists.page-bounds',
    title: 'page is at least 1; a page past the end is empty with the true total',
    cites: 'spec Limits (page number); D25',
    async run({ api }) {
      for (const path of LISTS) {
        for (const page of [0, -3]) await expectRejected(api, path, { page });
        const first = await listPage(api, path, { size: 1 });
        const past = await listPage(api, path, { size: 1, page: first.pages + 1 });
        expectThat(
          past.entries.length === 0 && past.total === first.total && past.pages === first.pages,
          `GET ${path}?page=${first.pages + 1} (past the end): no entries, total ${first.total}, pages ${first.pages}`,
          () => `${past.entries.length} entries, total ${past.total}, pages ${past.pages}`,
        );
      }
    },
  },
  {
    id: 'lists.page-arithmetic',
    title: 'pages = ceil(total / size), and a page holds min(size, what is left) entries',
    cites: 'spec Pagination envelope; D25',
    async run({ api }) {
      for (const path of LISTS) {
        for (const size of [1, 7, 200]) {
          const page = await listPage(api, path, { size });
          const left = Math.min(size, page.total);
          expectThat(
            page.pages === Math.ceil(page.total / size) && page.entries.length === left,
            `GET ${path}?size=${size}: pages = ceil(${page.total} / ${size}) = ${Math.ceil(page.total / size)}, ${left} entries on page 1`,
            () => `pages ${page.pages}, ${page.entries.length} entries`,
          );
        }
      }
    },
  },
  {
    id: 'lists.enums',
    title: 'order and order_by accept only their values',
    cites: 'spec Common list query parameters',
    async run({ api }) {
      for (const path of LISTS) {
        await expectRejected(api, path, { order: 'up' });
        await expectRejected(api, path, { order_by: 'name' });
        await listPage(api, path, { order: 'asc', order_by: 'updated_at', size: 1 });
      }
    },
  },
  {
    id: 'lists.unknown-and-repeated',
    title: 'An unknown parameter, or a single-valued one given twice, is a 422 naming it',
    cites: 'D33',
    async run({ api }) {
      for (const path of LISTS) {
        await expectRejected(api, path, { statuses: 'SENT' });
        await expectRejected(api, path, { page: [1, 2] });
      }
    },
  },
  {
    id: 'lists.order',
    title: 'Lists are ordered by created_at (desc by default), ties by id; asc reverses',
    cites: 'spec Common list query parameters; D25',
    async run({ api }) {
      for (const path of LISTS) {
        expectOrderedBy(
          (await listPage(api, path, { size: 50 })).entries,
          'created_at',
          'desc',
          `GET ${path}`,
        );
        expectOrderedBy(
          (await listPage(api, path, { size: 50, order: 'asc' })).entries,
          'created_at',
          'asc',
          `GET ${path}?order=asc`,
        );
      }
    },
  },
  {
    id: 'lists.date-filters-malformed',
    title: 'A malformed date-time filter is a 422 naming it',
    cites: 'spec GET /messages (422)',
    async run({ api }) {
      for (const path of LISTS) {
        for (const name of ['created_at__ge', 'created_at__le']) {
          await expectRejected(api, path, { [name]: 'yesterday' });
        }
      }
    },
  },
];
