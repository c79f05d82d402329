// `mock.client()` (D75): an SDK client on the mock's key, fetch and base URL whose waits — waitFor
// polling, sendBulk pacing, retry backoff — move the mock's virtual clock instead of the wall clock.
import { AbortError, ServerError, WaitTimeoutError } from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';
import { timedAgainstLoop } from '../../sdk/test/support/loop-delay';
import { DEMO_LIVE_KEY, DEMO_TEST_KEY, RealClock } from '../src/index';
import { createMockService } from './support/mock';
import { unitelNumbers } from './support/world';

const HOUR = 3_600_000;

/**
 * Virtual and wall-clock milliseconds a piece of work took. `wallMs` leaves out the time the event
 * loop was held up (a starved machine, measured): what is left is the time spent waiting, which a
 * sleep on the wall clock would fill.
 */
async function timed<T>(mock: ReturnType<typeof createMockService>, work: () => Promise<T>) {
  const virtualStart = mock.clock.now().getTime();
  const { ms, heldMs, value, error } = await timedAgainstLoop(work);
  if (error !== undefined) throw error;
  return {
    result: value as T,
    virtualMs: mock.clock.now().getTime() - virtualStart,
    wallMs: Math.max(0, ms - heldMs),
  };
}

describe('mock.client()', () => {
  it('runs the README’s send and waitFor at once, in virtual time', async () => {
    const mock = createMockService();
    const client = mock.client();
    const { result, virtualMs, wallMs } = await timed(mock, async () => {
      const sent = await client.messages.send({
        to: '+244923000001',
        body: 'O seu código: 482913',
      });
      return client.messages.waitFor(sent.id, { until: 'DELIVERED', timeout: 60_000 });
    });
    expect(result.status).toBe('DELIVERED');
    // Dispatch and the receipt take virtual seconds; the test takes far less of the wall clock.
    expect(virtualMs).toBeGreaterThanOrEqual(1_000);
    expect(wallMs).toBeLessThan(virtualMs / 4);
  });

  it('waits hours of virtual time in a moment: a receipt 6 h after sending', async () => {
    const mock = createMockService();
    const client = mock.client();
    const { result, virtualMs, wallMs } = await timed(mock, async () => {
      const sent = await client.messages.send({ to: '+244900000007', body: 'Olá' });
      // Polls every 10 minutes (not the default 30 s cap): fewer round trips, same point.
      return client.messages.waitFor(sent.id, { timeout: 7 * HOUR, pollInterval: 600_000 });
    });
    expect(result.status).toBe('DELIVERED');
    expect(virtualMs).toBeGreaterThanOrEqual(6 * HOUR);
    expect(wallMs).toBeLessThan(5_000);
  });

  it('paces sendBulk on the virtual clock: 3 chunks at 1 batch a minute take 2 virtual minutes', async () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    const client = mock.client();
    const { result, virtualMs, wallMs } = await timed(mock, () =>
      client.campaigns.sendBulk(
        { remitter_id: demo.sender.id, content: 'Promoção', recipients: unitelNumbers(9) },
        { chunkSize: 3, batchesPerMinute: 1 },
      ),
    );
    expect(result.failed).toBe(0);
    expect(result.campaignIds).toHaveLength(3);
    expect(virtualMs).toBeGreaterThanOrEqual(120_000);
    expect(wallMs).toBeLessThan(virtualMs);
    // The campaigns were processed while the clock moved: the first ones are done already.
    expect(mock.control.campaigns(demo.organization.id)[0]).toMatchObject({
      id: result.campaignIds[0],
      status: 'COMPLETED',
    });
  });

  it('waits out a retry after a 503 in virtual time', async () => {
    const mock = createMockService();
    mock.control.failNextRequests({ operation_id: 'sendMessage', status: 503, count: 1 });
    const delays: number[] = [];
    const client = mock.client({ onRetry: (event) => delays.push(event.delayMs) });
    const { result, virtualMs } = await timed(mock, () =>
      client.messages.send({ to: '+244923000001', body: 'Olá' }),
    );
    expect(result.status).toBe('PENDING');
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThan(0);
    expect(virtualMs).toBe(Math.ceil(delays[0]!));
    expect(mock.control.messagesTo('+244923000001')).toHaveLength(1);
  });

  it('a wait stops when its signal aborts, and the clock stops with it', async () => {
    const mock = createMockService();
    const controller = new AbortController();
    let requests = 0;
    const client = mock.client({
      onRequest: () => {
        requests++;
        if (requests === 3) controller.abort(new Error('test is done'));
      },
    });
    const sent = await client.messages.send({ to: '+244900000006', body: 'never a receipt' });
    const before = mock.clock.now().getTime();
    await expect(
      client.messages.waitFor(sent.id, { until: 'DELIVERED', signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortError);
    // Two polls and one wait between them (1 s); the wait after the second poll never happened.
    expect(mock.clock.now().getTime() - before).toBe(1_000);
  });

  it('uses the demo key by default (seeding the demo world), or the key it is given', () => {
    const mock = createMockService();
    expect(mock.control.organizations()).toHaveLength(0);
    const live = mock.client();
    expect(live.environment).toBe('live');
    expect(mock.control.organizations().map((org) => org.name)).toEqual(['Demo Organization']);
    expect(mock.client({ apiKey: DEMO_TEST_KEY }).environment).toBe('test');
    // An option given as undefined (an unset environment variable) keeps the wiring.
    expect(mock.client({ apiKey: undefined }).environment).toBe('live');

    const other = createMockService();
    const org = other.control.createOrganization({ name: 'Kwanza Shop', balance: '10' });
    const key = other.control.issueApiKey({ organization_id: org.id, environment: 'test' });
    expect(other.client({ apiKey: key.key }).environment).toBe('test');
    expect(other.control.organizations()).toHaveLength(1);
    expect(mock.world.apiKeys.has(DEMO_LIVE_KEY)).toBe(true);
  });

  it('passes other options on, and they override the wiring', async () => {
    const mock = createMockService();
    mock.control.failNextRequests({ operation_id: 'sendMessage', status: 503, count: 1 });
    await expect(
      mock.client({ maxRetries: 0 }).messages.send({ to: '+244923000001', body: 'x' }),
    ).rejects.toBeInstanceOf(ServerError);
    const other = mock.client({ baseUrl: 'http://127.0.0.1:4780/c/v1/' });
    expect(other.baseUrl).toBe('http://127.0.0.1:4780/c/v1');
    // A sleep of one's own replaces the virtual one.
    const slept: number[] = [];
    const client = mock.client({
      sleep: async (ms) => {
        slept.push(ms);
        mock.clock.advance(ms);
      },
    });
    const sent = await client.messages.send({ to: '+244923000002', body: 'x' });
    expect((await client.messages.waitFor(sent.id)).status).toBe('DELIVERED');
    expect(slept[0]).toBe(1_000);
  });

  it('on a real clock keeps real time', async () => {
    const mock = createMockService({ clock: new RealClock() });
    const client = mock.client();
    const sent = await client.messages.send({ to: '+244923000001', body: 'x' });
    // Nothing runs the world's due work here, and a virtual sleep would throw (a real clock
    // cannot be moved by hand): the wait runs out on the wall clock.
    const started = performance.now();
    await expect(
      client.messages.waitFor(sent.id, { timeout: 30, pollInterval: 10 }),
    ).rejects.toBeInstanceOf(WaitTimeoutError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });
});
