/**
 * Resuming `sendBulk` never duplicates nor skips, whatever `chunkSize` each run uses (D81): a run
 * whose chunks differ from the first run's is refused with a `BulkResumeError` before it sends
 * anything, and a run with the first run's chunks replays what was accepted and sends the rest.
 * Checked against the in-process mock by counting the messages each recipient got.
 */
import {
  BulkResumeError,
  type BulkSendResult,
  type ClientOptions,
  MessagingClient,
  type SendBulkParams,
} from '@msgsvc/sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockService, type Mock, numbers, virtualSleep } from './support/mock';

const isBatch = (request: Request) =>
  request.method === 'POST' && request.url.endsWith('/campaigns/batch');

/**
 * What happens to a batch request of the first run: it passes, it reaches the service and only its
 * answer is lost (`lost`), or it never reaches the service (`refused`).
 */
type Fate = 'pass' | 'lost' | 'refused';

interface World {
  mock: Mock;
  params: SendBulkParams;
  client(options?: ClientOptions): MessagingClient;
  /** A client whose `i`-th batch request (from 0) meets `fates[i]` (`pass` past the end). */
  faulty(fates: readonly Fate[]): MessagingClient;
  /** A client whose batch requests fail from the `at`-th on, as a crashing process's would. */
  crashing(at: number, failure: Exclude<Fate, 'pass'>): MessagingClient;
}

function world(recipients: number, name: string | undefined): World {
  const mock = createMockService();
  const demo = mock.seedDemo();
  const { sleep } = virtualSleep(mock);
  const now = () => mock.clock.now().getTime();
  const client = (options: ClientOptions = {}) =>
    new MessagingClient({
      apiKey: demo.liveKey,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
      sleep,
      now,
      ...options,
    });
  const params: SendBulkParams = {
    remitter_id: demo.sender.id,
    content: 'Resume me',
    recipients: numbers(recipients),
    ...(name === undefined ? {} : { name }),
  };
  return {
    mock,
    params,
    client,
    faulty(fates) {
      let batches = 0;
      return client({
        maxRetries: 0,
        fetch: async (request) => {
          const fate = isBatch(request) ? (fates[batches++] ?? 'pass') : 'pass';
          if (fate === 'pass') return mock.fetch(request);
          if (fate === 'lost') await mock.fetch(request);
          throw new TypeError('fetch failed');
        },
      });
    },
    crashing(at, failure) {
      return this.faulty([
        ...Array<Fate>(at).fill('pass'),
        failure,
        ...Array<Fate>(40).fill('refused'),
      ]);
    },
  };
}

/** How many messages each recipient got, after the campaigns were processed. */
function messagesPerRecipient(mock: Mock): Map<string, number> {
  mock.clock.runUntilIdle();
  const counts = new Map<string, number>();
  for (const message of mock.control.snapshot().messages) {
    counts.set(message.e164, (counts.get(message.e164) ?? 0) + 1);
  }
  return counts;
}

function expectEachOnce(mock: Mock, recipients: readonly string[]): void {
  const counts = messagesPerRecipient(mock);
  expect([...counts.keys()].sort()).toEqual([...recipients].sort());
  expect([...counts.values()].every((count) => count === 1)).toBe(true);
}

/** Runs a fan-out; a `BulkResumeError` is returned, anything else thrown. */
async function resume(
  client: MessagingClient,
  params: SendBulkParams,
  chunkSize: number,
): Promise<BulkSendResult | BulkResumeError> {
  try {
    return await client.campaigns.sendBulk(params, { idempotencyKey: 'fan-out', chunkSize });
  } catch (error) {
    if (error instanceof BulkResumeError) return error;
    throw error;
  }
}

describe('sendBulk resumed with another chunkSize', () => {
  it('never duplicates nor skips: another plan is refused before anything is sent, the first plan completes', async () => {
    const seen = { refused: 0, completed: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          recipients: fc.integer({ min: 2, max: 80 }),
          first: fc.integer({ min: 3, max: 20 }),
          second: fc.integer({ min: 3, max: 20 }),
          // The first run's batch requests, in order: any of them may fail, not only a tail.
          fates: fc.array(fc.constantFrom<Fate>('pass', 'pass', 'lost', 'refused'), {
            maxLength: 27,
          }),
          name: fc.option(fc.constant('Launch'), { nil: undefined }),
        }),
        async ({ recipients, first, second, fates, name }) => {
          const w = world(recipients, name);
          const one = await w.faulty(fates).campaigns.sendBulk(w.params, {
            idempotencyKey: 'fan-out',
            chunkSize: first,
          });
          expect(one.chunks).toHaveLength(Math.ceil(recipients / first));

          const before = w.mock.control.counts().campaigns;
          const two = await resume(w.client(), w.params, second);
          if (two instanceof BulkResumeError) {
            seen.refused++;
            expect(two.idempotencyKey).toBe('fan-out');
            expect(two.result.chunks).toEqual([]);
            expect(w.mock.control.counts().campaigns).toBe(before);
            // Told how to resume: with the first run's chunkSize it completes.
            const three = await resume(w.client(), w.params, first);
            expect(three).not.toBeInstanceOf(BulkResumeError);
            expect((three as BulkSendResult).failed).toBe(0);
          } else {
            seen.completed++;
            expect(two.failed).toBe(0);
          }
          expectEachOnce(w.mock, w.params.recipients);
        },
      ),
      { numRuns: 100 },
    );
    // Both outcomes were exercised, or the property proved little.
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.completed).toBeGreaterThan(0);
  }, 120_000);
});

describe('the reported resumes of 3,000 recipients', () => {
  it('default then 100: refused with BulkResumeError (it messaged 900 recipients twice)', async () => {
    const w = world(3000, undefined);
    // Chunk 0 (1,000 recipients) accepted, then the process crashed.
    const one = await w.crashing(1, 'refused').campaigns.sendBulk(w.params, {
      idempotencyKey: 'fan-out',
    });
    expect(one.chunks.map((chunk) => chunk.status)).toEqual(['sent', 'failed', 'failed']);

    const two = await resume(w.client(), w.params, 100);
    expect(two).toBeInstanceOf(BulkResumeError);
    expect((two as BulkResumeError).message).toMatch(
      /first run's recipients, content, name and chunkSize/,
    );
    expect(w.mock.control.counts().campaigns).toBe(1);

    const three = await resume(w.client(), w.params, 1000);
    expect((three as BulkSendResult).chunks.map((c) => c.status === 'sent' && c.replayed)).toEqual([
      true,
      false,
      false,
    ]);
    expectEachOnce(w.mock, w.params.recipients);
  });

  it('100 then default: refused with BulkResumeError (it never messaged 900 recipients)', async () => {
    const w = world(3000, undefined);
    // Nine chunks of 100 accepted, then the process crashed.
    const one = await w.crashing(9, 'refused').campaigns.sendBulk(w.params, {
      idempotencyKey: 'fan-out',
      chunkSize: 100,
    });
    expect(one.chunks.filter((chunk) => chunk.status === 'sent')).toHaveLength(9);

    const two = await resume(w.client(), w.params, 1000);
    expect(two).toBeInstanceOf(BulkResumeError);
    expect(w.mock.control.counts().campaigns).toBe(9);

    const three = await resume(w.client(), w.params, 100);
    expect((three as BulkSendResult).failed).toBe(0);
    expectEachOnce(w.mock, w.params.recipients);
  });

  it('two plans whose first chunks hold the same recipients are told apart by their names', async () => {
    // 100 recipients: chunkSize 5 makes 20 chunks, 6 makes 17; both first chunks are [0, 5).
    const w = world(100, undefined);
    const one = await w
      .faulty(['pass', 'refused', 'pass', ...Array<Fate>(17).fill('refused')])
      .campaigns.sendBulk(w.params, { idempotencyKey: 'fan-out', chunkSize: 5 });
    expect(one.campaignIds).toHaveLength(2);
    // Without the plan in the name, chunk 0 replayed and chunk 1 ([5, 11)) messaged 10 twice.
    expect(await resume(w.client(), w.params, 6)).toBeInstanceOf(BulkResumeError);
    expect(await resume(w.client(), w.params, 5)).toMatchObject({ failed: 0 });
    expectEachOnce(w.mock, w.params.recipients);
  });

  it('no chunk is sent before the first is accepted: the rest are skipped, and a resume sends them', async () => {
    const w = world(30, 'Launch');
    const one = await w.crashing(0, 'refused').campaigns.sendBulk(w.params, {
      idempotencyKey: 'fan-out',
      chunkSize: 10,
    });
    expect(one.chunks.map((chunk) => chunk.status)).toEqual(['failed', 'skipped', 'skipped']);
    expect(one.failed).toBe(3);
    expect(w.mock.control.counts().campaigns).toBe(0);
    // Nothing was sent, so any plan may start afresh.
    const two = await resume(w.client(), w.params, 15);
    expect((two as BulkSendResult).failed).toBe(0);
    expectEachOnce(w.mock, w.params.recipients);
  });

  it('names campaigns by their chunk, with the key standing in for a missing name', async () => {
    const w = world(6, undefined);
    await w.client().campaigns.sendBulk(w.params, { idempotencyKey: 'promo-7', chunkSize: 3 });
    const names = w.mock.control
      .campaigns(w.mock.control.organizations()[0]!.id)
      .map((c) => c.name);
    expect(names.sort()).toEqual(['Bulk promo-7 (1/2)', 'Bulk promo-7 (2/2)']);
  });
});
