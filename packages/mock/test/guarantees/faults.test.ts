// Injected faults (D36): request failures answer 500/503 with nothing executed, latency makes a
// request slow while its Idempotency-Key is held (a concurrent repeat sees 409), a dispatch failure
// fails a campaign and refunds every message (D13), a carrier outage makes messages to one carrier
// UNDELIVERED for a window of the world's clock. After every fault the books still balance.
import { describe, expect, it } from 'vitest';
import { timedAgainstLoop } from '../../../sdk/test/support/loop-delay';
import { DEFAULT_START_TIME, type MockServiceOptions } from '../../src/index';
import { api } from '../support/api';
import { createMockService } from '../support/mock';
import { expectLedgerBalanced, FIXED_TIMING, only } from '../support/world';
import { inbox, iso } from './support';

const T0 = DEFAULT_START_TIME;

function setup(options: MockServiceOptions = {}) {
  const mock = createMockService({
    simulation: { ...FIXED_TIMING, ...only('DELIVERED') },
    ...options,
  });
  const demo = mock.seedDemo();
  const live = api(mock, demo.liveKey);
  const balance = () => mock.control.balance(demo.organization.id);
  const ledger = () => mock.control.ledger(demo.organization.id);
  return { mock, demo, live, balance, ledger };
}

const batch = (senderId: string, recipients: string[]) => ({
  remitter_id: senderId,
  channel_type: 'SMS',
  content: 'Promo: 10% off today',
  recipients,
});

describe('failNextRequests', () => {
  it('the next N requests answer 503 with the envelope, nothing executes, then all is normal', async () => {
    const { mock, demo, live, balance, ledger } = setup();
    const before = { balance: balance(), ledger: ledger() };
    mock.control.failNextRequests({ operation_id: 'sendBatchCampaign', status: 503, count: 2 });
    const body = batch(demo.sender.id, ['+244923000001', '+244923000002']);

    for (let i = 0; i < 2; i++) {
      const failed = await live.post('/campaigns/batch', body);
      expect(failed.status).toBe(503);
      expect(failed.body).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: expect.any(String),
        status: 503,
        trace_id: failed.traceId,
        timestamp: iso(T0),
        service: 'core',
      });
      expect(failed.traceId).toMatch(/^[0-9a-f]{32}$/);
    }
    // Nothing was created or charged, and the failures did not count against the rate limit.
    mock.clock.runUntilIdle();
    expect(mock.control.campaigns(demo.organization.id)).toEqual([]);
    expect({ balance: balance(), ledger: ledger() }).toEqual(before);

    const accepted = await live.post('/campaigns/batch', body);
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('x-ratelimit-remaining')).toBe('9');
    expect(mock.control.faults().request_failures).toEqual([]);
    expectLedgerBalanced(mock);
  });

  it('500 INTERNAL_SERVER_ERROR by default; other operations are not affected', async () => {
    const { mock, live } = setup();
    mock.control.failNextRequests({ operation_id: 'sendMessage' });
    expect(mock.control.faults().request_failures).toEqual([
      { id: expect.any(String), operation_id: 'sendMessage', status: 500, remaining: 1 },
    ]);
    expect((await live.get('/messages')).status).toBe(200);

    const failed = await live.post('/messages', { to: '+244923000001', body: 'hi' });
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
      status: 500,
      service: 'core',
      trace_id: failed.traceId,
    });
    expect(mock.control.counts().messages).toBe(0);
    expect((await live.post('/messages', { to: '+244923000001', body: 'hi' })).status).toBe(201);
    expectLedgerBalanced(mock);
  });

  it('without an operation, any request fails; even an unauthenticated one uses it up', async () => {
    const { mock, live } = setup();
    mock.control.failNextRequests({ status: 503, count: 3 });
    expect((await live.get('/messages')).status).toBe(503);
    expect((await live.get('/campaigns')).status).toBe(503);
    // Faults answer before authentication (D34).
    expect((await api(mock, 'svc_live_nobody').get('/campaigns')).status).toBe(503);
    expect((await api(mock, 'svc_live_nobody').get('/campaigns')).status).toBe(401);
    expect((await live.get('/campaigns')).status).toBe(200);
    expectLedgerBalanced(mock);
  });

  it('a 5xx stores nothing under its Idempotency-Key: the retry executes (D9)', async () => {
    const { mock, live, balance } = setup();
    const start = balance();
    mock.control.failNextRequests({ operation_id: 'sendMessage' });
    const key = { 'idempotency-key': 'order-7781' };
    const message = { to: '+244923000001', body: 'Your order shipped' };

    expect((await live.post('/messages', message, key)).status).toBe(500);
    const retried = await live.post('/messages', message, key);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const replayed = await live.post('/messages', message, key);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(retried.body);

    expect(mock.control.counts().messages).toBe(1);
    expect(Number(balance())).toBe(Number(start) - 4);
    expectLedgerBalanced(mock);
  });
});

describe('addLatency', () => {
  it('delays a request in wall-clock time, holding its Idempotency-Key meanwhile', async () => {
    const { mock, demo, live } = setup();
    mock.control.addLatency({ operation_id: 'sendBatchCampaign', ms: 200 });
    const key = { 'idempotency-key': 'black-friday-1' };
    const body = batch(demo.sender.id, ['+244923000001', '+244923000002']);

    const started = performance.now();
    let firstDone = 0;
    const first = live.post('/campaigns/batch', body, key).then((response) => {
      firstDone = performance.now();
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));

    // A concurrent repeat while the first is in flight.
    const concurrent = await live.post('/campaigns/batch', body, key);
    const concurrentDone = performance.now();
    expect(concurrent.status).toBe(409);
    expect(concurrent.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', status: 409 });
    expect(concurrent.headers.get('retry-after')).toBe('1');
    expect(firstDone).toBe(0);

    const accepted = await first;
    expect(accepted.status).toBe(202);
    expect(firstDone - started).toBeGreaterThanOrEqual(195);
    expect(concurrentDone - started).toBeLessThan(firstDone - started);

    // Once it finished, the repeat is a replay of the same campaign, without delay (the bound
    // grows with the measured event-loop delay, so a starved machine cannot break it).
    const {
      value: replay,
      ms,
      heldMs,
    } = await timedAgainstLoop(live.post('/campaigns/batch', body, key));
    if (replay === undefined) throw new Error('the replay failed');
    expect(ms).toBeLessThan(150 + heldMs);
    expect(replay.status).toBe(202);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(accepted.body);
    expect(mock.control.campaigns(demo.organization.id)).toHaveLength(1);
    mock.clock.runUntilIdle();
    expectLedgerBalanced(mock);
  });

  it('applies to the next request of that operation only', async () => {
    const { mock, live } = setup();
    mock.control.addLatency({ operation_id: 'listMessages', ms: 100 });
    // Wall time less the measured event-loop delay: what is left is waiting, which only the
    // latency adds (a starved machine holds the loop up, and that is left out).
    const waited = async (request: () => Promise<unknown>) => {
      const { ms, heldMs } = await timedAgainstLoop(request);
      return { ms, waited: ms - heldMs };
    };
    expect((await waited(() => live.get('/campaigns'))).waited).toBeLessThan(90);
    expect((await waited(() => live.get('/messages'))).ms).toBeGreaterThanOrEqual(95);
    expect((await waited(() => live.get('/messages'))).waited).toBeLessThan(90);
    expect(mock.control.faults().latencies).toEqual([]);
    expectLedgerBalanced(mock);
  });
});

describe('failNextDispatch', () => {
  it('fails the next campaign with SYSTEM_DISPATCH_ERROR: messages CANCELLED and refunded', async () => {
    const { mock, demo, live, balance, ledger } = setup();
    const receiver = inbox();
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
      events: ['campaign.completed'],
    });
    const start = balance();
    mock.control.failNextDispatch();
    const recipients = ['+244923000001', '+244923000002', '+244951000003'];
    const accepted = await live.post('/campaigns/batch', {
      ...batch(demo.sender.id, recipients),
      name: 'Doomed',
    });
    expect(accepted.status).toBe(202);
    await mock.clock.settle();

    const id: string = accepted.body.campaign_id;
    expect((await live.get(`/campaigns/${id}`)).body).toMatchObject({
      status: 'FAILED',
      error_code: 'SYSTEM_DISPATCH_ERROR',
      processed_at: iso(T0 + 500),
      completed_at: iso(T0 + 500),
    });
    const page = await live.get(`/campaigns/${id}/messages`);
    expect(page.body.total).toBe(3);
    for (const entry of page.body.entries) {
      // Coarse status FAILED on lists (D18); the exact one on Retrieve Message.
      expect(entry).toMatchObject({
        status: 'FAILED',
        error_code: 'SYSTEM_DISPATCH_ERROR',
        is_refunded: true,
      });
      expect((await live.get(`/messages/${entry.id}`)).body).toMatchObject({
        status: 'CANCELLED',
        error_code: 'SYSTEM_DISPATCH_ERROR',
        is_refunded: true,
      });
    }
    // Debited once for the campaign (4 + 4 + 3.5), then each message refunded: whole again.
    expect(balance()).toBe(start);
    expect(
      ledger()
        .slice(1)
        .map((e) => [e.kind, e.amount]),
    ).toEqual([
      ['CAMPAIGN_DEBIT', '-11.500000'],
      ['REFUND', '4.000000'],
      ['REFUND', '4.000000'],
      ['REFUND', '3.500000'],
    ]);
    expect(receiver.acknowledged()).toEqual([
      {
        type: 'campaign.completed',
        timestamp: iso(T0 + 500),
        data: {
          id,
          name: 'Doomed',
          status: 'FAILED',
          error_code: 'SYSTEM_DISPATCH_ERROR',
          total_estimated_recipients: 3,
          completed_at: iso(T0 + 500),
          counts: { total: 3, sent: 0, delivered: 0, failed: 3, undelivered: 0 },
        },
      },
    ]);
    expectLedgerBalanced(mock);

    // One fault, one campaign: the next one is sent.
    const next = await live.post('/campaigns/batch', batch(demo.sender.id, recipients));
    mock.clock.runUntilIdle();
    expect((await live.get(`/campaigns/${next.body.campaign_id}`)).body.status).toBe('COMPLETED');
  });

  it('can name the campaign it fails', async () => {
    const { mock, demo, live } = setup();
    const first = await live.post(
      '/campaigns/batch',
      batch(demo.sender.id, ['+244923000001', '+244923000002']),
    );
    const second = await live.post(
      '/campaigns/batch',
      batch(demo.sender.id, ['+244923000003', '+244923000004']),
    );
    mock.control.failNextDispatch({ campaign_id: second.body.campaign_id });
    mock.clock.runUntilIdle();
    expect((await live.get(`/campaigns/${first.body.campaign_id}`)).body.status).toBe('COMPLETED');
    expect((await live.get(`/campaigns/${second.body.campaign_id}`)).body).toMatchObject({
      status: 'FAILED',
      error_code: 'SYSTEM_DISPATCH_ERROR',
    });
    expectLedgerBalanced(mock);
  });
});

describe('carrierOutage', () => {
  it('messages to the carrier dispatched in the window are UNDELIVERED CARRIER_OUTAGE, refunded; others are not', async () => {
    const { mock, demo, live, balance } = setup();
    const from = T0 + 10 * 60_000;
    const to = T0 + 20 * 60_000;
    mock.control.carrierOutage({ destination: 'UNITEL', from: new Date(from), to: iso(to) });
    const send = async (number: string) =>
      (await live.post('/messages', { to: number, body: 'hi' })).body.id as string;
    const state = async (id: string) => {
      const { status, error_code, is_refunded, channel_destination } = (
        await live.get(`/messages/${id}`)
      ).body;
      return [channel_destination, status, error_code, is_refunded];
    };

    const before = await send('+244923000001');
    mock.clock.advance(from - T0);
    const start = balance();
    const unitel = await send('+244923000002');
    const africell = await send('+244951000003');
    const movicel = await send('+244912000004');
    const inBatch = await live.post(
      '/campaigns/batch',
      batch(demo.sender.id, ['+244933000005', '+244951000006']),
    );
    mock.clock.advance(60_000);

    expect(await state(before)).toEqual(['UNITEL', 'DELIVERED', null, false]);
    expect(await state(unitel)).toEqual(['UNITEL', 'UNDELIVERED', 'CARRIER_OUTAGE', true]);
    expect(await state(africell)).toEqual(['AFRICELL_AO', 'DELIVERED', null, false]);
    expect(await state(movicel)).toEqual(['MOVICEL', 'DELIVERED', null, false]);
    const page = await live.get(`/campaigns/${inBatch.body.campaign_id}/messages`);
    expect(
      Object.fromEntries(
        page.body.entries.map((m: { e164_format: string; status: string; error_code: string }) => [
          m.e164_format,
          [m.status, m.error_code],
        ]),
      ),
    ).toEqual({
      '+244933000005': ['UNDELIVERED', 'CARRIER_OUTAGE'], // Unitel (93)
      '+244951000006': ['DELIVERED', null], // Africell
    });
    // Charged: Africell 3.5 + Movicel 4.5 + Africell 3.5; both Unitel messages refunded.
    expect(Number(balance())).toBeCloseTo(Number(start) - 11.5, 6);

    // After the window, Unitel delivers again.
    mock.clock.advance(to - mock.clock.now().getTime() + 1);
    const after = await send('+244923000007');
    mock.clock.runUntilIdle();
    expect(await state(after)).toEqual(['UNITEL', 'DELIVERED', null, false]);
    expectLedgerBalanced(mock);
  });

  it('a receipt due inside the window turns into CARRIER_OUTAGE too', async () => {
    const { mock, live } = setup();
    // Sent at +1 s, its receipt is due at +6 s, when the outage has begun.
    mock.control.carrierOutage({
      destination: 'UNITEL',
      from: new Date(T0 + 5_000),
      to: new Date(T0 + 60_000),
    });
    const id = (await live.post('/messages', { to: '+244923000001', body: 'hi' })).body.id;
    mock.clock.advance(2_000);
    expect((await live.get(`/messages/${id}`)).body.status).toBe('SENT');
    mock.clock.advance(4_000);
    expect((await live.get(`/messages/${id}`)).body).toMatchObject({
      status: 'UNDELIVERED',
      error_code: 'CARRIER_OUTAGE',
      is_refunded: true,
      updated_at: iso(T0 + 6_000),
    });
    expectLedgerBalanced(mock);
  });

  it('clearFaults removes an outage', async () => {
    const { mock, live } = setup();
    const outage = mock.control.carrierOutage({
      destination: 'UNITEL',
      from: new Date(T0),
      to: new Date(T0 + 3_600_000),
    });
    mock.control.clearFaults(outage);
    expect(mock.control.faults().carrier_outages).toEqual([]);
    const id = (await live.post('/messages', { to: '+244923000001', body: 'hi' })).body.id;
    mock.clock.runUntilIdle();
    expect((await live.get(`/messages/${id}`)).body.status).toBe('DELIVERED');
    expectLedgerBalanced(mock);
  });
});

describe('latency and the caller’s abort signal', () => {
  it('mock.fetch rejects as soon as the caller aborts a delayed request, like a real fetch', async () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    mock.control.addLatency({ operation_id: 'listMessages', ms: 2_000 });
    const controller = new AbortController();
    const pending = mock.fetch(`${mock.baseUrl}/messages`, {
      headers: { 'x-api-key': demo.liveKey },
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    const { ms, heldMs, error } = await timedAgainstLoop(pending);
    expect(error).toMatchObject({ name: 'AbortError' });
    // Long before the 2 s latency ends, however late a starved event loop ran the abort.
    expect(ms).toBeLessThan(1_000 + heldMs);
  });
});
