/** Idempotency-Key (spec Limits (idempotency window)). */
import {
  codeOf,
  describeExchange,
  type Exchange,
  expectAnswer,
  sendBatch,
  sendMessage,
} from '../check-kit/api';
import { checks, type VerifyContext } from '../check-kit/check';
import { expectThat, expectValues } from '../check-kit/drift';
import { batchOf } from '../check-kit/fixtures';
import { expectPage, listPage } from '../check-kit/lists';

/** Fails unless running `act` adds exactly one message to the organization's list. */
async function expectOneCreated(context: VerifyContext, act: () => Promise<void>): Promise<void> {
  const before = await listPage(context.api, '/messages', { size: 1 });
  await act();
  expectPage(await listPage(context.api, '/messages', { size: 1 }), { total: before.total + 1 });
}

/** Fails unless `again` is `first` replayed: its status and body byte for byte, marked so. */
function expectReplay(again: Exchange, first: Exchange): void {
  const seen = (answer: Exchange, replayed: string | null) => ({
    status: answer.status,
    body: answer.text,
    'Idempotent-Replayed': replayed,
  });
  const where = `${again.method} ${again.path} again under its key`;
  expectValues(where, seen(again, again.headers.get('idempotent-replayed')), seen(first, 'true'));
}

/** The headers of a request under the Idempotency-Key `key`. */
const keyed = (key: string) => ({ headers: { 'idempotency-key': key } });

/** The checks of this group. */
export const IDEMPOTENCY_CHECKS = checks({
  'idempotency.replay': {
    title: 'A repeat with the same key and body returns the same answer, marked, and sends once',
    cites: 'spec Limits (idempotency); D9; D35',
    async run(context) {
      const key = `verify-${context.runId}-replay`;
      const [to, text] = [context.numbers.delivered, `verify replay ${context.runId}`];
      await expectOneCreated(context, async () => {
        const first = await sendMessage(context.api, to, text, keyed(key));
        expectAnswer(first, 201);
        // The same body with other key order and spacing is the same request.
        const raw = ` { "body": ${JSON.stringify(text)}, "to": ${JSON.stringify(to)} } `;
        const headers = { 'idempotency-key': key, 'content-type': 'application/json' };
        const again = await context.api.request('POST', '/messages', { raw, headers, sends: 1 });
        expectReplay(again, first);
      });
    },
  },
  'idempotency.mismatch': {
    title: 'The same key with another body is a 422 IDEMPOTENCY_KEY_REUSED, also across operations',
    cites: 'D9; D35',
    async run(context) {
      const key = `verify-${context.runId}-mismatch`;
      const to = context.numbers.delivered;
      expectAnswer(await sendMessage(context.api, to, 'one', keyed(key)), 201);
      const again = await sendMessage(context.api, to, 'two', keyed(key));
      expectAnswer(again, 422, 'IDEMPOTENCY_KEY_REUSED');
      const batch = await sendBatch(context.api, await batchOf(context), keyed(key));
      expectAnswer(batch, 422, 'IDEMPOTENCY_KEY_REUSED');
    },
  },
  'idempotency.concurrent': {
    title: 'Two concurrent requests with one key create one message (a replay or a 409)',
    cites: 'D9',
    async run(context) {
      const key = `verify-${context.runId}-concurrent`;
      const text = `verify concurrent ${context.runId}`;
      const send = () => sendMessage(context.api, context.numbers.delivered, text, keyed(key));
      let answers: Exchange[] = [];
      await expectOneCreated(context, async () => {
        answers = await Promise.all([send(), send()]);
      });
      const created = answers.filter((a) => a.status === 201);
      const ids = new Set(created.map((a) => (a.json as { id?: string }).id));
      const conflicts = answers.filter((a) => a.status === 409);
      expectThat(
        created.length >= 1 &&
          ids.size === 1 &&
          conflicts.every(
            (a) => codeOf(a) === 'IDEMPOTENCY_KEY_IN_USE' && a.headers.get('retry-after') !== null,
          ) &&
          created.length + conflicts.length === 2,
        'one 201 and either its replay or a 409 IDEMPOTENCY_KEY_IN_USE with Retry-After',
        () => answers.map(describeExchange).join(' / '),
      );
    },
  },
  'idempotency.refusals-not-stored': {
    title: 'A refused request stores nothing: the key then works for a corrected request',
    cites: 'D9',
    async run(context) {
      const key = `verify-${context.runId}-refused`;
      expectAnswer(await sendMessage(context.api, 'abc', 'x', keyed(key)), 422, 'VALIDATION_ERROR');
      const fixed = await sendMessage(context.api, context.numbers.delivered, 'x', keyed(key));
      expectAnswer(fixed, 201);
      expectThat(
        fixed.headers.get('idempotent-replayed') !== 'true',
        'a fresh execution, not a replay',
        () => 'Idempotent-Replayed: true',
      );
    },
  },
  'idempotency.malformed-key': {
    title: 'An Idempotency-Key over 255 characters is a 422 naming the header',
    cites: 'D9; D46',
    async run(context) {
      const key = 'k'.repeat(256);
      const answer = await sendMessage(context.api, context.numbers.delivered, 'x', keyed(key));
      expectAnswer(answer, 422, 'VALIDATION_ERROR', ['Idempotency-Key']);
    },
  },
  'idempotency.batch-replay': {
    title: 'A batch repeated with its key returns the same campaign_id and creates no campaign',
    cites: 'D9; D35',
    async run(context) {
      const key = `verify-${context.runId}-batch`;
      const name = `verify replay ${context.runId}`;
      const body = await batchOf(context, { name });
      const send = () => sendBatch(context.api, body, keyed(key));
      const first = await send();
      expectAnswer(first, 202);
      expectReplay(await send(), first);
      expectPage(await listPage(context.api, '/campaigns', { q: name }), { total: 1 });
    },
  },
});
