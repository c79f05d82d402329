/**
 * What a send becomes: its record retrieved, its segments and cost, a send the balance cannot pay,
 * and the progress of messages and campaigns on the deployment's own clock.
 */
import { expectAnswer, sendMessage } from '../check-kit/api';
import { checks, type VerifyContext } from '../check-kit/check';
import { brief, expectThat, expectValues } from '../check-kit/drift';
import { campaign, completedCampaign, sentMessage } from '../check-kit/fixtures';
import { ABSENT_ID, expectOnly, expectPage, listPage } from '../check-kit/lists';
import { enumOf, patternOf } from './contract';

/** Retrieving one record (spec GET /messages/{message_id}, GET /campaigns/{campaign_id}). */
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
        cost: patternOf('Money'),
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

const micros = (money: unknown) => Math.round(Number(money) * 1_000_000);

const send = async (context: VerifyContext, body: string) =>
  expectAnswer(await sendMessage(context.api, context.numbers.delivered, body), 201);

/**
 * Segments and cost of single messages: GSM-7 holds 160 characters in one segment and 153 per
 * part after; UCS-2 70 and 67; cost = segments × price.
 */
export const COST_CHECKS = checks({
  'cost.segments': {
    title: 'GSM-7: 160 characters are 1 segment, 161 are 2; UCS-2: 70 are 1, 71 are 2',
    cites: 'D20; D42',
    async run(context) {
      for (const [text, segments, encoding] of [
        ['a'.repeat(160), 1, 'GSM_7'],
        ['a'.repeat(161), 2, 'GSM_7'],
        ['中'.repeat(70), 1, 'UCS_2'],
        ['中'.repeat(71), 2, 'UCS_2'],
      ] as const) {
        const sent = await send(context, text);
        expectValues(`${text.length} × "${text[0]}"`, sent, { segments, encoding });
      }
    },
  },
  'cost.per-segment': {
    title: 'A message of 3 segments costs 3 times one of 1 segment to the same number',
    cites: 'D26; D32',
    async run(context) {
      const one = await send(context, 'verify one segment');
      const three = await send(context, 'b'.repeat(153 * 2 + 10));
      expectThat(
        three.segments === 3 &&
          patternOf('Money').test(String(one.cost)) &&
          micros(three.cost) === 3 * micros(one.cost) &&
          micros(one.cost) > 0,
        `3 segments costing 3 × ${one.cost}`,
        () => `${three.segments} segments costing ${three.cost} (${brief(three)})`,
      );
    },
  },
});

/** The check of an organization that cannot pay (it needs its key). */
export const BILLING_CHECKS = checks({
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
      expectPage(await listPage(poor, '/messages', { size: 1 }), { total: before.total });
    },
  },
});

/** The list statuses a message reaches after `PENDING`. */
const PAST_PENDING = enumOf('MessageListStatus').filter((status) => status !== 'PENDING');

async function sendAndWait(context: VerifyContext, to: string, until: string) {
  const sent = expectAnswer(await sendMessage(context.api, to, `verify ${until}`), 201);
  expectValues('a new message (D20)', sent, { status: 'PENDING' });
  const { value: message, done } = await context.waiting.until(
    async () => expectAnswer(await context.api.request('GET', `/messages/${String(sent.id)}`), 200),
    (read) => read.status === until,
  );
  expectThat(
    done,
    `message to ${to} ${until} within ${context.waiting.describe()}`,
    () => `${message.status} ${message.error_code} when the budget ran out`,
  );
  return message;
}

/**
 * Progress on the deployment's own clock, within the run's time budget (spec States and
 * transitions).
 */
export const PROGRESS_CHECKS = checks({
  'progress.campaign-accepted': {
    title: 'A batch is accepted with 202, the pending-processing text and a campaign_id',
    cites: 'spec POST /campaigns/batch (202); D10',
    async run(context) {
      const { id, accepted } = await campaign(context);
      expectThat(/^[0-9a-f-]{36}$/i.test(id), 'campaign_id a UUID', () => id);
      expectThat(
        /\bpending\b/i.test(accepted) && /\bprocessing\b/i.test(accepted),
        'a message saying the campaign is pending processing',
        () => JSON.stringify(accepted),
      );
    },
  },
  'progress.campaign-completes': {
    title: 'The campaign reaches COMPLETED with processed_at and completed_at set',
    cites: 'spec Campaign states; D13; D15',
    async run(context) {
      const { id, record: done } = await completedCampaign(context);
      expectThat(
        done.status === 'COMPLETED' && done.processed_at !== null && done.completed_at !== null,
        `campaign ${id} COMPLETED within ${context.waiting.describe()}, processed_at and completed_at set`,
        () =>
          done.status === 'COMPLETED' || done.status === 'FAILED'
            ? brief(done)
            : `still ${String(done.status)} when the time budget ran out: ${brief(done)}`,
      );
    },
  },
  'progress.campaign-messages': {
    title: "A completed campaign's messages are past PENDING; the invalid number FAILED, free",
    cites: 'spec Message states; D13; D16; D18',
    async run(context) {
      const { id } = await completedCampaign(context);
      const page = await listPage(context.api, `/campaigns/${id}/messages`, { size: 200 });
      // Three distinct recipients, none PENDING, list statuses only.
      expectPage(page, { total: 3 });
      expectOnly(page, 'status', PAST_PENDING);
      const invalid = page.entries.find((e) => e.e164_format === context.numbers.invalid) ?? {};
      expectValues(`${page.where}: the invalid number, free`, invalid, {
        status: 'FAILED',
        error_code: 'INVALID_PHONE_NUMBER',
        cost: '0.000000',
        is_refunded: false,
      });
    },
  },
  'progress.message-delivered': {
    title: 'A message to the delivered number reaches DELIVERED, not refunded',
    cites: 'spec Message states; D19; D38',
    async run(context) {
      const message = await sendAndWait(context, context.numbers.delivered, 'DELIVERED');
      expectValues('a delivered message', message, { is_refunded: false, error_code: null });
    },
  },
  'progress.message-refund': {
    title: 'An undelivered message is refunded with a live key, never with a test key',
    cites: 'spec Message (is_refunded); D19; D28; D38',
    async run(context) {
      const message = await sendAndWait(context, context.numbers.undelivered, 'UNDELIVERED');
      const why = context.live ? 'a live failure is credited back' : 'test sends are never charged';
      expectValues(`an undelivered message (${why})`, message, {
        is_refunded: context.live,
        error_code: 'ABSENT_SUBSCRIBER',
      });
    },
  },
});
