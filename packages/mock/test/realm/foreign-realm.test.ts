// The mock and the SDK across realms (D114): a second copy of both loaded in a `node:vm` context,
// with its own Promise, Date, Error and RegExp, talking to this realm's copies both ways, as Jest's
// environments and vitest's vm pools make them do. Every POST failed with a bare 500 while the
// mock asked `instanceof Promise` of the promise a host `Request` reads its body with.

import { expect } from '@msgsvc/mock/vitest';
import {
  MessagingClient,
  MessagingError,
  NotFoundError,
  ServerError,
  ValidationError,
} from '@msgsvc/sdk';
import { signWebhook, verifyWebhook } from '@msgsvc/sdk/webhooks';
import { beforeAll, describe, it } from 'vitest';
import { createMockService } from '../../src/index';
import { createForeignRealm, type ForeignRealm } from './foreign-realm';

let realm: ForeignRealm;
beforeAll(async () => {
  realm = await createForeignRealm();
}, 60_000);

const MISSING = '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3';

describe('the second realm', () => {
  it('has intrinsics of its own, so `instanceof` across it answers false', () => {
    expect(realm.run('Promise')).not.toBe(Promise);
    expect(realm.run('new Date(0)') instanceof Date).toBe(false);
    expect(realm.run('Promise.resolve(1)') instanceof Promise).toBe(false);
    expect(realm.mock.createMockService).not.toBe(createMockService);
  });
});

describe("this realm's SDK against the other realm's mock", () => {
  function setup() {
    const mock = realm.mock.createMockService({ demo: true });
    const demo = mock.seedDemo();
    const client = new MessagingClient({
      apiKey: demo.liveKey,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
      maxRetries: 0,
    });
    return { mock, demo, client };
  }

  it('sends a message (a POST: the body is read with a promise of this realm)', async () => {
    const { mock, client } = setup();
    const sent = await client.messages.send({ to: '+244923000001', body: 'Olá' });
    expect(sent).toMatchObject({ status: 'PENDING', body: 'Olá', to: '+244923000001' });
    expect(mock.control.message(sent.id).content).toBe('Olá');
  });

  it('sends a batch and replays a send by its idempotency key', async () => {
    const { demo, client } = setup();
    const batch = await client.campaigns.sendBatch({
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Promoção',
      recipients: ['+244923000001', '+244923000002'],
    });
    expect(batch.campaign_id).toEqual(expect.any(String));
    const params = { to: '+244923000001', body: 'once' };
    const first = await client.messages.send(params, { idempotencyKey: 'realm-key-1' });
    const again = await client.messages.send(params, { idempotencyKey: 'realm-key-1' });
    expect(again.id).toBe(first.id);
  });

  it('answers a bad request with the envelope, not a 500', async () => {
    const { client } = setup();
    const error = await client.messages.send({ to: 'abc', body: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).not.toBeInstanceOf(ServerError);
    expect((error as ValidationError).fields).toHaveProperty('to');
  });

  it('reads a Request of this realm handed with init, and honours a signal of this realm', async () => {
    const { mock } = setup();
    const request = new Request(`${mock.baseUrl}/messages`, { method: 'POST', body: '{}' });
    const response = await mock.fetch(request, { headers: { authorization: 'Bearer nope' } });
    expect(response.status).toBe(401);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(
      mock.fetch(`${mock.baseUrl}/messages`, { signal: controller.signal }),
    ).rejects.toThrow('stop');
  });
});

describe("the other realm's SDK against this realm's mock", () => {
  it('sends, and its errors are instances of this realm’s error classes (a Symbol.for brand)', async () => {
    const mock = createMockService({ demo: true });
    const client = new realm.sdk.MessagingClient({
      apiKey: mock.seedDemo().liveKey,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
    });
    const sent = await client.messages.send({ to: '+244923000001', body: 'Olá' });
    expect(sent.status).toBe('PENDING');

    const error = await client.messages.retrieve(MISSING).catch((e: unknown) => e);
    expect(error instanceof realm.run<typeof Error>('Error')).toBe(true);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toBeInstanceOf(MessagingError);
    expect(error).not.toBeInstanceOf(ValidationError);
    // And the other way round: this realm's error is an instance of the other copy's classes.
    const local = await mock
      .client()
      .messages.retrieve(MISSING)
      .catch((e: unknown) => e);
    expect(local instanceof realm.sdk.NotFoundError).toBe(true);
    expect(local instanceof realm.sdk.RateLimitError).toBe(false);
  });
});

describe('values of the other realm handed to the mock and the SDK', () => {
  it('a Date of the other realm runs the clock until then and bounds a carrier outage', () => {
    const mock = createMockService();
    const start = mock.clock.now().getTime();
    const until = realm.run<Date>(`new Date(${start + 60_000})`);
    expect(mock.clock.runUntil(until)).toMatchObject({ elapsedMs: 60_000 });
    const from = realm.run<Date>(`new Date(${start})`);
    const to = realm.run<Date>(`new Date(${start + 3_600_000})`);
    expect(() => mock.control.carrierOutage({ destination: 'UNITEL', from, to })).not.toThrow();
    expect(mock.control.faults().carrier_outages).toHaveLength(1);
  });

  it('a RegExp of the other realm matches a body in toHaveSent', async () => {
    const mock = createMockService({ demo: true });
    await mock.client().messages.send({ to: '+244923000001', body: 'O seu código: 1234' });
    expect(mock).toHaveSent({ body: realm.run<RegExp>('/\\d{4}/') });
  });

  it('a webhook signed at a Date of the other realm verifies', async () => {
    const secret = `whsec_${Buffer.from('a secret of 24 bytes!!!!').toString('base64')}`;
    const now = Date.now();
    const body = JSON.stringify({ type: 'message.delivered' });
    const headers = await signWebhook({
      id: 'msg_1',
      timestamp: realm.run<Date>(`new Date(${now})`),
      body,
      secret,
    });
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now / 1000)));
    await expect(verifyWebhook(body, headers, secret)).resolves.toMatchObject({
      type: 'message.delivered',
    });
  });
});
