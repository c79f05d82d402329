// Running the virtual clock (D74): runUntilIdle runs work and leaves housekeeping (a message's
// expiry at the end of its 48 h validity period) pending, so it never carries a test past the 24 h
// idempotency window; it says how far time moved; runUntil(date or condition) runs everything.
import { MessagingClient } from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';
import { DEFAULT_START_TIME } from '../src/index';
import { api } from './support/api';
import { createMockService } from './support/mock';
import { FIXED_TIMING, unitelNumbers } from './support/world';

const T0 = DEFAULT_START_TIME;
const HOUR = 3_600_000;
const EXPIRES = '+244900000003'; // magic: SENT, then EXPIRED when the validity period ends
const LATE = '+244900000007'; // magic: DELIVERED 6 h after it is sent

function setup(options: Parameters<typeof createMockService>[0] = {}) {
  const mock = createMockService({ simulation: FIXED_TIMING, ...options });
  const demo = mock.seedDemo();
  return { mock, demo, live: api(mock, demo.liveKey) };
}

describe('runUntilIdle', () => {
  it('a sendBulk re-run with the same key after runUntilIdle replays every chunk: nothing is sent twice', async () => {
    const { mock, demo } = setup();
    const client = new MessagingClient({
      apiKey: demo.liveKey,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
    });
    // Nine recipients in three chunks; one of them never gets a receipt and expires after 48 h.
    const recipients = [...unitelNumbers(8), EXPIRES];
    const params = {
      remitter_id: demo.sender.id,
      content: 'Promoção de fim de semana',
      recipients,
    };
    const bulk = { chunkSize: 3, idempotencyKey: 'weekend-promo' };
    const first = await client.campaigns.sendBulk(params, bulk);
    expect(first.chunks.map((chunk) => chunk.status)).toEqual(['sent', 'sent', 'sent']);

    const run = mock.clock.runUntilIdle();
    expect(run.elapsedMs).toBeLessThan(24 * HOUR);
    expect(run.pending).toBe(1); // the expiry, left for later
    expect(mock.clock.now().getTime()).toBe(T0 + run.elapsedMs);

    const again = await client.campaigns.sendBulk(params, bulk);
    expect(again.chunks.map((chunk) => chunk.status === 'sent' && chunk.replayed)).toEqual([
      true,
      true,
      true,
    ]);
    expect(again.campaignIds).toEqual(first.campaignIds);
    expect(mock.control.campaigns(demo.organization.id)).toHaveLength(3);
    expect(mock.control.counts().messages).toBe(recipients.length);
    for (const number of recipients) expect(mock.control.messagesTo(number)).toHaveLength(1);
  });

  it('says how many tasks ran, how far the clock moved and what is left', async () => {
    const { mock, live } = setup();
    await live.post('/messages', { to: '+244923000001', body: 'a' });
    await live.post('/messages', { to: EXPIRES, body: 'b' });
    // Dispatch of both at 1 s, the first one's receipt 5 s later; the expiry waits 48 h.
    expect(mock.clock.runUntilIdle()).toEqual({ tasksRun: 3, elapsedMs: 6_000, pending: 1 });
    expect(mock.clock.runUntilIdle()).toEqual({ tasksRun: 0, elapsedMs: 0, pending: 1 });
  });

  it('runs housekeeping that falls due before later work, in time order', async () => {
    // A 1 h validity period: the expiry (1 h) comes before the late delivery (6 h).
    const { mock, live } = setup({ simulation: { ...FIXED_TIMING, validityPeriod: HOUR } });
    const expiring = await live.post('/messages', { to: EXPIRES, body: 'a' });
    const late = await live.post('/messages', { to: LATE, body: 'b' });
    expect(mock.clock.runUntilIdle()).toEqual({
      tasksRun: 4,
      elapsedMs: 1_000 + 6 * HOUR,
      pending: 0,
    });
    expect(mock.control.message(expiring.body.id)).toMatchObject({ status: 'EXPIRED' });
    expect(mock.control.message(late.body.id)).toMatchObject({ status: 'DELIVERED' });
  });

  it('still knows which tasks are housekeeping after a snapshot is restored', async () => {
    const { mock, live } = setup();
    await live.post('/messages', { to: EXPIRES, body: 'a' });
    mock.clock.runUntilIdle();
    const fork = mock.fork();
    expect(fork.clock.runUntilIdle()).toEqual({ tasksRun: 0, elapsedMs: 0, pending: 1 });
  });
});

describe('runUntil', () => {
  it('a condition: runs housekeeping too, and stops as soon as it holds', async () => {
    const { mock, live } = setup();
    const sent = await live.post('/messages', { to: EXPIRES, body: 'a' });
    const run = mock.clock.runUntil(() => mock.control.message(sent.body.id).status === 'EXPIRED');
    expect(run).toEqual({ tasksRun: 2, elapsedMs: 1_000 + 48 * HOUR, pending: 0 });
    expect(mock.control.message(sent.body.id)).toMatchObject({
      status: 'EXPIRED',
      is_refunded: true,
    });
  });

  it('a condition that already holds runs nothing', () => {
    const { mock } = setup();
    expect(mock.clock.runUntil(() => true)).toEqual({ tasksRun: 0, elapsedMs: 0, pending: 0 });
  });

  it('a condition that never holds throws once nothing is left, saying how far it went', async () => {
    const { mock, live } = setup();
    await live.post('/messages', { to: '+244923000001', body: 'a' });
    expect(() => mock.clock.runUntil(() => false)).toThrow(
      'runUntil: the condition did not hold with no work left (2 tasks ran, the clock moved 6000 ms).',
    );
  });

  it('a date: runs everything due by then and stops the clock exactly there', async () => {
    const { mock, live } = setup();
    const sent = await live.post('/messages', { to: EXPIRES, body: 'a' });
    const run = mock.clock.runUntil(new Date(T0 + 47 * HOUR));
    expect(run).toEqual({ tasksRun: 1, elapsedMs: 47 * HOUR, pending: 1 });
    expect(mock.clock.now().getTime()).toBe(T0 + 47 * HOUR);
    expect(mock.control.message(sent.body.id)).toMatchObject({ status: 'SENT' });

    mock.clock.runUntil(new Date(T0 + 49 * HOUR));
    expect(mock.control.message(sent.body.id)).toMatchObject({ status: 'EXPIRED' });
    // A date already past moves nothing: a clock never goes back.
    expect(mock.clock.runUntil(new Date(T0))).toEqual({ tasksRun: 0, elapsedMs: 0, pending: 0 });
    expect(() => mock.clock.runUntil(new Date(Number.NaN))).toThrow(RangeError);
  });
});
