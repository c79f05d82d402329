import {
  AbortError,
  BulkAbortError,
  type BulkProgress,
  ConnectionError,
  MessagingClient,
  ValidationError,
} from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';
import { numbers, setup, virtualSleep } from './support/mock';

const isBatch = (request: Request) =>
  request.method === 'POST' && request.url.endsWith('/campaigns/batch');

describe('campaigns.sendBulk', () => {
  it('sends 5,000 recipients as 5 campaigns of 1,000 under the real rate limit', async () => {
    const { client, demo, mock, sleeps } = setup();
    const progress: BulkProgress[] = [];
    const result = await client.campaigns.sendBulk(
      { remitter_id: demo.sender.id, content: 'Promoção de verão', recipients: numbers(5000) },
      { idempotencyKey: 'summer-2026', onProgress: (p) => progress.push(p) },
    );
    expect(result.failed).toBe(0);
    expect(result.idempotencyKey).toBe('summer-2026');
    expect(result.campaignIds).toHaveLength(5);
    expect(
      result.chunks.map((chunk) => [chunk.index, chunk.recipients, chunk.idempotencyKey]),
    ).toEqual([0, 1, 2, 3, 4].map((i) => [i, 1000, `summer-2026:${i}`]));
    expect(progress.map((p) => `${p.completed}/${p.total}`)).toEqual([
      '1/5',
      '2/5',
      '3/5',
      '4/5',
      '5/5',
    ]);
    expect(sleeps).toEqual([]);

    mock.clock.runUntilIdle();
    const campaigns = mock.control.campaigns(demo.organization.id);
    expect(campaigns).toHaveLength(5);
    expect(campaigns.map((c) => c.total_estimated_recipients)).toEqual([
      1000, 1000, 1000, 1000, 1000,
    ]);
    expect(campaigns.every((c) => c.status === 'COMPLETED')).toBe(true);
  });

  it('resumes a crashed fan-out with the same key without a duplicate campaign', async () => {
    const { demo, mock } = setup();
    const recipients = numbers(5000);
    const params = { remitter_id: demo.sender.id, content: 'Black Friday', recipients };
    const { sleep } = virtualSleep(mock);
    const now = () => mock.clock.now().getTime();

    // Run 1: the third batch reaches the service, then the process "crashes": its response is
    // lost and every later request fails.
    let batches = 0;
    const crashing = new MessagingClient({
      apiKey: demo.liveKey,
      baseUrl: mock.baseUrl,
      sleep,
      now,
      fetch: async (request) => {
        if (isBatch(request) && ++batches > 3) throw new TypeError('fetch failed');
        const response = await mock.fetch(request);
        if (batches === 3) throw new TypeError('fetch failed');
        return response;
      },
    });
    const first = await crashing.campaigns.sendBulk(params, { idempotencyKey: 'bf-2026' });
    expect(first.chunks.map((chunk) => chunk.status)).toEqual([
      'sent',
      'sent',
      'failed',
      'failed',
      'failed',
    ]);
    expect(first.failed).toBe(3);
    const failure = first.chunks[2];
    expect(failure?.status === 'failed' && failure.error).toBeInstanceOf(ConnectionError);
    expect(mock.control.campaigns(demo.organization.id)).toHaveLength(3);

    // Run 2, same key: chunks 0–2 are replayed (2 was accepted although its answer was lost).
    const healthy = new MessagingClient({
      apiKey: demo.liveKey,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
      sleep,
      now,
    });
    const second = await healthy.campaigns.sendBulk(params, { idempotencyKey: 'bf-2026' });
    expect(second.failed).toBe(0);
    expect(second.chunks.map((chunk) => chunk.status === 'sent' && chunk.replayed)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(second.campaignIds.slice(0, 2)).toEqual(first.campaignIds);
    const campaigns = mock.control.campaigns(demo.organization.id);
    expect(campaigns).toHaveLength(5);
    expect(new Set(campaigns.map((c) => c.id))).toEqual(new Set(second.campaignIds));
    mock.clock.runUntilIdle();
    expect(mock.control.counts().messages).toBe(5000);
  });

  it('paces batches: at most 10 in any minute, so the service never answers 429', async () => {
    const statuses: number[] = [];
    const { client, demo, sleeps } = setup({ onResponse: (event) => statuses.push(event.status) });
    const result = await client.campaigns.sendBulk(
      { remitter_id: demo.sender.id, content: 'x', recipients: numbers(36) },
      { chunkSize: 3 },
    );
    expect(result.chunks).toHaveLength(12);
    expect(result.failed).toBe(0);
    expect(statuses).not.toContain(429);
    expect(sleeps).toEqual([60_000]);
  });

  it('falls back on the retry layer when the key was already busy (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    const { client, demo, sleeps } = setup({ onResponse: (event) => statuses.push(event.status) });
    for (let i = 0; i < 9; i++) {
      await client.campaigns.sendBatch({
        remitter_id: demo.sender.id,
        channel_type: 'SMS',
        content: `warm-up ${i}`,
        recipients: numbers(2, 100 + 2 * i),
      });
    }
    const result = await client.campaigns.sendBulk(
      { remitter_id: demo.sender.id, content: 'x', recipients: numbers(9) },
      { chunkSize: 3 },
    );
    expect(result.failed).toBe(0);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect(sleeps).toEqual([60_000]);
  });

  it('balances chunks and never makes a chunk of one', async () => {
    const { client, demo } = setup();
    const result = await client.campaigns.sendBulk({
      remitter_id: demo.sender.id,
      content: 'x',
      recipients: numbers(1001),
      name: 'Launch',
    });
    expect(result.chunks.map((chunk) => chunk.recipients)).toEqual([500, 501]);
    const small = await client.campaigns.sendBulk(
      { remitter_id: demo.sender.id, content: 'x', recipients: numbers(7, 2000) },
      { chunkSize: 3 },
    );
    expect(small.chunks.map((chunk) => chunk.recipients)).toEqual([2, 2, 3]);
  });

  it('names each campaign after its chunk', async () => {
    const { client, demo, mock } = setup();
    await client.campaigns.sendBulk(
      { remitter_id: demo.sender.id, content: 'x', recipients: numbers(6), name: 'Launch' },
      { chunkSize: 3 },
    );
    expect(mock.control.campaigns(demo.organization.id).map((c) => c.name)).toEqual([
      'Launch (1/2)',
      'Launch (2/2)',
    ]);
  });

  it('reports a failed chunk and goes on; stopOnError skips the rest', async () => {
    const { client, demo } = setup();
    const recipients = [...numbers(3), 'not-a-number', ...numbers(5, 10)];
    const result = await client.campaigns.sendBulk(
      { remitter_id: demo.sender.id, content: 'x', recipients },
      { chunkSize: 3 },
    );
    expect(result.chunks.map((chunk) => chunk.status)).toEqual(['sent', 'failed', 'sent']);
    expect(result.failed).toBe(1);
    expect(result.campaignIds).toHaveLength(2);
    const failed = result.chunks[1];
    expect(failed?.status === 'failed' && failed.error).toBeInstanceOf(ValidationError);

    const stopped = await client.campaigns.sendBulk(
      { remitter_id: demo.sender.id, content: 'y', recipients },
      { chunkSize: 3, stopOnError: true },
    );
    expect(stopped.chunks.map((chunk) => chunk.status)).toEqual(['sent', 'failed', 'skipped']);
    expect(stopped.failed).toBe(2);
  });

  it('refuses what it cannot send, before sending anything', async () => {
    const { client, demo, mock } = setup();
    const base = { remitter_id: demo.sender.id, content: 'x' };
    await expect(client.campaigns.sendBulk({ ...base, recipients: numbers(1) })).rejects.toThrow(
      /messages\.send/,
    );
    await expect(client.campaigns.sendBulk({ ...base, recipients: [] })).rejects.toThrow(
      RangeError,
    );
    await expect(
      client.campaigns.sendBulk({ ...base, recipients: numbers(4) }, { chunkSize: 2 }),
    ).rejects.toThrow(/chunkSize/);
    await expect(
      client.campaigns.sendBulk(
        { ...base, recipients: numbers(4) },
        { idempotencyKey: 'k'.repeat(254) },
      ),
    ).rejects.toThrow(/idempotencyKey/);
    expect(mock.control.counts().campaigns).toBe(0);
  });

  it('stops with AbortError when its signal aborts', async () => {
    const { client, demo } = setup();
    const controller = new AbortController();
    const error = await client.campaigns
      .sendBulk(
        { remitter_id: demo.sender.id, content: 'x', recipients: numbers(9) },
        { chunkSize: 3, signal: controller.signal, onProgress: () => controller.abort() },
      )
      .then(undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
  });

  it('an abort while pacing carries the fan-out key and the chunks done', async () => {
    const { client, demo } = setup();
    const controller = new AbortController();
    const error = await client.campaigns
      .sendBulk(
        { remitter_id: demo.sender.id, content: 'x', recipients: numbers(36) },
        {
          chunkSize: 3,
          idempotencyKey: 'paced',
          signal: controller.signal,
          // The 11th chunk waits for the window: abort just before it.
          onProgress: ({ completed }) => completed === 10 && controller.abort(),
        },
      )
      .then(undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(BulkAbortError);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ code: 'ABORTED', idempotencyKey: 'paced' });
    const { result } = error as BulkAbortError;
    expect(result.idempotencyKey).toBe('paced');
    expect(result.chunks.map((chunk) => chunk.status)).toEqual(Array(10).fill('sent'));
    expect(result.campaignIds).toHaveLength(10);
  });

  it('an abort during a chunk request carries the fan-out key, not the chunk key', async () => {
    const controller = new AbortController();
    let batches = 0;
    const { client, demo, mock } = setup({
      fetch: async (request, init) => {
        if (isBatch(request) && ++batches === 3) {
          controller.abort();
          return new Promise<Response>((_, reject) =>
            init?.signal.addEventListener('abort', () => reject(init.signal.reason)),
          );
        }
        return mock.fetch(request);
      },
    });
    const error = await client.campaigns
      .sendBulk(
        { remitter_id: demo.sender.id, content: 'x', recipients: numbers(9) },
        { chunkSize: 3, idempotencyKey: 'job', signal: controller.signal },
      )
      .then(undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(BulkAbortError);
    expect(error).toMatchObject({ idempotencyKey: 'job', message: expect.stringMatching(/"job"/) });
    expect((error as BulkAbortError).result.chunks).toHaveLength(2);
    // The chunk's own error is the cause: it says which request was cut.
    expect((error as BulkAbortError).cause).toMatchObject({ idempotencyKey: 'job:2' });
  });
});

describe('campaigns.sendBulk options', () => {
  it('refuses options given in params (a key there would be ignored and a re-run could not resume)', async () => {
    const { client, demo } = setup();
    const params = {
      remitter_id: demo.sender.id,
      content: 'x',
      recipients: numbers(4),
      idempotencyKey: 'in-the-wrong-place',
    };
    await expect(client.campaigns.sendBulk(params)).rejects.toThrow(
      /takes `idempotencyKey` in its second argument/,
    );
    expect((await client.campaigns.list()).total).toBe(0);
  });
});
