/**
 * The list filters, over the whole organization's records, and pagination stability (spec GET
 * /messages, GET /campaigns, GET /campaigns/{campaign_id}/messages).
 */
import { checks } from '../check-kit/check';
import { expectThat, expectValues } from '../check-kit/drift';
import { campaign, completedCampaign, sentMessage } from '../check-kit/fixtures';
import {
  expectOnly,
  expectPage,
  expectRejected,
  expectWalk,
  idsOf,
  listPage,
} from '../check-kit/lists';
import { createdAtCases, expectCases } from './list-filters';

/** The checks of this group. */
export const FILTER_CHECKS = checks({
  'filters.q-message-id': {
    title: 'q with a message UUID finds exactly that message, other filters still applying',
    cites: 'spec GET /messages (q); D24',
    async run(context) {
      const message = await sentMessage(context);
      const page = await listPage(context.api, '/messages', { q: message.id });
      expectPage(page, { total: 1 });
      expectValues(page.where, page.entries[0]!, { id: message.id });
      // With a campaign_id it is not in (a single send has none), the other filters still apply.
      const { id } = await campaign(context);
      const none = await listPage(context.api, '/messages', { q: message.id, campaign_id: id });
      expectPage(none, { total: 0 });
    },
  },
  'filters.q-number': {
    title: 'q with part of a number, written with separators, matches target_e164',
    cites: 'spec GET /messages (q); D24',
    async run(context) {
      const message = await sentMessage(context);
      const digits = message.to.replace(/\D/g, '').slice(-7);
      const written = `${digits.slice(0, 3)} ${digits.slice(3, 5)}-${digits.slice(5)}`;
      const page = await listPage(context.api, '/messages', { q: written, size: 200 });
      expectThat(
        idsOf(page.entries).includes(message.id) &&
          page.entries.every((e) => String(e.target_e164).replace(/\D/g, '').includes(digits)),
        `GET /messages?q=${written}: entries whose target_e164 contains ${digits}, message ${message.id} among them`,
        () => `${page.total} entries: ${page.entries.map((e) => e.target_e164).join(', ')}`,
      );
    },
  },
  'filters.created-at': {
    title: 'created_at__ge and created_at__le are inclusive',
    cites: 'spec Common list query parameters (inclusive)',
    async run(context) {
      const sent = await sentMessage(context);
      const known = [sent];
      await expectCases(context.api, '/messages', { q: sent.id }, known, createdAtCases(known));
    },
  },
  'filters.sender': {
    title: 'sms_remitter_id and its alias remitter_id filter by sender ID',
    cites: 'spec GET /messages; D22',
    async run(context) {
      const sender = (await sentMessage(context)).remitter_id;
      for (const name of ['sms_remitter_id', 'remitter_id']) {
        const page = await listPage(context.api, '/messages', { [name]: sender, size: 200 });
        expectOnly(page, 'remitter_id', [sender]);
        expectThat(page.total > 0, `${page.where}: the run's message at least`, () => 'none');
      }
    },
  },
  'filters.channel-and-status-values': {
    title: 'channel_type and status accept only their values; channel_type=SMS holds only SMS',
    cites: 'spec GET /messages; D18',
    async run({ api }) {
      await expectRejected(api, '/messages', { channel_type: 'FAX' });
      await expectRejected(api, '/messages', { status: 'CANCELLED' });
      const page = await listPage(api, '/messages', { channel_type: 'SMS', size: 200 });
      expectOnly(page, 'channel_type', ['SMS']);
    },
  },
  'filters.campaign-and-status': {
    title: "campaign_id and repeated status filter a campaign's messages",
    cites: 'spec GET /messages; D16; D18',
    async run(context) {
      const { id } = await completedCampaign(context);
      const all = await listPage(context.api, '/messages', { campaign_id: id, size: 200 });
      // The campaign's 3 distinct recipients: a duplicate is sent once.
      expectPage(all, { total: 3 });
      expectOnly(all, 'campaign_id', [id]);
      const status = ['FAILED', 'UNDELIVERED'];
      const failed = await listPage(context.api, '/messages', { campaign_id: id, status });
      expectOnly(failed, 'status', status);
      const invalid = all.entries.find((e) => e.target_e164 === context.numbers.invalid);
      expectThat(
        invalid !== undefined && idsOf(failed.entries).includes(String(invalid.id)),
        `${failed.where}: the invalid number among them`,
        () => failed.entries.map((e) => `${e.target_e164} ${e.status}`).join(', '),
      );
    },
  },
  'filters.campaigns': {
    title: 'GET /campaigns: q matches the name; status filters, SENDING accepted',
    cites: 'spec GET /campaigns; D11; D24',
    async run(context) {
      const { id, name, record } = await completedCampaign(context);
      const byName = await listPage(context.api, '/campaigns', { q: name.toUpperCase() });
      expectPage(byName, { total: 1 });
      expectValues(byName.where, byName.entries[0]!, { id });
      const status = [String(record.status), 'SENDING'];
      expectPage(await listPage(context.api, '/campaigns', { q: name, status }), { total: 1 });
      const other = await listPage(context.api, '/campaigns', { q: name, status: 'PENDING' });
      expectPage(other, { total: 0 });
    },
  },
  'filters.pagination-stable': {
    title: 'Walking pages of 1 and 2 gives the same entries as one page: no overlap, no gap',
    cites: 'spec Pagination envelope; D25',
    async run(context) {
      const { id } = await completedCampaign(context);
      for (const path of [`/campaigns/${id}/messages`, '/messages']) {
        const query = path === '/messages' ? { campaign_id: id } : {};
        // One page past the last, which must be empty.
        for (const size of [1, 2]) await expectWalk(context.api, path, query, size, 1);
      }
    },
  },
});
