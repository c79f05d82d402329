/**
 * The pagination envelope and the common list parameters (spec Pagination envelope, Common list
 * query parameters, Limits).
 */
import type { Api } from '../check-kit/api';
import { checks, type VerifyContext } from '../check-kit/check';
import { expectOrderedBy, expectPage, expectRejected, listPage } from '../check-kit/lists';

/** A check's `run` that runs `each` on both lists with the main key. */
const onLists =
  (each: (api: Api, path: '/messages' | '/campaigns') => Promise<void>) =>
  async ({ api }: VerifyContext) => {
    for (const path of ['/messages', '/campaigns'] as const) await each(api, path);
  };

/** The checks of this group. */
export const LIST_CHECKS = checks({
  'lists.defaults': {
    title: 'Without parameters a list answers page 1 of size 30',
    cites: 'spec Common list query parameters; D25',
    run: onLists(async (api, path) => {
      const page = await listPage(api, path);
      expectPage(page, { page: 1, size: 30, entries: Math.min(30, page.total) });
    }),
  },
  'lists.size-bounds': {
    title: 'size is 1 to 200: 0 and 201 are 422 fields.size, 1 and 200 are answered',
    cites: 'spec Limits (page size); D25',
    run: onLists(async (api, path) => {
      for (const size of [0, 201, -1]) await expectRejected(api, path, { size });
      for (const size of [1, 200]) {
        const page = await listPage(api, path, { size });
        expectPage(page, { size, entries: Math.min(size, page.total) });
      }
    }),
  },
  'lists.page-bounds': {
    title: 'page is at least 1; a page past the end is empty with the true total',
    cites: 'spec Limits (page number); D25',
    run: onLists(async (api, path) => {
      for (const page of [0, -3]) await expectRejected(api, path, { page });
      const first = await listPage(api, path, { size: 1 });
      const past = await listPage(api, path, { size: 1, page: first.pages + 1 });
      expectPage(past, { entries: 0, total: first.total, pages: first.pages });
    }),
  },
  'lists.page-arithmetic': {
    title: 'pages = ceil(total / size), and a page holds min(size, what is left) entries',
    cites: 'spec Pagination envelope; D25',
    run: onLists(async (api, path) => {
      for (const size of [1, 7, 200]) {
        const page = await listPage(api, path, { size });
        const pages = Math.ceil(page.total / size);
        expectPage(page, { pages, entries: Math.min(size, page.total) });
      }
    }),
  },
  'lists.enums': {
    title: 'order and order_by accept only their values',
    cites: 'spec Common list query parameters',
    run: onLists(async (api, path) => {
      await expectRejected(api, path, { order: 'up' });
      await expectRejected(api, path, { order_by: 'name' });
      await listPage(api, path, { order: 'asc', order_by: 'updated_at', size: 1 });
    }),
  },
  'lists.unknown-and-repeated': {
    title: 'An unknown parameter, or a single-valued one given twice, is a 422 naming it',
    cites: 'D33',
    run: onLists(async (api, path) => {
      await expectRejected(api, path, { statuses: 'SENT' });
      await expectRejected(api, path, { page: [1, 2] });
    }),
  },
  'lists.order': {
    title: 'Lists are ordered by created_at (desc by default), ties by id; asc reverses',
    cites: 'spec Common list query parameters; D25',
    run: onLists(async (api, path) => {
      // No `order` at all: the default, desc.
      for (const order of [undefined, 'asc'] as const) {
        const page = await listPage(api, path, { size: 50, order });
        expectOrderedBy(page.entries, 'created_at', order ?? 'desc', page.where);
      }
    }),
  },
  'lists.date-filters-malformed': {
    title: 'A malformed date-time filter is a 422 naming it',
    cites: 'spec GET /messages (422)',
    run: onLists(async (api, path) => {
      for (const name of ['created_at__ge', 'created_at__le']) {
        await expectRejected(api, path, { [name]: 'yesterday' });
      }
    }),
  },
});
