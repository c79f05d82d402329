/** Retrieving one record (spec GET /messages/{message_id}, GET /campaigns/{campaign_id}). */
import { expectAnswer } from '../check-kit/api';
import { checks } from '../check-kit/check';
import { expectValues } from '../check-kit/drift';
import { campaign, sentMessage } from '../check-kit/fixtures';
import { ABSENT_ID } from '../check-kit/lists';
import { MONEY } from './formats';

/** The checks of this group. */
export const RETRIEVE_CHECKS = checks({
  'retrieve.message': {
    title: 'Retrieve Message shows a sent message with API_CLIENT, no campaign, a money cost',
    cites: 'spec GET /messages/{message_id}; D20; D32',
    async run(context) {
      const message = await sentMessage(context);
      const body = expectAnswer(await context.api.request('GET', `/messages/${message.id}`), 200);
      expectValues(`GET /messages/${message.id}`, body, {
        id: message.id,
        trigger_source: 'API_CLIENT',
        campaign_id: null,
        cost: MONEY,
        e164_format: message.to,
      });
    },
  },
  'retrieve.message-malformed-id': {
    title: 'A malformed message id is a 422 with fields.message_id',
    cites: 'spec GET /messages/{message_id} (422)',
    async run({ api }) {
      const answer = await api.request('GET', '/messages/not-a-uuid');
      expectAnswer(answer, 422, 'VALIDATION_ERROR', ['message_id']);
    },
  },
  'retrieve.message-unknown': {
    title: 'An unknown message is a 404 NOT_FOUND',
    cites: 'spec GET /messages/{message_id} (404); D1',
    async run({ api }) {
      expectAnswer(await api.request('GET', `/messages/${ABSENT_ID}`), 404, 'NOT_FOUND');
    },
  },
  'retrieve.campaign-unknown': {
    title: 'An unknown campaign, or its messages, is a 404 RESOURCE_NOT_FOUND',
    cites: 'D1; D7',
    async run({ api }) {
      for (const path of [`/campaigns/${ABSENT_ID}`, `/campaigns/${ABSENT_ID}/messages`]) {
        expectAnswer(await api.request('GET', path), 404, 'RESOURCE_NOT_FOUND');
      }
      const malformed = await api.request('GET', '/campaigns/not-a-uuid');
      expectAnswer(malformed, 422, 'VALIDATION_ERROR', ['campaign_id']);
    },
  },
  'retrieve.campaign': {
    title: 'A new campaign: PROCESSING or later, null fields until set, data.reason_of_pause null',
    cites: 'spec Campaign; D10; D12; D15; D16',
    async run(context) {
      const { id, name } = await campaign(context);
      const body = expectAnswer(await context.api.request('GET', `/campaigns/${id}`), 200);
      const data = (body.data ?? {}) as Record<string, unknown>;
      expectValues(`GET /campaigns/${id} (3 distinct recipients)`, body, {
        status: /^(PROCESSING|SENDING|COMPLETED)$/,
        name,
        channel_type: 'SMS',
        trigger_source: 'API_CLIENT',
        total_estimated_recipients: 3,
        // Null until the campaign is final.
        ...(body.status !== 'COMPLETED' && { completed_at: null }),
      });
      expectValues(`GET /campaigns/${id}, data`, data, { reason_of_pause: null });
    },
  },
});
