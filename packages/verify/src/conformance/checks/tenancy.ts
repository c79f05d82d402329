/**
 * What needs other credentials: 402 for an organization that cannot pay (nothing created), and
 * isolation between organizations (spec POST /campaigns/batch (402), Authentication 3).
 */
import { expectAnswer, sendMessage } from '../check-kit/api';
import { checks } from '../check-kit/check';
import { expectValues } from '../check-kit/drift';
import { campaign, sentMessage } from '../check-kit/fixtures';
import { expectPage, listPage } from '../check-kit/lists';
import { expectNoneOf, otherOrganization } from './isolation';

const all = () => true;

/** The checks of this group. */
export const TENANCY_CHECKS = checks({
  'billing.insufficient-funds': {
    title: 'A send the balance cannot pay is a 402 from service billing and creates nothing',
    cites: 'spec Errors; D3; D14; D20',
    needs: ['poor'],
    async run(context) {
      const poor = context.poor!;
      const before = await listPage(poor, '/messages', { size: 1 });
      const answer = await sendMessage(poor, context.numbers.delivered, 'verify 402');
      const body = expectAnswer(answer, 402, 'BILLING_INSUFFICIENT_FUNDS');
      expectValues('the 402 (D3)', body, { service: 'billing' });
      // No message created by the 402.
      expectPage(await listPage(poor, '/messages', { size: 1 }), { total: before.total });
    },
  },
  'isolation.messages': {
    title: "Another organization's key cannot see this organization's message",
    cites: 'spec Authentication 3; spec GET /messages/{message_id} (404); D1',
    needs: ['other'],
    async run(context) {
      const { id } = await sentMessage(context);
      const other = otherOrganization(context);
      expectAnswer(await other.request('GET', `/messages/${id}`), 404, 'NOT_FOUND');
      await expectNoneOf(other, '/messages', [{ q: id }], new Set([id]), all);
    },
  },
  'isolation.campaigns': {
    title: "Another organization's key cannot see this organization's campaign",
    cites: 'spec Authentication 3; D1; D7',
    needs: ['other'],
    async run(context) {
      const { id, name } = await campaign(context);
      const other = otherOrganization(context);
      for (const path of [`/campaigns/${id}`, `/campaigns/${id}/messages`]) {
        expectAnswer(await other.request('GET', path), 404, 'RESOURCE_NOT_FOUND');
      }
      await expectNoneOf(other, '/campaigns', [{ q: name }], new Set([id]), all);
    },
  },
});
