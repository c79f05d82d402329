// Webhooks (D29, D40): what happens in the world reaches registered endpoints as signed Standard
// Webhooks deliveries — `message.status_updated`, `campaign.completed`, `message.received` — at
// least once, retried on the documented schedule with a stable `webhook-id`, in order per message,
// separated by environment; a 410 disables an endpoint.
import { generateWebhookSecret, verifyWebhook } from '@msgsvc/sdk/webhooks';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_START_TIME, type MockServiceOptions, RETRY_SCHEDULE_MS } from '../../src/index';
import { api } from '../support/api';
import { createMockService } from '../support/mock';
import { FIXED_TIMING } from '../support/world';
import {
  expectGenuine,
  expectOnWebhookContract,
  inbox,
  iso,
  type Json,
  verifyWithSdk,
  verifyWithStandardWebhooks,
} from './support';

const T0 = DEFAULT_START_TIME;
const SECONDS = (ms: number) => String(Math.floor(ms / 1000));
/** A wall clock's reading far from the world's time (which starts at `T0`). */
const WALL = Date.UTC(2031, 4, 6, 7, 8, 9, 500);

/**
 * The demo organization on fixed timings: a batch is processed 0.5 s after acceptance, a message
 * is `SENT` 1 s after creation, and a magic number's receipt arrives 1 s after that.
 */
function setup(options: MockServiceOptions = {}) {
  const mock = createMockService({ simulation: FIXED_TIMING, ...options });
  const demo = mock.seedDemo();
  return { mock, demo, live: api(mock, demo.liveKey), test: api(mock, demo.testKey) };
}

/** Parsed bodies of requests, each first checked for both signatures and the contract. */
async function genuine(
  requests: readonly { headers: Record<string, string>; body: string }[],
  secret: string,
) {
  const events: Json[] = [];
  for (const request of requests) events.push(await expectGenuine(request, secret));
  return events;
}

describe('the events', () => {
  it('a message: one message.status_updated per change, with previous_status', async () => {
    // A wall clock that says something else than the world's: the signature follows it (D31).
    const { mock, demo, live } = setup({ wallClock: () => WALL });
    const receiver = inbox();
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
    });

    const sent = await live.post('/messages', {
      to: '+244900000001',
      body: 'Your code is 1234',
      external_id: 'order-7781',
    });
    expect(sent.status).toBe(201);
    await mock.clock.settle();

    const data = {
      id: sent.body.id,
      campaign_id: null,
      external_id: 'order-7781',
      e164_format: '+244900000001',
      channel_type: 'SMS',
      error_code: null,
      is_refunded: false,
    };
    expect(await genuine(receiver.requests, demo.webhookSecret)).toEqual([
      {
        type: 'message.status_updated',
        timestamp: iso(T0 + 1_000),
        data: {
          ...data,
          status: 'SENT',
          previous_status: 'PENDING',
          updated_at: iso(T0 + 1_000),
        },
      },
      {
        type: 'message.status_updated',
        timestamp: iso(T0 + 2_000),
        data: {
          ...data,
          status: 'DELIVERED',
          previous_status: 'SENT',
          updated_at: iso(T0 + 2_000),
        },
      },
    ]);
    // Each delivery is signed with the wall clock's second of sending, while the events keep the
    // world's time (D31).
    expect(receiver.requests.map((r) => r.headers['webhook-timestamp'])).toEqual([
      SECONDS(WALL),
      SECONDS(WALL),
    ]);
    // The last event tells what Retrieve Message shows.
    const retrieved = await live.get(`/messages/${sent.body.id}`);
    expect(retrieved.body).toMatchObject({
      status: 'DELIVERED',
      error_code: null,
      is_refunded: false,
      updated_at: iso(T0 + 2_000),
    });
  });

  it('a failure carries its error code and the refund (D19)', async () => {
    const { mock, demo, live } = setup();
    const receiver = inbox();
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
    });
    const sent = await live.post('/messages', { to: '+244900000002', body: 'Hello' });
    await mock.clock.settle();

    const events = await genuine(receiver.requests, demo.webhookSecret);
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ status: 'SENT', error_code: null, is_refunded: false }),
      expect.objectContaining({
        id: sent.body.id,
        status: 'UNDELIVERED',
        previous_status: 'SENT',
        error_code: 'ABSENT_SUBSCRIBER',
        is_refunded: true,
      }),
    ]);
    expect((await live.get(`/messages/${sent.body.id}`)).body).toMatchObject({
      status: 'UNDELIVERED',
      error_code: 'ABSENT_SUBSCRIBER',
      is_refunded: true,
    });
  });

  it('a batch: status updates for its messages and one campaign.completed with the counts', async () => {
    const { mock, demo, live } = setup();
    const receiver = inbox();
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
    });
    const accepted = await live.post('/campaigns/batch', {
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Black Friday: 20% off',
      name: 'Black Friday',
      // delivered, undelivered, failed at submission, stuck in SENT, invalid
      recipients: [
        '+244900000001',
        '+244900000002',
        '+244900000005',
        '+244900000006',
        '+244900000000',
      ],
    });
    expect(accepted.status).toBe(202);
    const campaignId: string = accepted.body.campaign_id;
    await mock.clock.settle();

    const events = await genuine(receiver.requests, demo.webhookSecret);
    const completed = events.filter((e) => e.type === 'campaign.completed');
    // Processed at +0.5 s, every message dispatched at +1.5 s: the campaign completes when the last
    // one settles, with three SENT and two FAILED (one at submission, one invalid number).
    expect(completed).toEqual([
      {
        type: 'campaign.completed',
        timestamp: iso(T0 + 1_500),
        data: {
          id: campaignId,
          name: 'Black Friday',
          status: 'COMPLETED',
          error_code: null,
          total_estimated_recipients: 5,
          completed_at: iso(T0 + 1_500),
          counts: { total: 5, sent: 3, delivered: 0, failed: 2, undelivered: 0 },
        },
      },
    ]);
    const campaign = (await live.get(`/campaigns/${campaignId}`)).body;
    expect(campaign).toMatchObject({
      status: 'COMPLETED',
      completed_at: completed[0].data.completed_at,
      total_estimated_recipients: 5,
    });

    // Status changes, per recipient (an invalid number is created FAILED: it never changes).
    const changes = new Map<string, string[]>();
    for (const event of events.filter((e) => e.type === 'message.status_updated')) {
      expect(event.data.campaign_id).toBe(campaignId);
      const trail = changes.get(event.data.e164_format) ?? [];
      trail.push(`${event.data.previous_status}→${event.data.status}`);
      changes.set(event.data.e164_format, trail);
    }
    expect(Object.fromEntries(changes)).toEqual({
      '+244900000001': ['PENDING→SENT', 'SENT→DELIVERED'],
      '+244900000002': ['PENDING→SENT', 'SENT→UNDELIVERED'],
      '+244900000005': ['PENDING→FAILED'],
      '+244900000006': ['PENDING→SENT'],
    });
  });

  it('message.received: a handset writes to a sender ID', async () => {
    const { mock, demo } = setup();
    const receiver = inbox();
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
    });
    const inbound = mock.control.simulateInbound({
      from: '923 000 001',
      to: 'MSGSVC',
      body: 'Olá, quero saber mais',
    });
    await mock.clock.settle();

    expect(await genuine(receiver.requests, demo.webhookSecret)).toEqual([
      {
        type: 'message.received',
        timestamp: iso(T0),
        data: {
          id: inbound.id,
          from: '+244923000001',
          to: 'MSGSVC',
          body: 'Olá, quero saber mais',
          channel_type: 'SMS',
          received_at: iso(T0),
          in_reply_to: null,
        },
      },
    ]);
  });

  it('message.received: magic number +244900000008 replies 30 s after delivery', async () => {
    const { mock, demo, live } = setup();
    const receiver = inbox();
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
      events: ['message.received'],
    });
    const sent = await live.post('/messages', { to: '+244900000008', body: 'Did you get it?' });
    await mock.clock.settle();

    const [reply, ...rest] = await genuine(receiver.requests, demo.webhookSecret);
    expect(rest).toEqual([]);
    expect(reply).toEqual({
      type: 'message.received',
      timestamp: iso(T0 + 32_000),
      data: {
        id: mock.control.inbound(demo.organization.id)[0]!.id,
        from: '+244900000008',
        to: 'MSGSVC',
        body: 'Obrigado, recebido!',
        channel_type: 'SMS',
        received_at: iso(T0 + 32_000),
        in_reply_to: sent.body.id,
      },
    });
  });

  it('an endpoint receives only the event types it subscribed to', async () => {
    const { mock, demo, live } = setup();
    const receiver = inbox();
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
      events: ['campaign.completed'],
    });
    await live.post('/messages', { to: '+244900000001', body: 'one' });
    await live.post('/campaigns/batch', {
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'two',
      recipients: ['+244900000001', '+244900000002'],
    });
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'three' });
    await mock.clock.settle();
    expect(receiver.acknowledged().map((e) => e.type)).toEqual(['campaign.completed']);
  });
});

describe('the contract check used here', () => {
  it('refuses a payload or headers off the contract', async () => {
    const { mock, demo } = setup();
    const receiver = inbox();
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
    });
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'hi' });
    await mock.clock.settle();
    const [request] = receiver.requests;
    expectOnWebhookContract(request!);

    const event = JSON.parse(request!.body);
    const off = [
      { ...event, type: 'message.deleted' },
      { ...event, data: { ...event.data, from: '923000001' } }, // not E.164
      { ...event, data: { ...event.data, extra: true } },
      { ...event, timestamp: '2026-01-01T09:00:00Z' }, // not the service's format
    ];
    for (const body of off) {
      expect(() => expectOnWebhookContract({ ...request!, body: JSON.stringify(body) })).toThrow(
        'off the contract',
      );
    }
    expect(() =>
      expectOnWebhookContract({
        ...request!,
        headers: { ...request!.headers, 'webhook-signature': 'v2,abc' },
      }),
    ).toThrow('webhook-signature off the contract');
  });
});

describe('signatures', () => {
  it('verify with the reference implementation and the SDK, with the endpoint secret only', async () => {
    const { mock, demo } = setup();
    const secret = generateWebhookSecret();
    const own = inbox();
    const byDefault = inbox();
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: own.listener,
      secret,
    });
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: byDefault.listener,
    });
    expect(mock.control.webhookSecret(demo.organization.id)).toBe(demo.webhookSecret);
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'hi' });
    await mock.clock.settle();

    const [request] = own.requests;
    const [other] = byDefault.requests;
    await expectGenuine(request!, secret);
    await expectGenuine(other!, demo.webhookSecret);
    // One event, one delivery per endpoint: each with its own id and signature.
    expect(request!.body).toBe(other!.body);
    expect(request!.headers['webhook-id']).not.toBe(other!.headers['webhook-id']);

    // The organization's default secret does not verify the endpoint with its own secret.
    expect(() => verifyWithStandardWebhooks(request!, demo.webhookSecret)).toThrow(
      'No matching signature found',
    );
    await expect(verifyWithSdk(request!, demo.webhookSecret)).rejects.toMatchObject({
      reason: 'INVALID_SIGNATURE',
    });
    // A body altered in transit fails both.
    const tampered = { ...request!, body: request!.body.replace('"hi"', '"HI"') };
    expect(() => verifyWithStandardWebhooks(tampered, secret)).toThrow();
    await expect(verifyWithSdk(tampered, secret)).rejects.toMatchObject({
      reason: 'INVALID_SIGNATURE',
    });
    // The timestamp is the time of the attempt: more than five minutes later, it is refused.
    const late = Number(request!.headers['webhook-timestamp']) * 1000 + 301_000;
    expect(() => verifyWithStandardWebhooks(request!, secret, late)).toThrow(
      'Message timestamp too old',
    );
    await expect(verifyWithSdk(request!, secret, late)).rejects.toMatchObject({
      reason: 'TIMESTAMP_TOO_OLD',
    });
  });
});

describe('the signing time (D31)', () => {
  afterEach(() => vi.useRealTimers());

  it('is the wall clock by default: a stock verifier on the real Date accepts every delivery, days of virtual time later too', async () => {
    const now = Date.UTC(2027, 2, 3, 4, 5, 6, 700);
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const { mock, demo, live } = setup(); // the world starts at T0, 2026-01-01T09:00:00Z
    const receiver = inbox();
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
    });
    await live.post('/messages', { to: '+244900000001', body: 'now' });
    await mock.clock.settle();
    mock.clock.advance(2 * 86_400_000);
    vi.setSystemTime(now + 3_000); // the wall clock moved on a little meanwhile
    await live.post('/messages', { to: '+244900000001', body: 'two days later' });
    await mock.clock.settle();

    expect(receiver.requests.map((r) => r.headers['webhook-timestamp'])).toEqual([
      SECONDS(now),
      SECONDS(now),
      SECONDS(now + 3_000),
      SECONDS(now + 3_000),
    ]);
    for (const request of receiver.requests) {
      // No clock handed to the verifiers: they read Date, as a receiver in production does.
      const event = new Webhook(demo.webhookSecret).verify(request.body, { ...request.headers });
      expect(await verifyWebhook(request.body, request.headers, demo.webhookSecret)).toEqual(event);
    }
    // The payloads keep the world's time.
    expect(JSON.parse(receiver.requests[2]!.body).timestamp).toBe(iso(T0 + 2 * 86_400_000 + 3_000));
  });
});

describe('retries (D40)', () => {
  it('follow the schedule: at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h', () => {
    expect(RETRY_SCHEDULE_MS).toEqual([
      0,
      5_000,
      5 * 60_000,
      30 * 60_000,
      2 * 3_600_000,
      5 * 3_600_000,
      10 * 3_600_000,
      10 * 3_600_000,
    ]);
  });

  it('a failing endpoint (500, 500, then 200) gets the same webhook-id on every attempt', async () => {
    // A wall clock one second further on at each reading: each attempt is signed at its own.
    let wall = WALL;
    const { mock, demo } = setup({ wallClock: () => (wall += 1_000) });
    const receiver = inbox((_, n) => (n < 2 ? 500 : 200));
    const endpoint = mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
    });
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'hi' });

    // The first attempt is made at once and fails; the next one is due 5 s later.
    mock.clock.runUntilIdle();
    await Promise.all(mock.world.inFlight);
    expect(mock.control.outbox()).toEqual([
      expect.objectContaining({
        state: 'scheduled',
        attempts: [{ at: iso(T0), status: 500, error: null }],
        next_attempt_at: iso(T0 + 5_000),
      }),
    ]);

    await mock.clock.settle();
    const [delivery, ...others] = mock.control.outbox();
    expect(others).toEqual([]);
    expect(delivery).toEqual({
      id: expect.stringMatching(/^msg_[0-9a-f]{32}$/),
      endpoint_id: endpoint.id,
      type: 'message.received',
      state: 'delivered',
      created_at: iso(T0),
      next_attempt_at: null,
      attempts: [
        { at: iso(T0), status: 500, error: null },
        { at: iso(T0 + 5_000), status: 500, error: null },
        { at: iso(T0 + 305_000), status: 200, error: null },
      ],
      event: JSON.parse(receiver.requests[0]!.body),
    });
    expect(receiver.requests.map((r) => r.headers['webhook-id'])).toEqual([
      delivery!.id,
      delivery!.id,
      delivery!.id,
    ]);
    expect(receiver.requests.map((r) => r.headers['webhook-timestamp'])).toEqual([
      SECONDS(WALL + 1_000),
      SECONDS(WALL + 2_000),
      SECONDS(WALL + 3_000),
    ]);
    // Every attempt is signed anew for its own timestamp, with the same body.
    for (const request of receiver.requests) await expectGenuine(request, demo.webhookSecret);
    expect(new Set(receiver.requests.map((r) => r.body)).size).toBe(1);
  });

  it('keep to the schedule while other work is pending further ahead', async () => {
    const { mock, demo, live } = setup();
    const receiver = inbox((_, n) => (n === 0 ? 500 : 200));
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
      events: ['message.received'],
    });
    // A message that expires 48 h after it is sent keeps a task in the queue until then.
    await live.post('/messages', { to: '+244900000003', body: 'will expire' });
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'hi' });
    const run = await mock.clock.settle();
    expect(mock.control.outbox()[0]!.attempts).toEqual([
      { at: iso(T0), status: 500, error: null },
      { at: iso(T0 + 5_000), status: 200, error: null },
    ]);
    // The expiry is housekeeping: settle stops after the last piece of work (D74).
    expect(run).toEqual({ tasksRun: expect.any(Number), elapsedMs: 5_000, pending: 1 });
    expect(mock.clock.now().getTime()).toBe(T0 + 5_000);
  });

  it('a listener that throws counts as no answer, and is retried', async () => {
    const { mock, demo } = setup();
    const receiver = inbox((_, n) => {
      if (n === 0) throw new Error('connection reset by peer');
      return 204;
    });
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
    });
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'hi' });
    await mock.clock.settle();
    expect(mock.control.outbox()[0]).toMatchObject({
      state: 'delivered',
      attempts: [
        { at: iso(T0), status: null, error: 'connection reset by peer' },
        { at: iso(T0 + 5_000), status: 204, error: null },
      ],
    });
  });

  it('after 8 failed attempts the delivery has failed for good; the endpoint stays enabled', async () => {
    const { mock, demo } = setup();
    const receiver = inbox((request) =>
      JSON.parse(request.body).data.body === 'first' ? 503 : 200,
    );
    const endpoint = mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
    });
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'first' });
    await mock.clock.settle();

    const [delivery] = mock.control.outbox();
    // 0, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the previous attempt.
    const offsets = [0, 5, 305, 2_105, 9_305, 27_305, 63_305, 99_305].map((s) => T0 + s * 1000);
    expect(delivery).toMatchObject({
      state: 'failed',
      next_attempt_at: null,
      attempts: offsets.map((at) => ({ at: iso(at), status: 503, error: null })),
    });
    expect(receiver.requests).toHaveLength(8);
    expect(mock.clock.now().getTime()).toBe(T0 + 99_305_000);

    // Only a 410 disables an endpoint: the next event is delivered.
    expect(mock.control.webhookEndpoints()[0]).toMatchObject({ id: endpoint.id, disabled: false });
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'second' });
    await mock.clock.settle();
    expect(mock.control.outbox()[1]).toMatchObject({
      state: 'delivered',
      attempts: [{ status: 200 }],
    });
  });

  it('410 Gone disables the endpoint: no retry, and no further deliveries', async () => {
    const { mock, demo } = setup();
    const gone = inbox(() => 410);
    const healthy = inbox();
    const goneEndpoint = mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: gone.listener,
    });
    const healthyEndpoint = mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: healthy.listener,
    });
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'first' });
    await mock.clock.settle();

    expect(mock.control.outbox({ endpoint_id: goneEndpoint.id })).toEqual([
      expect.objectContaining({
        state: 'failed',
        attempts: [{ at: iso(T0), status: 410, error: null }],
      }),
    ]);
    expect(mock.control.webhookEndpoints(demo.organization.id)).toEqual([
      expect.objectContaining({ id: goneEndpoint.id, disabled: true }),
      expect.objectContaining({ id: healthyEndpoint.id, disabled: false }),
    ]);

    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'second' });
    await mock.clock.settle();
    expect(gone.requests).toHaveLength(1);
    expect(mock.control.outbox({ endpoint_id: goneEndpoint.id })).toHaveLength(1);
    expect(healthy.acknowledged().map((e) => e.data.body)).toEqual(['first', 'second']);
  });
});

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('redeliver', () => {
  it('sends a finished delivery again, with the same webhook-id, and refuses one not finished', async () => {
    const { mock, demo } = setup();
    let answer = 503;
    const receiver = inbox(() => answer);
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
    });
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'hello' });
    const [queued] = mock.control.outbox();
    // Not attempted yet: nothing to resend.
    expect(queued?.state).toBe('scheduled');
    expect(thrown(() => mock.control.redeliver(queued!.id))).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { delivery_id: expect.stringMatching(/delivered or failed/) },
    });

    await mock.clock.settle(); // eight 503s: failed for good
    expect(mock.control.outbox()[0]?.state).toBe('failed');
    expect(receiver.requests).toHaveLength(8);

    answer = 200;
    const again = mock.control.redeliver(queued!.id);
    expect(again.id).toBe(queued!.id);
    mock.clock.runDue();
    await mock.clock.settle();
    expect(receiver.requests).toHaveLength(9);
    expect(receiver.requests.at(-1)?.headers['webhook-id']).toBe(queued!.id);
    expect(mock.control.outbox()[0]).toMatchObject({ id: queued!.id, state: 'delivered' });
    expect(() => mock.control.redeliver('no-such-delivery')).toThrow('Webhook delivery not found.');
  });
});

describe('ordering per message', () => {
  it("a message's events arrive in status order even when the first delivery needed retries", async () => {
    const { mock, demo, live } = setup();
    const slow = await live.post('/messages', { to: '+244900000001', body: 'slow' });
    const fast = await live.post('/messages', { to: '+244900000001', body: 'fast' });
    // The endpoint fails the first two deliveries concerning the "slow" message.
    let refusals = 0;
    const receiver = inbox((request) => {
      if (JSON.parse(request.body).data.id === slow.body.id && refusals < 2) {
        refusals++;
        return 500;
      }
      return 200;
    });
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
    });
    await mock.clock.settle();

    const trail = (id: string) =>
      receiver.requests
        .map((r) => JSON.parse(r.body).data)
        .filter((data) => data.id === id)
        .map((data) => data.status);
    // SENT is refused twice and then acknowledged; DELIVERED (which happened at +2 s) waits.
    expect(trail(slow.body.id)).toEqual(['SENT', 'SENT', 'SENT', 'DELIVERED']);
    expect(trail(fast.body.id)).toEqual(['SENT', 'DELIVERED']);

    const deliveries = mock.control.outbox();
    const of = (id: string, status: string) =>
      deliveries.find(
        (d) => (d.event as Json).data.id === id && (d.event as Json).data.status === status,
      )!;
    // The slow message's DELIVERED was created at +2 s, and first attempted once SENT got through
    // (at +1 s + 5 s + 5 min); its payload still tells the time of the change.
    expect(of(slow.body.id, 'DELIVERED')).toMatchObject({
      created_at: iso(T0 + 2_000),
      attempts: [{ at: iso(T0 + 306_000), status: 200 }],
      event: { timestamp: iso(T0 + 2_000) },
    });
    // Other messages are not held up.
    expect(of(fast.body.id, 'SENT').attempts).toEqual([
      { at: iso(T0 + 1_000), status: 200, error: null },
    ]);
    expect(of(fast.body.id, 'DELIVERED').attempts).toEqual([
      { at: iso(T0 + 2_000), status: 200, error: null },
    ]);
  });

  it('a delivery that failed for good releases the next one', async () => {
    const { mock, demo, live } = setup();
    const receiver = inbox((request) =>
      JSON.parse(request.body).data.status === 'SENT' ? 500 : 200,
    );
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
    });
    await live.post('/messages', { to: '+244900000001', body: 'hello' });
    await mock.clock.settle();
    expect(mock.control.outbox().map((d) => [(d.event as Json).data.status, d.state])).toEqual([
      ['SENT', 'failed'],
      ['DELIVERED', 'delivered'],
    ]);
    // DELIVERED went out right after the eighth and last attempt of SENT.
    expect(mock.control.outbox()[1]!.attempts[0]!.at).toBe(
      mock.control.outbox()[0]!.attempts[7]!.at,
    );
  });
});

describe('environments (D40)', () => {
  it('test-mode events go only to test endpoints, live events only to live ones', async () => {
    const { mock, demo, live, test } = setup();
    const liveInbox = inbox();
    const testInbox = inbox();
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: liveInbox.listener,
    });
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: testInbox.listener,
      environment: 'test',
    });
    const liveMessage = await live.post('/messages', { to: '+244900000001', body: 'live' });
    const testMessage = await test.post('/messages', { to: '+244900000001', body: 'test' });
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'to live' });
    mock.control.simulateInbound({
      from: '+244923000001',
      to: 'MSGSVC',
      body: 'to test',
      environment: 'test',
    });
    await mock.clock.settle();

    const summary = (events: Json[]) =>
      events.map((e) =>
        e.type === 'message.received' ? `received ${e.data.body}` : `${e.data.id} ${e.data.status}`,
      );
    expect(summary(await genuine(liveInbox.requests, demo.webhookSecret)).sort()).toEqual(
      [
        `${liveMessage.body.id} SENT`,
        `${liveMessage.body.id} DELIVERED`,
        'received to live',
      ].sort(),
    );
    expect(summary(await genuine(testInbox.requests, demo.webhookSecret)).sort()).toEqual(
      [
        `${testMessage.body.id} SENT`,
        `${testMessage.body.id} DELIVERED`,
        'received to test',
      ].sort(),
    );
  });
});

describe('URL endpoints', () => {
  function recordingFetch(answer: (n: number) => Response | Error) {
    const calls: { url: string; init: RequestInit }[] = [];
    const webhookFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init: init ?? {} });
      const result = answer(calls.length - 1);
      if (result instanceof Error) throw result;
      return result;
    }) as typeof fetch;
    return { calls, webhookFetch };
  }

  it('receive signed POSTs through the configured fetch (no network)', async () => {
    const { calls, webhookFetch } = recordingFetch((n) =>
      n === 0
        ? new Error('getaddrinfo ENOTFOUND hooks.example.com')
        : new Response(null, { status: n === 1 ? 502 : 204 }),
    );
    const { mock, demo } = setup({ webhookFetch });
    const endpoint = mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      url: 'https://hooks.example.com/msgsvc',
    });
    expect(endpoint).toMatchObject({
      url: 'https://hooks.example.com/msgsvc',
      environment: 'live',
    });
    const inbound = mock.control.simulateInbound({
      from: '+244923000001',
      to: 'MSGSVC',
      body: 'hi',
    });
    await mock.clock.settle();

    expect(calls.map((c) => [c.url, c.init.method])).toEqual([
      ['https://hooks.example.com/msgsvc', 'POST'],
      ['https://hooks.example.com/msgsvc', 'POST'],
      ['https://hooks.example.com/msgsvc', 'POST'],
    ]);
    for (const call of calls) {
      const request = {
        headers: call.init.headers as Record<string, string>,
        body: call.init.body as string,
      };
      const event = await expectGenuine(request, demo.webhookSecret);
      expect(event).toMatchObject({ type: 'message.received', data: { id: inbound.id } });
    }
    expect(mock.control.outbox()[0]).toMatchObject({
      state: 'delivered',
      attempts: [
        { at: iso(T0), status: null, error: 'getaddrinfo ENOTFOUND hooks.example.com' },
        { at: iso(T0 + 5_000), status: 502, error: null },
        { at: iso(T0 + 305_000), status: 204, error: null },
      ],
    });
  });
});
