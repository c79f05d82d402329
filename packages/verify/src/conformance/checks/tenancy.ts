/**
 * What needs other credentials: 402 for an organization that cannot pay (nothing created), and
 * isolation between organizations (spec POST /campaigns/batch (402), Authentication 3).
 */
import { expectAnswer } from '../check-kit/api';
import type { Check } from '../check-kit/check';
import { expectThat } from '../check-kit/drift';
import { campaign, sentMessage } from '../check-kit/fixtures';
import { otherOrganization } from './isolation';
import { listPage } from './lists';

/** The checks of this group. */
export const TENANCY_CHECKS: readonly Check[] = [
  {
    id: 'billing.insufficient-funds',
    title: 'A send the balance cannot pay is a 402 from service billing and creates nothing',
    cites: 'spec Errors; D3; D14; D20',
    needs: ['poor'],
    async run(context) {
      const poor = context.poor!;
      const before = (await listPage(poor, '/messages', { size: 1 })).total;
      const answer = await poor.request('POST', '/messages', {
        body: { to: context.numbers.delivered, body: 'verify 402' },
        sends: 1,
      });
      const body = expectAnswer(answer, 402, 'BILLING_INSUFFICIENT_FUNDS');
      expectThat(
        body.service === 'billing',
        'service "billing" (D3)',
        () => `service ${JSON.stringify(body.service)}`,
      );
      const after = (await listPage(poor, '/messages', { size: 1 })).total;
      expectThat(
        after === before,
        'no message created by the 402',
        () => `${after - before} created`,
      );
    },
  },
  {
    id: 'isolation.messages',
    title: "Another organization's key cannot see this organization's message",
    cites: 'spec Authentication 3; spec GET /messages/{message_id} (404); D1',
    needs: ['other'],
    async run(context) {
      const message = await sentMessage(context);
      expectAnswer(
        await otherOrganization(context).request('GET', `/messages/${message.id}`),
        404,
        'NOT_FOUND',
      );
      const found = await listPage(otherOrganization(context), '/messages', { q: message.id });
      expectThat(
        found.total === 0,
        `GET /messages?q=<its id> with the other key: total 0`,
        () => `total ${found.total}`,
      );
    },
  },
  {
    id: 'isolation.campaigns',
    title: "Another organization's key cannot see this organization's campaign",
    cites: 'spec Authentication 3; D1; D7',
    needs: ['other'],
    async run(context) {
      const { id, name } = await campaign(context);
      expectAnswer(
        await otherOrganization(context).request('GET', `/campaigns/${id}`),
        404,
        'RESOURCE_NOT_FOUND',
      );
      expectAnswer(
        await otherOrganization(context).request('GET', `/campaigns/${id}/messages`),
        404,
        'RESOURCE_NOT_FOUND',
      );
      const found = await listPage(otherOrganization(context), '/campaigns', { q: name });
      expectThat(
        found.total === 0,
        'GET /campaigns?q=<its name> with the other key: total 0',
        () => `total ${found.total}`,
      );
    },
  },
];
