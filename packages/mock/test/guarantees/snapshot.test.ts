// Snapshots, restore and fork: a snapshot is the whole world as one JSON-safe value — records,
// money, keys, limits, idempotency, faults, webhooks, the clock, randomness and pending work.
// Restoring it gives back exactly that world, and a world continued from it behaves exactly as
// the original continued. Forks and separate services share nothing.
import { describe, expect, it } from 'vitest';
import { checked } from '../../../../openapi/test/support/response-check';
import { MESSAGE_STATUS_TRAITS } from '../../src/domain/messages/message-machine';
import type { MockService, WorldSnapshot } from '../../src/index';
import type { MessageRecord } from '../../src/port';
import { type ApiResponse, api } from '../support/api';
import { createMockService } from '../support/mock';
import { expectLedgerBalanced } from '../support/world';

/** A value as JSON carries it. */
const json = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** What a response shows a client, headers included (trace ids come from the seeded world too). */
function seen(response: ApiResponse) {
  return { status: response.status, headers: [...response.headers], body: response.body };
}

/** A world with some history: messages in every state, a campaign, an inbound STOP. */
async function busyWorld(mock: MockService) {
  const demo = mock.seedDemo();
  const live = api(mock, demo.liveKey);
  await live.post('/messages', { to: '+244900000001', body: 'delivered' });
  await live.post('/messages', { to: '+244900000007', body: 'delivered in 6 h' });
  await live.post('/campaigns/batch', {
    remitter_id: demo.sender.id,
    channel_type: 'SMS',
    content: 'Promo',
    recipients: ['+244923000001', '+244951000002', '+244900000009', '+244900000000'],
  });
  await live.post(
    '/messages',
    { to: '+244923000003', body: 'idempotent' },
    { 'idempotency-key': 'k-1' },
  );
  mock.clock.advance(90_000);
  mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'STOP' });
  await api(mock, demo.testKey).post('/messages', { to: '+244923000004', body: 'test mode' });
  return { demo, live };
}

/** The same calls, made on any service: what a client sees, step by step. */
async function script(mock: MockService, liveKey: string, senderId: string) {
  const live = api(mock, liveKey);
  const seenSoFar: unknown[] = [];
  seenSoFar.push(seen(await live.post('/messages', { to: '+244923000010', body: 'next' })));
  seenSoFar.push(
    seen(
      await live.post('/campaigns/batch', {
        remitter_id: senderId,
        channel_type: 'SMS',
        content: 'Second wave',
        recipients: ['+244923000011', '+244923000012', '+244923000001'],
      }),
    ),
  );
  mock.clock.advance(3_600_000);
  seenSoFar.push(seen(await live.get('/messages', { size: 50, order: 'asc' })));
  seenSoFar.push(seen(await live.get('/campaigns')));
  // Repeats of an idempotent request made before the snapshot replay it.
  seenSoFar.push(
    seen(
      await live.post(
        '/messages',
        { to: '+244923000003', body: 'idempotent' },
        { 'idempotency-key': 'k-1' },
      ),
    ),
  );
  mock.clock.runUntilIdle();
  seenSoFar.push(seen(await live.get('/messages', { size: 50, order: 'asc' })));
  return seenSoFar;
}

describe('snapshot → mutate → restore', () => {
  it('gives back a world whose snapshot deep-equals the original', async () => {
    const mock = createMockService();
    const { demo, live } = await busyWorld(mock);
    const original = json(mock.snapshot());
    const faultsBefore = mock.control.faults();

    // Mutate everything a snapshot holds.
    await live.post('/messages', { to: '+244923000020', body: 'after' });
    await live.post(
      '/messages',
      { to: '+244923000021', body: 'after' },
      { 'idempotency-key': 'k-2' },
    );
    mock.clock.advance(7 * 3_600_000);
    mock.control.fundAccount(demo.organization.id, '500.000000');
    mock.control.issueApiKey({ organization_id: demo.organization.id, environment: 'test' });
    mock.control.createSenderId({ organization_id: demo.organization.id, name: 'OTHER' });
    mock.control.addWebhookEndpoint({ organization_id: demo.organization.id, listener: () => 200 });
    mock.control.failNextRequests({ operation_id: 'listMessages', count: 3 });
    mock.control.failNextDispatch();
    mock.control.carrierOutage({
      destination: 'UNITEL',
      from: new Date(0),
      to: new Date(Date.UTC(2030, 0, 1)),
    });
    mock.control.configureRateLimits({ listCampaigns: 1 });
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'START' });
    await mock.clock.settle();
    expect(json(mock.snapshot())).not.toEqual(original);

    mock.restore(original);
    expect(json(mock.snapshot())).toEqual(original);
    expect(mock.clock.now().getTime()).toBe(original.time);
    expect(mock.control.faults()).toEqual(faultsBefore);
    expectLedgerBalanced(mock);
  });

  it('restoring the same snapshot twice gives the same world twice', async () => {
    const mock = createMockService();
    const { demo, live } = await busyWorld(mock);
    const snapshot = mock.snapshot();
    const original = json(snapshot);

    for (let round = 0; round < 2; round++) {
      mock.restore(snapshot);
      // Changes to the restored world must not reach the snapshot it came from.
      mock.control.failNextRequests({ count: 2 });
      mock.control.addWebhookEndpoint({
        organization_id: demo.organization.id,
        listener: () => 200,
      });
      mock.control.configureRateLimits({ listMessages: 5 });
      await live.post(
        '/messages',
        { to: '+244923000030', body: 'x' },
        { 'idempotency-key': 'k-3' },
      );
      await mock.clock.settle();
      expect(json(snapshot)).toEqual(original);
    }
    mock.restore(snapshot);
    expect(json(mock.snapshot())).toEqual(original);
  });
});

describe('final messages are shared, never copied', () => {
  // Snapshots and restores share a message once its status is final instead of copying it (E23):
  // safe only while nothing ever writes to a final message. Drive a world through everything that
  // changes messages and check that no final one changed.
  it('a message never changes once its status is final', async () => {
    const mock = createMockService();
    const { demo, live } = await busyWorld(mock);
    await mock.clock.settle();
    const finals = new Map<MessageRecord, string>();
    for (const message of mock.world.messages.all()) {
      if (MESSAGE_STATUS_TRAITS[message.status].final) finals.set(message, JSON.stringify(message));
    }
    expect(finals.size).toBeGreaterThan(3);

    const snapshot = mock.snapshot();
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'START' });
    mock.control.failNextDispatch({ count: 1 });
    await live.post('/campaigns/batch', {
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Again',
      recipients: ['+244923000001', '+244900000002', '+244900000003', '+244900000008'],
    });
    await live.post('/messages', { to: '+244900000004', body: 'rejected' });
    await mock.clock.settle();
    mock.clock.advance(3 * 24 * 3600 * 1000);
    mock.restore(snapshot);
    await live.post('/messages', { to: '+244900000005', body: 'failed' });
    await mock.clock.settle();

    for (const [message, text] of finals) expect(JSON.stringify(message)).toBe(text);
  });
});

describe('a snapshot is JSON-safe', () => {
  it('survives a JSON round trip unchanged', async () => {
    const mock = createMockService();
    await busyWorld(mock);
    const snapshot = mock.snapshot();
    // No Map, Set, Date, undefined-only or non-finite value hides in it.
    expect(json(snapshot)).toEqual(snapshot);
    expect(JSON.stringify(json(snapshot))).toBe(JSON.stringify(snapshot));
  });

  it('a world restored from its JSON continues exactly as the original: ids, times, outcomes', async () => {
    const original = createMockService();
    const { demo } = await busyWorld(original);
    const text = JSON.stringify(original.snapshot());

    const copy = createMockService();
    copy.restore(JSON.parse(text) as WorldSnapshot);
    expect(JSON.stringify(copy.snapshot())).toBe(text);

    const fromOriginal = await script(original, demo.liveKey, demo.sender.id);
    const fromCopy = await script(copy, demo.liveKey, demo.sender.id);
    expect(fromCopy).toEqual(fromOriginal);
    expect(json(copy.snapshot())).toEqual(json(original.snapshot()));
    // The script did something, and what it did depended on the history in the snapshot: the
    // number that opted out before it was taken is refused by the new campaign.
    const last = fromOriginal.at(-1) as { body: { entries: Record<string, unknown>[] } };
    const wave = last.body.entries.filter((m) => m.content === 'Second wave');
    expect(wave.map((m) => m.target_e164).sort()).toEqual([
      '+244923000001',
      '+244923000011',
      '+244923000012',
    ]);
    expect(wave.find((m) => m.target_e164 === '+244923000001')).toMatchObject({
      status: 'FAILED',
      error_code: 'RECIPIENT_OPTED_OUT',
    });
    expect(last.body.entries.some((m) => m.status === 'DELIVERED')).toBe(true);
  });

  it('pending work survives: a campaign snapshotted mid-flight completes the same way', async () => {
    const original = createMockService({ seed: 5 });
    const demo = original.seedDemo();
    const accepted = await api(original, demo.liveKey).post('/campaigns/batch', {
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Mid-flight',
      recipients: Array.from({ length: 20 }, (_, i) => `+2449230000${String(i).padStart(2, '0')}`),
    });
    original.clock.advance(900); // processed; some messages dispatched, most still PENDING
    const snapshot = json(original.snapshot());
    expect(snapshot.scheduler.tasks.length).toBeGreaterThan(0);

    const copy = createMockService();
    copy.restore(snapshot);
    const outcome = async (mock: MockService) => {
      const client = api(mock, demo.liveKey);
      const before = (await client.get(`/campaigns/${accepted.body.campaign_id}`)).body.status;
      mock.clock.runUntilIdle();
      return {
        before,
        campaign: (await client.get(`/campaigns/${accepted.body.campaign_id}`)).body,
        messages: (
          await client.get(`/campaigns/${accepted.body.campaign_id}/messages`, { size: 50 })
        ).body,
        balance: mock.control.balance(demo.organization.id),
        ledger: mock.control.ledger(demo.organization.id),
      };
    };
    const continued = await outcome(original);
    const restored = await outcome(copy);
    expect(continued.before).toBe('SENDING');
    expect(continued.campaign.status).toBe('COMPLETED');
    expect(restored).toEqual(continued);
    expectLedgerBalanced(copy);
  });
});

describe('fork', () => {
  it('is an independent copy: changes on either side stay there', async () => {
    const mock = createMockService();
    const { demo, live } = await busyWorld(mock);
    const fork = mock.fork();
    const forkLive = api(fork, demo.liveKey);
    expect(json(fork.snapshot())).toEqual(json(mock.snapshot()));
    const balance = mock.control.balance(demo.organization.id);

    // In the fork: a message, money, a key.
    const inFork = await forkLive.post('/messages', { to: '+244923000040', body: 'fork only' });
    fork.control.fundAccount(demo.organization.id, '100.000000');
    const forkKey = fork.control.issueApiKey({ organization_id: demo.organization.id }).key;
    fork.clock.advance(3_600_000);
    // In the original: a fault and a campaign.
    mock.control.failNextRequests({ operation_id: 'retrieveMessage' });
    const inOriginal = await live.post('/campaigns/batch', {
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'original only',
      recipients: ['+244923000041', '+244923000042'],
    });

    expect(mock.control.balance(demo.organization.id)).not.toBe(
      fork.control.balance(demo.organization.id),
    );
    expect(Number(fork.control.balance(demo.organization.id))).toBe(Number(balance) - 4 + 100);
    expect((await api(mock, forkKey).get('/messages')).status).toBe(401);
    expect((await api(fork, forkKey).get('/messages')).status).toBe(200);
    expect(mock.control.faults().request_failures).toHaveLength(1);
    expect(fork.control.faults().request_failures).toEqual([]);
    expect((await forkLive.get(`/messages/${inFork.body.id}`)).status).toBe(200);
    expect((await forkLive.get(`/campaigns/${inOriginal.body.campaign_id}`)).status).toBe(404);
    expect((await live.get(`/messages/${inFork.body.id}`)).status).toBe(500); // the armed fault
    expect((await live.get(`/messages/${inFork.body.id}`)).status).toBe(404);
    expect(mock.clock.now().getTime()).toBeLessThan(fork.clock.now().getTime());
  });

  it('two forks fed the same calls stay identical', async () => {
    const mock = createMockService({ seed: 3 });
    const { demo } = await busyWorld(mock);
    const a = mock.fork();
    const b = mock.fork();
    const seenByA = await script(a, demo.liveKey, demo.sender.id);
    const seenByB = await script(b, demo.liveKey, demo.sender.id);
    expect(seenByB).toEqual(seenByA);
    expect(json(b.snapshot())).toEqual(json(a.snapshot()));
    // …and the original, which got none of them, is where it was.
    expect(mock.control.counts().messages).toBeLessThan(a.control.counts().messages);
  });

  it('keeps the contract check of the service it came from', async () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    const fork = mock.fork();
    // The harness of ../support/mock validates every response of the fork too: a response it
    // checks is counted; a check that did not run would leave the fork unguarded.
    const before = [...checked.values()].reduce((a, b) => a + b, 0);
    await api(fork, demo.liveKey).get('/messages');
    expect([...checked.values()].reduce((a, b) => a + b, 0)).toBe(before + 1);
  });
});

describe('separate services', () => {
  it('share nothing, even with the same seed and the same demo keys', async () => {
    const a = createMockService();
    const b = createMockService();
    const demoA = a.seedDemo();
    const demoB = b.seedDemo();
    expect(demoA.liveKey).toBe(demoB.liveKey);
    const liveA = api(a, demoA.liveKey);
    const liveB = api(b, demoB.liveKey);

    const sent = await liveA.post('/messages', { to: '+244923000001', body: 'only in a' });
    a.control.fundAccount(demoA.organization.id, '1.000000');
    a.control.configureRateLimits({ listMessages: 1 });
    a.control.failNextRequests({ operation_id: 'listCampaigns' });
    a.control.simulateInbound({ from: '+244923000002', to: 'MSGSVC', body: 'STOP' });
    a.clock.advance(60_000);
    const key = a.control.issueApiKey({ organization_id: demoA.organization.id }).key;

    expect(b.control.counts()).toEqual({ messages: 0, campaigns: 0, pending_tasks: 0 });
    expect(b.control.balance(demoB.organization.id)).toBe('1000000.000000');
    expect(b.control.inbound(demoB.organization.id)).toEqual([]);
    expect(b.clock.now().getTime()).toBe(a.clock.now().getTime() - 60_000);
    expect((await liveB.get(`/messages/${sent.body.id}`)).status).toBe(404);
    expect((await api(b, key).get('/messages')).status).toBe(401);
    expect((await liveB.get('/campaigns')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await liveB.get('/messages')).status).toBe(200);
    // …while a has all of it.
    expect((await liveA.get('/campaigns')).status).toBe(500);
    expect((await liveA.get('/messages')).status).toBe(200);
    expect((await liveA.get('/messages')).status).toBe(429);
  });
});
