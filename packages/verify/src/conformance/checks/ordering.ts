/**
 * Order across pages, and the page arithmetic at its edges, on records this run settled (spec
 * Common list query parameters, Pagination envelope).
 */
import type { Api } from '../check-kit/api';
import { checks } from '../check-kit/check';
import { invalidCampaign, settledCampaign, settledRunCampaigns } from '../check-kit/fixtures';
import {
  ABSENT_ID,
  createdWindow,
  expectOrderedBy,
  expectPage,
  expectSameIds,
  expectWalk,
  listPage,
  type Query,
} from '../check-kit/lists';

/**
 * Walks `path` in pages of `size` for each order and order_by, and fails unless every walk is
 * ordered across page boundaries and equal, id for id, to the whole list read in one page.
 */
async function expectWalksOrdered(api: Api, path: string, query: Query, size: number) {
  for (const orderBy of ['created_at', 'updated_at'] as const) {
    for (const order of ['asc', 'desc'] as const) {
      const walked = await expectWalk(api, path, { ...query, order, order_by: orderBy }, size);
      const where = `GET ${path}?order=${order}&order_by=${orderBy} walked ${size} a page`;
      expectOrderedBy(walked, orderBy, order, where);
    }
  }
}

/** The checks of this group. */
export const ORDER_CHECKS = checks({
  'order.campaign-messages': {
    title:
      "A campaign's messages, walked a page at a time, stay in order for every order and order_by",
    cites: 'spec Common list query parameters; spec GET /campaigns/{campaign_id}/messages; D25',
    async run(context) {
      const { id } = await settledCampaign(context);
      await expectWalksOrdered(context.api, `/campaigns/${id}/messages`, {}, 1);
    },
  },
  'order.messages-by-campaign': {
    title:
      'GET /messages?campaign_id, walked a page at a time, stays in order for every order and order_by',
    cites: 'spec Common list query parameters; spec GET /messages; D25',
    async run(context) {
      const { id } = await settledCampaign(context);
      await expectWalksOrdered(context.api, '/messages', { campaign_id: id }, 1);
    },
  },
  'order.messages-by-campaigns': {
    title:
      'GET /messages?campaign_id=A&campaign_id=B, walked a page at a time, stays in order, ties by id',
    cites: 'spec Common list query parameters; spec GET /messages; D25',
    async run(context) {
      // The invalid campaign's messages fail at one instant: ties in both created_at and updated_at.
      await settledRunCampaigns(context);
      const ids = [(await settledCampaign(context)).id, (await invalidCampaign(context)).id];
      await expectWalksOrdered(context.api, '/messages', { campaign_id: ids }, 1);
    },
  },
  'order.messages-by-window': {
    title: 'GET /messages in a created_at window, walked a page at a time, stays in order',
    cites: 'spec Common list query parameters; spec GET /messages; D25',
    async run(context) {
      // No campaign_id: the list as a whole is ordered, not one campaign's index of it.
      const window = createdWindow((await settledCampaign(context)).entries);
      await expectWalksOrdered(context.api, '/messages', window, 2);
    },
  },
  'order.campaigns': {
    title:
      "This run's campaigns, walked a page at a time, stay in order for every order and order_by",
    cites: 'spec Common list query parameters; spec GET /campaigns; D25',
    async run(context) {
      await settledRunCampaigns(context);
      await expectWalksOrdered(context.api, '/campaigns', { q: context.runId }, 1);
    },
  },
  'order.defaults': {
    title: 'Without order and order_by a list is desc by created_at: the same as asking for it',
    cites: 'spec Common list query parameters (desc, created_at)',
    async run(context) {
      const { id } = await settledCampaign(context);
      for (const [path, query] of [
        [`/campaigns/${id}/messages`, {}],
        ['/messages', { campaign_id: id }],
        ['/campaigns', { q: context.runId }],
      ] as const) {
        const plain = await listPage(context.api, path, { ...query, size: 200 });
        const asked = { ...query, size: 200, order: 'desc', order_by: 'created_at' };
        const explicit = await listPage(context.api, path, asked);
        const expected = `GET ${path} without order: the order of order=desc&order_by=created_at`;
        expectSameIds(plain.entries, explicit.entries, expected);
      }
    },
  },
  // The page arithmetic at its edges, once the order checks have seen the records settled.
  'pages.empty': {
    title: 'An empty result is total 0, pages 0, no entries, on page 1 and on page 2',
    cites: 'spec Pagination envelope; D25',
    async run(context) {
      const { id } = await settledCampaign(context);
      for (const [path, query] of [
        ['/messages', { q: ABSENT_ID }],
        ['/messages', { campaign_id: ABSENT_ID }],
        ['/campaigns', { q: `no campaign ${context.runId}` }],
        [`/campaigns/${id}/messages`, { status: 'PENDING' }],
      ] as const) {
        for (const [page, size] of [
          [1, 30],
          [1, 1],
          [2, 7],
        ] as const) {
          const got = await listPage(context.api, path, { ...query, page, size });
          expectPage(got, { total: 0, pages: 0, entries: 0, page, size });
        }
      }
    },
  },
  'pages.exact-multiple': {
    title:
      'A total that is a multiple of size has total/size pages, the last full, the next empty; one that is not rounds up',
    cites: 'spec Pagination envelope ("iterate until page >= pages"); D25',
    async run(context) {
      const { id, entries } = await settledCampaign(context);
      const campaigns = await settledRunCampaigns(context);
      for (const [path, query, total] of [
        [`/campaigns/${id}/messages`, {}, entries.length],
        ['/messages', { campaign_id: id }, entries.length],
        ['/campaigns', { q: context.runId }, campaigns.length],
      ] as const) {
        for (const size of new Set([1, total])) {
          const pages = total / size;
          const last = await listPage(context.api, path, { ...query, size, page: pages });
          expectPage(last, { total, pages, entries: size });
          const next = await listPage(context.api, path, { ...query, size, page: pages + 1 });
          expectPage(next, { pages, entries: 0 });
        }
        if (total > 2) {
          // Not a multiple: the last page holds the rest.
          const second = await listPage(context.api, path, { ...query, size: total - 1, page: 2 });
          expectPage(second, { pages: 2, entries: 1 });
        }
      }
    },
  },
});
