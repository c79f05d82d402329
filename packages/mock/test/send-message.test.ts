// POST /messages as decision D20 designs it: 201 with the created message, the default sender ID,
// per-channel body limits, number validation, the balance check, and test keys (D28).
import { describe, expect, it } from 'vitest';
import { UUID_V7_PATTERN } from '../src/domain/core/patterns';
import type { ApiResponse } from './support/api';
import { api } from './support/api';
import { createMockService } from './support/mock';
import { expectLedgerBalanced, FIXED_TIMING, only, organization } from './support/world';

const T0 = '2026-01-01T09:00:00.000000+00:00';

function setup() {
  const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only('DELIVERED') } });
  const demo = mock.seedDemo();
  const live = api(mock, demo.liveKey);
  const test = api(mock, demo.testKey);
  return { mock, demo, live, test };
}

function expectFieldError(response: ApiResponse, field: string, code = 'VALIDATION_ERROR') {
  expect(response.status).toBe(422);
  expect(response.body).toMatchObject({ code, status: 422, service: 'core' });
  expect(Object.keys(response.body.fields)).toEqual([field]);
}

describe('201: the message is created synchronously', () => {
  it('returns the created message in the shape of D20', async () => {
    const { live, demo, mock } = setup();
    const response = await live.post('/messages', {
      to: '923 000 001',
      body: 'Your code is 1234',
      external_id: 'order-42',
    });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID_V7_PATTERN),
      to: '+244923000001',
      body: 'Your code is 1234',
      status: 'PENDING',
      channel_type: 'SMS',
      channel_destination: 'UNITEL',
      remitter_id: demo.sender.id,
      external_id: 'order-42',
      segments: 1,
      encoding: 'GSM_7',
      cost: '4.000000',
      created_at: T0,
    });
    // The service writes ids in lower case (the pattern accepts both).
    expect(response.body.id).toBe(response.body.id.toLowerCase());
    // The cost is debited at once, in one ledger entry naming the message.
    expect(mock.control.ledger(demo.organization.id).slice(1)).toEqual([
      expect.objectContaining({
        kind: 'MESSAGE_DEBIT',
        amount: '-4.000000',
        message_id: response.body.id,
        campaign_id: null,
      }),
    ]);
    expect(mock.control.balance(demo.organization.id)).toBe('999996.000000');
    expectLedgerBalanced(mock);
  });

  it('external_id is null when not given; a multi-segment UCS-2 text is priced per segment', async () => {
    const { live } = setup();
    const response = await live.post('/messages', { to: '+244912000002', body: 'ã'.repeat(71) });
    expect(response.body).toMatchObject({
      external_id: null,
      channel_destination: 'MOVICEL',
      segments: 2,
      encoding: 'UCS_2',
      cost: '9.000000',
    });
  });

  it("uses the organization's default sender ID when remitter_id is omitted, or the one named", async () => {
    const { live, demo, mock } = setup();
    const second = mock.control.createSenderId({
      organization_id: demo.organization.id,
      name: 'PROMO',
    });
    const omitted = await live.post('/messages', { to: '+244923000001', body: 'a' });
    const named = await live.post('/messages', {
      to: '+244923000001',
      body: 'a',
      remitter_id: second.id,
    });
    expect(omitted.body.remitter_id).toBe(demo.sender.id);
    expect(named.body.remitter_id).toBe(second.id);
    const detail = await live.get(`/messages/${named.body.id}`);
    expect(detail.body.sms_remitter).toEqual({ id: second.id, name: 'PROMO' });
  });

  it('any UUID names a sender ID here (v7 is required only in a batch, D21)', async () => {
    const { live } = setup();
    // A UUID v4 passes validation and is looked up: the refusal is "not found", not a format error.
    const response = await live.post('/messages', {
      to: '+244923000001',
      body: 'a',
      remitter_id: '3b241101-e2bb-4255-8caf-4136c566a962',
    });
    expect(response.body.fields).toEqual({ remitter_id: 'Sender ID not found' });
  });

  it('WhatsApp: one "segment" at the WhatsApp price, no encoding', async () => {
    const { live } = setup();
    const response = await live.post('/messages', {
      to: '+244923000001',
      body: 'a'.repeat(500),
      channel_type: 'WHATSAPP',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      channel_type: 'WHATSAPP',
      channel_destination: 'WHATSAPP_CLOUD',
      segments: 1,
      encoding: null,
      cost: '12.000000',
    });
  });

  // Every row of D26's price table, through the API: SMS per segment, WhatsApp per message. A
  // WhatsApp message goes through WHATSAPP_CLOUD but is priced by the network the number is on.
  it.each([
    ['UNITEL', '+244923000001', '4.000000', '12.000000'],
    ['AFRICELL_AO', '+244953000001', '3.500000', '12.000000'],
    ['MOVICEL', '+244913000001', '4.500000', '12.000000'],
    ['GLOBAL_AGGREGATOR', '+351912345678', '25.000000', '18.000000'],
  ])(
    'D26: a number on %s (%s) costs %s by SMS and %s by WhatsApp',
    async (route, to, sms, whatsapp) => {
      const { live, mock, demo } = setup();
      const bySms = await live.post('/messages', { to, body: 'Hello' });
      expect(bySms.body).toMatchObject({ channel_destination: route, segments: 1, cost: sms });
      const byWhatsapp = await live.post('/messages', {
        to,
        body: 'Hello',
        channel_type: 'WHATSAPP',
      });
      expect(byWhatsapp.body).toMatchObject({
        channel_destination: 'WHATSAPP_CLOUD',
        segments: 1,
        cost: whatsapp,
      });
      const debits = mock.control.ledger(demo.organization.id).filter((e) => e.kind !== 'FUNDING');
      expect(debits.map((e) => e.amount)).toEqual([`-${sms}`, `-${whatsapp}`]);
      expectLedgerBalanced(mock);
    },
  );

  it('country_alpha2 is the region of a local number', async () => {
    const { live } = setup();
    const response = await live.post('/messages', {
      to: '912 345 678',
      body: 'Olá',
      country_alpha2: 'PT',
    });
    expect(response.body).toMatchObject({
      to: '+351912345678',
      channel_destination: 'GLOBAL_AGGREGATOR',
      cost: '25.000000',
    });
  });
});

describe('422: validation', () => {
  it('body: empty and 10,001 characters are refused on SMS, 10,000 accepted', async () => {
    const { live } = setup();
    expectFieldError(await live.post('/messages', { to: '+244923000001', body: '' }), 'body');
    expectFieldError(
      await live.post('/messages', { to: '+244923000001', body: 'a'.repeat(10_001) }),
      'body',
    );
    const response = await live.post('/messages', {
      to: '+244923000001',
      body: 'a'.repeat(10_000),
    });
    expect(response.status).toBe(201);
    expect(response.body.segments).toBe(66);
  });

  it('WhatsApp bodies stop at 4,096 characters', async () => {
    const { live } = setup();
    const send = (body: string) =>
      live.post('/messages', { to: '+244923000001', body, channel_type: 'WHATSAPP' });
    expect((await send('a'.repeat(4_096))).status).toBe(201);
    expectFieldError(await send('a'.repeat(4_097)), 'body');
  });

  it('WhatsApp counts characters as the contract does (code points): 4,096 emoji are accepted', async () => {
    const { live } = setup();
    const send = (body: string) =>
      live.post('/messages', { to: '+244923000001', body, channel_type: 'WHATSAPP' });
    expect((await send('😀'.repeat(4_096))).status).toBe(201);
    expectFieldError(await send('😀'.repeat(4_097)), 'body');
  });

  it.each([
    ['too short to be a number', '12345678'],
    ['an unassigned range', '+244 88 123 4567'],
    ['letters', 'call-me'],
    ['too long for the pattern', '2'.repeat(31)],
  ])('an invalid number (%s) is a 422 on fields.to', async (_, to) => {
    const { live, mock } = setup();
    expectFieldError(await live.post('/messages', { to, body: 'hi' }), 'to');
    expect(mock.control.counts().messages).toBe(0);
  });

  it.each([
    ['to', { body: 'hi' }],
    ['body', { to: '+244923000001' }],
    ['channel_type', { to: '+244923000001', body: 'hi', channel_type: 'EMAIL' }],
    ['external_id', { to: '+244923000001', body: 'hi', external_id: 'x'.repeat(256) }],
    ['external_id', { to: '+244923000001', body: 'hi', external_id: '' }],
    ['country_alpha2', { to: '923000001', body: 'hi', country_alpha2: 'pt' }],
    ['remitter_id', { to: '+244923000001', body: 'hi', remitter_id: 'sender' }],
    ['subject', { to: '+244923000001', body: 'hi', subject: 'Hello' }],
  ])('%s is named when wrong', async (field, body) => {
    const { live } = setup();
    expectFieldError(await live.post('/messages', body), field);
  });

  it('an unapproved sender ID, or an organization without a default one, is a 422 on remitter_id', async () => {
    const { live, demo, mock } = setup();
    const pending = mock.control.createSenderId({
      organization_id: demo.organization.id,
      name: 'WAITING',
      status: 'PENDING',
    });
    const refused = await live.post('/messages', {
      to: '+244923000001',
      body: 'hi',
      remitter_id: pending.id,
    });
    expect(refused.body.fields).toEqual({ remitter_id: 'Sender ID is not approved' });

    const bare = mock.control.createOrganization({ name: 'No sender', balance: '10.000000' });
    const key = mock.control.issueApiKey({ organization_id: bare.id }).key;
    expectFieldError(
      await api(mock, key).post('/messages', { to: '+244923000001', body: 'hi' }),
      'remitter_id',
    );
  });
});

describe('402: the balance must cover the message', () => {
  it('accepts at exactly the cost and refuses one micro-unit below', async () => {
    const mock = createMockService();
    const poor = organization(mock, { balance: '3.999999' });
    const exact = organization(mock, { name: 'Exact', balance: '4.000000' });

    const refused = await poor.live.post('/messages', { to: '+244923000001', body: 'hi' });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 'BILLING_INSUFFICIENT_FUNDS',
      status: 402,
      service: 'billing',
      trace_id: refused.traceId,
    });
    expect(refused.body.fields).toBeUndefined();
    expect(mock.control.ledger(poor.organization.id)).toHaveLength(1);

    const sent = await exact.live.post('/messages', { to: '+244923000001', body: 'hi' });
    expect(sent.status).toBe(201);
    expect(mock.control.balance(exact.organization.id)).toBe('0.000000');
    expect(mock.control.counts().messages).toBe(1);
    expectLedgerBalanced(mock);
  });
});

describe('test keys (D28)', () => {
  it('cannot send on WhatsApp', async () => {
    const { test, mock } = setup();
    const response = await test.post('/messages', {
      to: '+244923000001',
      body: 'hi',
      channel_type: 'WHATSAPP',
    });
    expectFieldError(response, 'channel_type', 'TEST_MODE_CHANNEL_UNSUPPORTED');
    expect(mock.control.counts().messages).toBe(0);
  });

  it('show the cost but never touch the balance or the ledger', async () => {
    const { test, mock, demo } = setup();
    const response = await test.post('/messages', { to: '+244923000001', body: 'hi' });
    expect(response.status).toBe(201);
    expect(response.body.cost).toBe('4.000000');
    mock.clock.runUntilIdle();
    expect(mock.control.balance(demo.organization.id)).toBe('1000000.000000');
    expect(mock.control.ledger(demo.organization.id).map((e) => e.kind)).toEqual(['FUNDING']);
    // Simulated through the same state machine.
    expect((await test.get(`/messages/${response.body.id}`)).body.status).toBe('DELIVERED');
    expectLedgerBalanced(mock);
  });

  it('are not refused for funds', async () => {
    const mock = createMockService();
    const org = organization(mock, { balance: '0.000001' });
    expect((await org.test.post('/messages', { to: '+244923000001', body: 'hi' })).status).toBe(
      201,
    );
  });
});

describe('the sent message is visible to the other endpoints (D20)', () => {
  it('in GET /messages/{id} and GET /messages, as API_CLIENT with no campaign', async () => {
    const { live, demo, mock } = setup();
    const sent = (
      await live.post('/messages', {
        to: '+244923000001',
        body: 'Your code is 1234',
        external_id: 'otp-7',
      })
    ).body;

    const detail = await live.get(`/messages/${sent.id}`);
    expect(detail.body).toEqual({
      id: sent.id,
      organization_id: demo.organization.id,
      billing_account_id: demo.organization.billingAccountId,
      campaign_id: null,
      contact_id: demo.contacts[0]!.id,
      sms_remitter_id: demo.sender.id,
      sms_remitter: { id: demo.sender.id, name: 'MSGSVC' },
      external_id: 'otp-7',
      channel_type: 'SMS',
      channel_destination: 'UNITEL',
      provider_name: 'unitel-smpp-1',
      e164_format: '+244923000001',
      content: 'Your code is 1234',
      trigger_source: 'API_CLIENT',
      cost: '4.000000',
      is_refunded: false,
      status: 'PENDING',
      error_code: null,
      created_at: T0,
      updated_at: T0,
    });

    const list = await live.get('/messages');
    expect(list.body.entries).toEqual([
      {
        id: sent.id,
        remitter_id: demo.sender.id,
        campaign_id: null,
        contact_id: demo.contacts[0]!.id,
        channel_type: 'SMS',
        channel_destination: 'UNITEL',
        target_e164: '+244923000001',
        content: 'Your code is 1234',
        status: 'PENDING',
        error_code: null,
        created_at: T0,
        updated_at: T0,
      },
    ]);

    // It then follows the message state machine.
    mock.clock.advance(1_000);
    expect((await live.get(`/messages/${sent.id}`)).body).toMatchObject({
      status: 'SENT',
      updated_at: '2026-01-01T09:00:01.000000+00:00',
    });
    mock.clock.advance(5_000);
    expect((await live.get(`/messages/${sent.id}`)).body.status).toBe('DELIVERED');
  });

  it('an undelivered single message is refunded (D19)', async () => {
    const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only('UNDELIVERED') } });
    const org = organization(mock, { balance: '10.000000' });
    const sent = (await org.live.post('/messages', { to: '+244923000001', body: 'hi' })).body;
    expect(mock.control.balance(org.organization.id)).toBe('6.000000');
    mock.clock.runUntilIdle();
    expect((await org.live.get(`/messages/${sent.id}`)).body).toMatchObject({
      status: 'UNDELIVERED',
      is_refunded: true,
    });
    expect(mock.control.ledger(org.organization.id).map((e) => [e.kind, e.amount])).toEqual([
      ['FUNDING', '10.000000'],
      ['MESSAGE_DEBIT', '-4.000000'],
      ['REFUND', '4.000000'],
    ]);
    expectLedgerBalanced(mock);
  });
});
