/**
 * Page arithmetic at its edges, on every list: an empty result has `pages: 0` and no entries on
 * page 1 or after; a total that is an exact multiple of `size` has exactly `total / size` pages,
 * the last one full and the next one empty (spec Pagination envelope).
 */
import { checks } from '../check-kit/check';
import { settledCampaign, settledRunCampaigns } from '../check-kit/fixtures';
import { ABSENT_ID, expectPage, listPage } from '../check-kit/lists';

/** The checks of this group. */
export const PAGE_CHECKS = checks({
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
