// Events on demand (issue 24, item 5; D135–D137): `mock.control.trigger` makes every webhook event
// of the contract happen through the world's own machinery. Each payload it answers is checked
// against the contract's `webhooks` section, is the very body an endpoint receives, and names ids
// the public API serves; a subject that cannot get there, an unknown id or a field that does not
// apply is refused in the error vocabulary, and nothing changes then.
import { describe, expect, it } from 'vitest';
import { contractValidator } from '../../../openapi/test/support/contract-validator';
import {
  DomainError,
  type MockService,
  type TriggerParams,
  UnknownOptionError,
  UnknownValueError,
} from '../src/index';
import { expectGenuine, inbox, type Json } from './guarantees/support';
import { api } from './support/api';
import { createMockService } from './support/mock';
import { FIXED_TIMING } from './support/world';

const contract = contractValidator('openapi.yaml');

function setup() {
  const mock = createMockService({ simulation: FIXED_TIMING });
  const demo = mock.seedDemo();
  return { mock, demo, live: api(mock, demo.liveKey), test: api(mock, demo.testKey) };
}

/** Every event answered is a valid webhook event of the contract. */
function expectOnContract(events: readonly unknown[]): void {
  expect(events.length).toBeGreaterThan(0);
  for (const event of events) {
    expect(contract.errors('/components/schemas/WebhookEvent', event)).toEqual([]);
  }
}

/** What the world holds, to show a refused trigger changed nothing. */
function footprint(mock: MockService) {
  return JSON.stringify({
    counts: mock.control.counts(),
    ledger: mock.control.checkLedger(),
    outbox: mock.control.outbox().length,
    faults: mock.control.faults(),
  });
}

/** The error a call throws. */
function thrown(call: () => unknown): DomainError {
  try {
    call();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected the call to throw');
}

describe('message.status_updated', () => {
  it('moves a real message to DELIVERED through SENT: two events, as the world sends them', async () => {
    const { mock, live } = setup();
    const sent = await live.post('/messages', { to: '+244923000001', body: 'Olá' });
    const result = mock.control.trigger({
      type: 'message.status_updated',
      message_id: sent.body.id,
    });
    expect(result.subject).toEqual({ kind: 'message', id: sent.body.id, created: false });
    expectOnContract(result.events);
    expect(result.events.map((e: Json) => [e.data.previous_status, e.data.status])).toEqual([
      ['PENDING', 'SENT'],
      ['SENT', 'DELIVERED'],
    ]);
    const fetched = await live.get(`/messages/${sent.body.id}`);
    expect(fetched.body.status).toBe('DELIVERED');
    // The message's own dispatch, still on the clock, finds the work done and changes nothing.
    mock.clock.runUntilIdle();
    expect((await live.get(`/messages/${sent.body.id}`)).body.status).toBe('DELIVERED');
  });

  it.each([
    ['SENT', ['SENT']],
    ['DELIVERED', ['SENT', 'DELIVERED']],
    ['UNDELIVERED', ['SENT', 'UNDELIVERED']],
    ['EXPIRED', ['SENT', 'EXPIRED']],
    ['FAILED', ['FAILED']],
    ['REJECTED', ['REJECTED']],
    ['CANCELLED', ['CANCELLED']],
  ] as const)('creates a message and moves it to %s', async (status, path) => {
    const { mock, demo, test } = setup();
    const result = mock.control.trigger({
      type: 'message.status_updated',
      status,
      environment: 'test',
    });
    expect(result.subject.created).toBe(true);
    expectOnContract(result.events);
    expect(result.events.map((e: Json) => e.data.status)).toEqual(path);
    for (const event of result.events as Json[]) expect(event.data.id).toBe(result.subject.id);
    const fetched = await test.get(`/messages/${result.subject.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.status).toBe(status);
    expect(demo.organization.id).toBe(mock.control.message(result.subject.id).organization_id);
  });

  it('refunds a live message moved to a failure status, as the state machine says (D19)', () => {
    const { mock, demo } = setup();
    const before = mock.control.balance(demo.organization.id);
    const result = mock.control.trigger({
      type: 'message.status_updated',
      status: 'UNDELIVERED',
      error_code: 'ABSENT_SUBSCRIBER',
    });
    const last = result.events.at(-1) as Json;
    expect(last.data).toMatchObject({ error_code: 'ABSENT_SUBSCRIBER', is_refunded: true });
    expect(mock.control.balance(demo.organization.id)).toBe(before);
    expect(mock.control.checkLedger().every((check) => check.ok)).toBe(true);
  });

  it('reaches the endpoints as signed deliveries carrying the same payloads', async () => {
    const { mock, demo } = setup();
    const receiver = inbox();
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      listener: receiver.listener,
    });
    const result = mock.control.trigger({ type: 'message.status_updated', status: 'DELIVERED' });
    expect(result.deliveries).toHaveLength(2);
    await mock.clock.settle();
    const received = await Promise.all(
      receiver.requests.map((request) => expectGenuine(request, demo.webhookSecret)),
    );
    expect(received).toEqual(result.events);
  });

  it('refuses a message in a final status, and changes nothing (D135)', () => {
    const { mock } = setup();
    const { subject } = mock.control.trigger({ type: 'message.status_updated' });
    const before = footprint(mock);
    const error = thrown(() =>
      mock.control.trigger({
        type: 'message.status_updated',
        message_id: subject.id,
        status: 'UNDELIVERED',
      }),
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields?.status).toMatch(/DELIVERED, a final status/);
    expect(footprint(mock)).toBe(before);
  });

  it('names the statuses a message can still reach', () => {
    const { mock } = setup();
    const { subject } = mock.control.trigger({ type: 'message.status_updated', status: 'SENT' });
    for (const status of ['SENT', 'FAILED'] as const) {
      const error = thrown(() =>
        mock.control.trigger({ type: 'message.status_updated', message_id: subject.id, status }),
      );
      expect(error.fields?.status).toMatch(/DELIVERED, UNDELIVERED, EXPIRED/);
    }
  });

  it('answers RESOURCE_NOT_FOUND for a message that does not exist', () => {
    const { mock } = setup();
    const error = thrown(() =>
      mock.control.trigger({
        type: 'message.status_updated',
        message_id: '019b78c9-0a80-7000-8000-000000000000',
      }),
    );
    expect(error.code).toBe('RESOURCE_NOT_FOUND');
  });

  it('refuses PENDING, an error code on DELIVERED and a malformed one', () => {
    const { mock } = setup();
    const before = footprint(mock);
    const cases: [TriggerParams, string][] = [
      [{ type: 'message.status_updated', status: 'PENDING' as never }, 'status'],
      [{ type: 'message.status_updated', status: 'COMPLETED' }, 'status'],
      [{ type: 'message.status_updated', error_code: 'X' }, 'error_code'],
      [
        { type: 'message.status_updated', status: 'FAILED', error_code: 'lower case' },
        'error_code',
      ],
    ];
    for (const [params, field] of cases) {
      const error = thrown(() => mock.control.trigger(params));
      expect(error.code, JSON.stringify(params)).toBe('VALIDATION_ERROR');
      expect(Object.keys(error.fields ?? {})).toEqual([field]);
    }
    expect(footprint(mock)).toBe(before);
  });

  it('keeps the real rules of sending: a live message the balance cannot pay is a 402', () => {
    const { mock } = setup();
    const org = mock.control.createOrganization({ name: 'Broke', balance: '0' });
    mock.control.createSenderId({ organization_id: org.id, name: 'BROKE' });
    const error = thrown(() =>
      mock.control.trigger({ type: 'message.status_updated', organization_id: org.id }),
    );
    expect(error.code).toBe('BILLING_INSUFFICIENT_FUNDS');
    expect(mock.control.counts().messages).toBe(0);
  });
});

describe('message.received', () => {
  it('records a reply to a message, from its recipient to its sender ID', async () => {
    const { mock, demo, live } = setup();
    const sent = await live.post('/messages', { to: '+244923000001', body: 'Vem?' });
    const result = mock.control.trigger({
      type: 'message.received',
      message_id: sent.body.id,
      body: 'Sim',
    });
    expectOnContract(result.events);
    const [event] = result.events as Json[];
    expect(event.data).toMatchObject({
      from: '+244923000001',
      to: 'MSGSVC',
      body: 'Sim',
      in_reply_to: sent.body.id,
    });
    expect((await live.get(`/messages/${event.data.in_reply_to}`)).status).toBe(200);
    expect(mock.control.inbound(demo.organization.id).map((i) => i.id)).toEqual([
      result.subject.id,
    ]);
  });

  it('lets a handset write first, to the default sender ID, and honours STOP (D39)', async () => {
    const { mock, live } = setup();
    const result = mock.control.trigger({
      type: 'message.received',
      from: '+244923000009',
      body: 'STOP',
    });
    expectOnContract(result.events);
    expect(result.subject).toMatchObject({ kind: 'inbound', created: true });
    const sent = await live.post('/messages', { to: '+244923000009', body: 'Promo' });
    mock.clock.runUntilIdle();
    expect((await live.get(`/messages/${sent.body.id}`)).body.error_code).toBe(
      'RECIPIENT_OPTED_OUT',
    );
  });

  it('refuses fields the replied message decides, and a message nobody could answer', async () => {
    const { mock, live } = setup();
    const sent = await live.post('/messages', { to: '+244923000001', body: 'x' });
    const error = thrown(() =>
      mock.control.trigger({
        type: 'message.received',
        message_id: sent.body.id,
        from: '+244923000002',
        to: 'MSGSVC',
      }),
    );
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['from', 'to']);
    expect(
      thrown(() => mock.control.trigger({ type: 'message.received', to: 'NOBODY' })).code,
    ).toBe('RESOURCE_NOT_FOUND');
    expect(mock.control.counts()).toMatchObject({ messages: 1 });
    expect(mock.control.inbound(mock.control.organizations()[0]!.id)).toEqual([]);
  });
});

describe('campaign.completed', () => {
  it('processes and dispatches a real campaign now, then completes it', async () => {
    const { mock, live } = setup();
    const batch = await live.post('/campaigns/batch', {
      remitter_id: mock.control.organizations()[0]!.default_sender_id,
      channel_type: 'SMS',
      content: 'Hello',
      recipients: ['+244923000001', '+244923000002'],
    });
    const id = batch.body.campaign_id;
    const result = mock.control.trigger({ type: 'campaign.completed', campaign_id: id });
    expectOnContract(result.events);
    const completed = result.events.at(-1) as Json;
    expect(completed).toMatchObject({
      type: 'campaign.completed',
      data: { id, status: 'COMPLETED', counts: { total: 2 } },
    });
    expect(result.events.filter((e) => e.type === 'message.status_updated')).toHaveLength(2);
    const fetched = await live.get(`/campaigns/${id}`);
    expect(fetched.body.status).toBe('COMPLETED');
    // Every id the events name is served by the public API.
    for (const event of result.events as Json[]) {
      const path = event.type === 'campaign.completed' ? 'campaigns' : 'messages';
      expect((await live.get(`/${path}/${event.data.id}`)).status).toBe(200);
      if (path === 'messages') expect(event.data.campaign_id).toBe(id);
    }
  });

  it('creates a campaign and fails it through a dispatch fault, leaving no fault armed', async () => {
    const { mock, live } = setup();
    const result = mock.control.trigger({ type: 'campaign.completed', status: 'FAILED' });
    expectOnContract(result.events);
    expect(result.subject.created).toBe(true);
    expect(result.events.at(-1)).toMatchObject({
      data: { status: 'FAILED', error_code: 'SYSTEM_DISPATCH_ERROR' },
    });
    expect((await live.get(`/campaigns/${result.subject.id}`)).body.status).toBe('FAILED');
    expect(mock.control.faults().dispatch_failures).toEqual([]);
    expect(mock.control.checkLedger().every((check) => check.ok)).toBe(true);
  });

  it('refuses a campaign already completed (it completes once) and FAILED once SENDING', () => {
    const { mock } = setup();
    const { subject } = mock.control.trigger({ type: 'campaign.completed' });
    const before = footprint(mock);
    const again = thrown(() =>
      mock.control.trigger({ type: 'campaign.completed', campaign_id: subject.id }),
    );
    expect(again.fields?.campaign_id).toMatch(/COMPLETED, a final status/);
    expect(footprint(mock)).toBe(before);
    expect(
      thrown(() =>
        mock.control.trigger({
          type: 'campaign.completed',
          campaign_id: '019b78c9-0a80-7000-8000-000000000000',
        }),
      ).code,
    ).toBe('RESOURCE_NOT_FOUND');
  });
});

describe('bad input', () => {
  it('refuses fields that do not apply to the type, naming each (D137)', () => {
    const { mock } = setup();
    const error = thrown(() =>
      mock.control.trigger({ type: 'campaign.completed', from: '+244923000001', body: 'x' }),
    );
    expect(error.fields).toEqual({
      from: 'Does not apply to campaign.completed.',
      body: 'Does not apply to campaign.completed.',
    });
  });

  it('needs organization_id to create a subject when the world has several organizations (D136)', () => {
    const { mock } = setup();
    mock.control.createOrganization({ name: 'Second' });
    const error = thrown(() => mock.control.trigger({ type: 'message.status_updated' }));
    expect(error.fields?.organization_id).toMatch(/2 organizations/);
  });

  it('refuses an unknown type, an unknown option and prototype-named keys', () => {
    const { mock } = setup();
    expect(() => mock.control.trigger({ type: 'message.deleted' as never })).toThrow(
      UnknownValueError,
    );
    expect(() =>
      mock.control.trigger({ type: 'message.status_updated', messageId: 'x' } as never),
    ).toThrow(UnknownOptionError);
    for (const key of ['__proto__', 'constructor']) {
      const params = JSON.parse(`{"type":"message.received","${key}":{}}`);
      expect(() => mock.control.trigger(params)).toThrow(UnknownOptionError);
    }
    expect(mock.control.counts().messages).toBe(0);
  });
});
