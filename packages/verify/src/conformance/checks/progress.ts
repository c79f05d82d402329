/**
 * Progress on the deployment's own clock, within the run's time budget (spec States and
 * transitions).
 */
import { expectAnswer, sendMessage } from '../check-kit/api';
import { checks, type VerifyContext } from '../check-kit/check';
import { brief, expectThat, expectValues } from '../check-kit/drift';
import { campaign, completedCampaign } from '../check-kit/fixtures';
import { expectOnly, expectPage, listPage } from '../check-kit/lists';
import { enumOf } from './contract';

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

/** The checks of this group. */
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
