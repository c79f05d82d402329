// A seeded mock replays exactly: the same seed and the same calls give the same ids, timestamps,
// trace ids and delivery outcomes; another seed gives others; separate services share nothing.
import { describe, expect, it } from 'vitest';
import type { MockService } from '../src/index';
import { api, type Json } from './support/api';
import { createMockService } from './support/mock';
import { batchBody, unitelNumbers } from './support/world';

/** A fixed script of calls; returns everything a client could observe, as JSON. */
async function script(mock: MockService) {
  const demo = mock.seedDemo();
  const live = api(mock, demo.liveKey);
  const test = api(mock, demo.testKey);
  const traces: (string | null)[] = [];
  const record = <T extends { traceId: string | null }>(response: T) => {
    traces.push(response.traceId);
    return response;
  };

  const batch = record(
    await live.post(
      '/campaigns/batch',
      batchBody(demo.sender.id, {
        recipients: [...unitelNumbers(40), '+244912000002', '12345678'],
        content: 'ã'.repeat(80),
      }),
    ),
  );
  mock.clock.advance(700);
  record(await live.post('/messages', { to: '+244951000003', body: 'code 1234' }));
  record(await test.post('/messages', { to: '+244923000001', body: 'test' }));
  record(
    await live.post('/messages', { to: '+244912000002', body: 'wa', channel_type: 'WHATSAPP' }),
  );
  mock.clock.advance(3_000);
  const midway = record(await live.get('/messages', { size: 200 })).body;
  mock.clock.runUntilIdle();

  const messages = record(await live.get('/messages', { size: 200, order: 'asc' })).body;
  const details: Json[] = [];
  for (const entry of messages.entries) {
    details.push(record(await live.get(`/messages/${entry.id}`)).body);
  }
  return {
    batch: batch.body,
    midway,
    messages,
    details,
    campaigns: record(await live.get('/campaigns')).body,
    campaignMessages: record(await live.get(`/campaigns/${batch.body.campaign_id}/messages`)).body,
    testMessages: record(await test.get('/messages')).body,
    ledger: mock.control.ledger(demo.organization.id),
    now: mock.clock.now().toISOString(),
    traces,
  };
}

describe('determinism', () => {
  it('the same seed and the same calls give identical results', async () => {
    const first = await script(createMockService({ seed: 7 }));
    const second = await script(createMockService({ seed: 7 }));
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    // The script exercised something worth comparing: several outcomes and a real ledger.
    expect(first.messages.total).toBe(44);
    expect(new Set(first.details.map((d) => d.status)).size).toBeGreaterThan(1);
    expect(first.ledger.length).toBeGreaterThan(3);
  });

  it('the default seed is fixed too', async () => {
    const first = await script(createMockService());
    const second = await script(createMockService());
    expect(second).toEqual(first);
  });

  it('another seed gives other ids, trace ids and outcomes', async () => {
    const seven = await script(createMockService({ seed: 7 }));
    const eight = await script(createMockService({ seed: 8 }));
    expect(eight.batch.campaign_id).not.toBe(seven.batch.campaign_id);
    expect(eight.traces).not.toEqual(seven.traces);
    const ids = (run: typeof seven) => run.messages.entries.map((m: Json) => m.id);
    expect(ids(eight)).not.toEqual(ids(seven));
    const timeline = (run: typeof seven) =>
      run.details.map((d) => [d.e164_format, d.status, d.updated_at]);
    expect(timeline(eight)).not.toEqual(timeline(seven));
  });

  it('extra reads do not change ids or outcomes (trace ids come from their own stream)', async () => {
    const quiet = createMockService({ seed: 3 });
    const chatty = createMockService({ seed: 3 });
    const demo = chatty.seedDemo();
    for (let i = 0; i < 5; i++) {
      await api(chatty, demo.liveKey).get('/campaigns');
      await api(chatty, undefined).get('/messages');
    }
    const a = await script(quiet);
    const b = await script(chatty);
    expect(b.messages).toEqual(a.messages);
    expect(b.details).toEqual(a.details);
    expect(b.traces).not.toEqual(a.traces);
  });
});

describe('separate services share nothing', () => {
  it('records, balances, rate-limit windows and idempotency keys stay in their own service', async () => {
    const one = createMockService();
    const two = createMockService();
    const demoOne = one.seedDemo();
    const demoTwo = two.seedDemo();
    // The demo keys are the same strings in both services.
    expect(demoTwo.liveKey).toBe(demoOne.liveKey);

    const sendOne = api(one, demoOne.liveKey);
    const sendTwo = api(two, demoTwo.liveKey);
    const key = { 'idempotency-key': 'same-key' };
    for (let i = 0; i < 10; i++) {
      const response = await sendOne.post(
        '/campaigns/batch',
        batchBody(demoOne.sender.id, { recipients: unitelNumbers(2, 10 * i) }),
        i === 0 ? key : {},
      );
      expect(response.status).toBe(202);
    }
    expect((await sendOne.post('/campaigns/batch', batchBody(demoOne.sender.id))).status).toBe(429);

    const fresh = await sendTwo.post('/campaigns/batch', batchBody(demoTwo.sender.id), key);
    expect(fresh.status).toBe(202);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('9');
    one.clock.runUntilIdle();
    expect(two.clock.now().toISOString()).toBe('2026-01-01T09:00:00.000Z');
    expect((await sendTwo.get('/campaigns')).body.total).toBe(1);
    expect((await sendOne.get('/campaigns')).body.total).toBe(10);
    expect(two.control.balance(demoTwo.organization.id)).toBe('1000000.000000');
  });

  it('reset() starts over from an empty world', async () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    await api(mock, demo.liveKey).post('/messages', { to: '+244923000001', body: 'hi' });
    mock.reset();
    const again = mock.seedDemo();
    expect(mock.control.counts()).toEqual({ messages: 0, campaigns: 0, pending_tasks: 0 });
    expect((await api(mock, again.liveKey).get('/messages')).body.total).toBe(0);
  });
});
