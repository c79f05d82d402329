// POST /campaigns/batch: acceptance (202, D10), every bound of the request body, the sender ID
// rules (D21), the strict balance check (402, D14) and how recipients are read (D16).
import { describe, expect, it } from 'vitest';
import { UUID_V7_PATTERN } from '../src/domain/core/patterns';
import { type ApiResponse, api, type Json } from './support/api';
import { createMockService } from './support/mock';
import { batchBody, expectLedgerBalanced, organization, unitelNumbers } from './support/world';

function setup() {
  const mock = createMockService();
  const demo = mock.seedDemo();
  const live = api(mock, demo.liveKey);
  const send = (overrides: Record<string, unknown> = {}) =>
    live.post('/campaigns/batch', batchBody(demo.sender.id, overrides));
  /** The messages a campaign generated, once processed (entries of List Campaign Messages). */
  const messagesOf = async (campaignId: string): Promise<Json[]> => {
    mock.clock.runUntilIdle();
    const page = await live.get(`/campaigns/${campaignId}/messages`, { size: 200, order: 'asc' });
    expect(page.status).toBe(200);
    return page.body.entries;
  };
  return { mock, demo, live, send, messagesOf };
}

function expectValidationError(response: ApiResponse, fields: Record<string, unknown>) {
  expect(response.status).toBe(422);
  expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', status: 422, service: 'core' });
  expect(response.body.trace_id).toBe(response.traceId);
  expect(response.body.fields).toEqual(fields);
}

describe('acceptance', () => {
  it('answers 202 with the campaign id and creates the campaign in PROCESSING (D10)', async () => {
    const { mock, demo, send, live } = setup();
    const response = await send({ name: 'Black Friday' });

    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      message: 'Campaign accepted and pending processing.',
      campaign_id: expect.stringMatching(UUID_V7_PATTERN),
    });
    // The service writes ids in lower case (the pattern accepts both).
    expect(response.body.campaign_id).toBe(response.body.campaign_id.toLowerCase());
    const campaign = await live.get(`/campaigns/${response.body.campaign_id}`);
    expect(campaign.body).toMatchObject({
      id: response.body.campaign_id,
      name: 'Black Friday',
      status: 'PROCESSING',
      channel_type: 'SMS',
      trigger_source: 'API_CLIENT',
      sms_remitter_id: demo.sender.id,
      sms_remitter: { id: demo.sender.id, name: 'MSGSVC' },
      content: 'Promo: 10% off today',
      total_estimated_recipients: 2,
      scheduled_at: '2026-01-01T09:00:00.000000+00:00',
      created_at: '2026-01-01T09:00:00.000000+00:00',
      processed_at: null,
      completed_at: null,
      error_code: null,
      data: { reason_of_pause: null },
    });
    // Nothing is debited at acceptance: the debit happens when the campaign is processed (D13).
    expect(mock.control.balance(demo.organization.id)).toBe('1000000.000000');
    expect(mock.control.ledger(demo.organization.id).map((entry) => entry.kind)).toEqual([
      'FUNDING',
    ]);
  });

  it('names an unnamed campaign itself', async () => {
    const { send, live } = setup();
    const { body } = await send();
    const campaign = await live.get(`/campaigns/${body.campaign_id}`);
    expect(campaign.body.name).toEqual(expect.any(String));
    expect(campaign.body.name.length).toBeGreaterThan(0);
  });

  it.each(['application/json; charset=utf-8', 'Application/JSON'])(
    'accepts the Content-Type %s',
    async (contentType) => {
      const { live, demo } = setup();
      const response = await live.post('/campaigns/batch', batchBody(demo.sender.id), {
        'content-type': contentType,
      });
      expect(response.status).toBe(202);
    },
  );
});

describe('bounds of the body (422 VALIDATION_ERROR)', () => {
  it('recipients: 1 and 1001 are refused, 2 and 1000 accepted', async () => {
    const { send, mock, demo } = setup();
    expectValidationError(await send({ recipients: unitelNumbers(1) }), {
      recipients: expect.any(String),
    });
    expectValidationError(await send({ recipients: unitelNumbers(1001) }), {
      recipients: expect.any(String),
    });
    expect((await send({ recipients: unitelNumbers(2) })).status).toBe(202);
    const thousand = await send({ recipients: unitelNumbers(1000) });
    expect(thousand.status).toBe(202);
    expect(
      mock.control.campaigns(demo.organization.id).map((c) => c.total_estimated_recipients),
    ).toEqual([2, 1000]);
  });

  it('recipients must be an array of strings', async () => {
    const { send } = setup();
    expectValidationError(await send({ recipients: '+244923000001,+244923000002' }), {
      recipients: expect.any(String),
    });
    expectValidationError(await send({ recipients: ['+244923000001', 244923000002] }), {
      'recipients[1]': expect.any(String),
    });
  });

  it('a recipient of 6 or 31 characters is refused, with the item named', async () => {
    const { send } = setup();
    expectValidationError(await send({ recipients: ['123456', '+244923000001'] }), {
      'recipients[0]': expect.any(String),
    });
    expectValidationError(await send({ recipients: ['+244923000001', '2'.repeat(31)] }), {
      'recipients[1]': expect.any(String),
    });
    expectValidationError(
      await send({ recipients: ['+244923000001', `${'2'.repeat(12)}${' '.repeat(19)}`] }),
      {
        'recipients[1]': expect.any(String),
      },
    );
  });

  it('a recipient of 7 or 30 pattern characters is accepted', async () => {
    const { send, messagesOf } = setup();
    const thirty = `+244${'.'.repeat(6)}923${' '.repeat(6)}000${'-'.repeat(5)}001`;
    expect(thirty).toHaveLength(30);
    const response = await send({ recipients: ['1234567', thirty] });
    expect(response.status).toBe(202);
    const messages = await messagesOf(response.body.campaign_id);
    expect(messages.map((m) => [m.e164_format, m.status, m.error_code])).toEqual([
      ['+244923000001', 'DELIVERED', null],
      // Pattern-valid but not a phone number: a FAILED message, never a 422 (D16).
      ['1234567', 'FAILED', 'INVALID_PHONE_NUMBER'],
    ]);
  });

  it('a recipient with letters or a misplaced + is refused', async () => {
    const { send } = setup();
    expectValidationError(await send({ recipients: ['+244923000001', '92300000a'] }), {
      'recipients[1]': expect.any(String),
    });
    expectValidationError(await send({ recipients: ['244+923000001', '+244923000002'] }), {
      'recipients[0]': expect.any(String),
    });
  });

  it('content: empty and 10,001 characters are refused, 10,000 accepted', async () => {
    const { send } = setup();
    expectValidationError(await send({ content: '' }), { content: expect.any(String) });
    expectValidationError(await send({ content: 'a'.repeat(10_001) }), {
      content: expect.any(String),
    });
    expect((await send({ content: 'a'.repeat(10_000) })).status).toBe(202);
  });

  it('content counts characters, not UTF-16 units: 10,000 emoji are accepted', async () => {
    const { send } = setup();
    expect((await send({ content: '😀'.repeat(10_000) })).status).toBe(202);
    expectValidationError(await send({ content: '😀'.repeat(10_001) }), {
      content: expect.any(String),
    });
  });

  it('name: empty and 201 characters are refused, 200 accepted', async () => {
    const { send } = setup();
    expectValidationError(await send({ name: '' }), { name: expect.any(String) });
    expectValidationError(await send({ name: 'n'.repeat(201) }), { name: expect.any(String) });
    expect((await send({ name: 'n'.repeat(200) })).status).toBe(202);
  });

  it.each(['ao', 'AOA', 'A', 'A1', ''])('country_alpha2 %j is refused', async (country) => {
    const { send } = setup();
    expectValidationError(await send({ country_alpha2: country }), {
      country_alpha2: expect.any(String),
    });
  });

  it.each([
    ['a UUID v4', '3b241101-e2bb-4255-8caf-4136c566a962'],
    ['not a UUID', 'sender-1'],
    ['a number', 42],
  ])('remitter_id as %s is refused (UUID v7 required, D21)', async (_, senderId) => {
    const { send } = setup();
    expectValidationError(await send({ remitter_id: senderId }), {
      remitter_id: expect.any(String),
    });
  });

  it.each(['WHATSAPP', 'sms', 'EMAIL'])('channel_type %s is refused', async (channel) => {
    const { send } = setup();
    expectValidationError(await send({ channel_type: channel }), {
      channel_type: expect.any(String),
    });
  });

  it('an unknown field is refused', async () => {
    const { send } = setup();
    expectValidationError(await send({ schedule_at: '2026-01-02T00:00:00Z' }), {
      schedule_at: 'Unknown field.',
    });
  });

  it('every missing required field is named', async () => {
    const { live } = setup();
    expectValidationError(await live.post('/campaigns/batch', {}), {
      remitter_id: expect.any(String),
      content: expect.any(String),
      channel_type: expect.any(String),
      recipients: expect.any(String),
    });
  });

  it.each([
    ['malformed JSON', '{"remitter_id": '],
    ['an array', '[]'],
    ['null', 'null'],
    ['a string', '"hello"'],
    ['an empty body', ''],
  ])('a body that is %s is a 422 on fields.body (D2)', async (_, raw) => {
    const { live } = setup();
    expectValidationError(await live.post('/campaigns/batch', raw), { body: expect.any(String) });
  });

  it.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['form data', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['another JSON type', { 'content-type': 'application/merge-patch+json' }],
  ])('a body sent as %s is a 415 UNSUPPORTED_MEDIA_TYPE (D2)', async (_, headers) => {
    const { live, demo, mock } = setup();
    const response = await live.post(
      '/campaigns/batch',
      JSON.stringify(batchBody(demo.sender.id)),
      headers,
    );
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
      service: 'core',
      trace_id: response.traceId,
    });
    expect(mock.control.counts().campaigns).toBe(0);
  });
});

describe('sender IDs (D21)', () => {
  it('an unapproved sender ID of the organization: "Sender ID is not approved"', async () => {
    const { mock, demo, send } = setup();
    const pending = mock.control.createSenderId({
      organization_id: demo.organization.id,
      name: 'PENDING1',
      status: 'PENDING',
    });
    const rejected = mock.control.createSenderId({
      organization_id: demo.organization.id,
      name: 'REJECTED1',
      status: 'REJECTED',
    });
    for (const sender of [pending, rejected]) {
      expectValidationError(await send({ remitter_id: sender.id }), {
        remitter_id: 'Sender ID is not approved',
      });
    }
    mock.control.setSenderIdStatus(pending.id, 'APPROVED');
    expect((await send({ remitter_id: pending.id })).status).toBe(202);
  });

  it('another organization\'s sender ID, or one that does not exist: "Sender ID not found"', async () => {
    const { mock, send } = setup();
    const other = organization(mock, { name: 'Other' });
    expectValidationError(await send({ remitter_id: other.sender.id }), {
      remitter_id: 'Sender ID not found',
    });
    expectValidationError(await send({ remitter_id: '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3' }), {
      remitter_id: 'Sender ID not found',
    });
    expect(mock.control.counts().campaigns).toBe(0);
  });
});

describe('the balance check (402, D14)', () => {
  // Two Unitel recipients, one GSM-7 segment each, at 4.000000 per segment (D26): 8.000000.
  it('accepts when the balance equals the estimate exactly', async () => {
    const mock = createMockService();
    const org = organization(mock, { balance: '8.000000' });
    const response = await org.live.post('/campaigns/batch', batchBody(org.sender.id));
    expect(response.status).toBe(202);
    mock.clock.runUntilIdle();
    expect(mock.control.balance(org.organization.id)).toBe('0.000000');
    expectLedgerBalanced(mock);
  });

  it('refuses when the balance is strictly below, and creates nothing', async () => {
    const mock = createMockService();
    const org = organization(mock, { balance: '7.999999' });
    const response = await org.live.post('/campaigns/batch', batchBody(org.sender.id));

    expect(response.status).toBe(402);
    expect(response.body).toEqual({
      code: 'BILLING_INSUFFICIENT_FUNDS',
      message: expect.any(String),
      status: 402,
      trace_id: response.traceId,
      timestamp: '2026-01-01T09:00:00.000000+00:00',
      service: 'billing',
    });
    mock.clock.runUntilIdle();
    expect(mock.control.campaigns(org.organization.id)).toEqual([]);
    expect(mock.control.counts()).toEqual({ messages: 0, campaigns: 0, pending_tasks: 0 });
    expect(mock.control.ledger(org.organization.id).map((e) => [e.kind, e.amount])).toEqual([
      ['FUNDING', '7.999999'],
    ]);
    expect((await org.live.get('/campaigns')).body.total).toBe(0);
    expectLedgerBalanced(mock);
  });

  it('estimates per route and per segment', async () => {
    const mock = createMockService();
    // Unitel 4.000000 + Movicel 4.500000 + Africell 3.500000 = 12.000000 for one segment;
    // 161 GSM-7 characters are two segments: 24.000000.
    const recipients = ['+244923000001', '+244912000002', '+244951000003'];
    const org = organization(mock, { balance: '23.999999' });
    const long = { recipients, content: 'a'.repeat(161) };
    expect((await org.live.post('/campaigns/batch', batchBody(org.sender.id, long))).status).toBe(
      402,
    );
    mock.control.fundAccount(org.organization.id, '0.000001');
    expect((await org.live.post('/campaigns/batch', batchBody(org.sender.id, long))).status).toBe(
      202,
    );
  });

  it('does not charge invalid numbers in the estimate (D16)', async () => {
    const mock = createMockService();
    const org = organization(mock, { balance: '4.000000' });
    const response = await org.live.post(
      '/campaigns/batch',
      batchBody(org.sender.id, { recipients: ['+244923000001', '12345678'] }),
    );
    expect(response.status).toBe(202);
  });

  it('a test key is never refused for funds (D28)', async () => {
    const mock = createMockService();
    const org = organization(mock, { balance: '0.000001' });
    const response = await org.test.post('/campaigns/batch', batchBody(org.sender.id));
    expect(response.status).toBe(202);
    mock.clock.runUntilIdle();
    expect(mock.control.balance(org.organization.id)).toBe('0.000001');
  });
});

describe('recipients (D16)', () => {
  it('local numbers use the default country AO, international ones keep theirs', async () => {
    const { send, messagesOf } = setup();
    const response = await send({ recipients: ['923 000 001', '+351 912 345 678'] });
    const messages = await messagesOf(response.body.campaign_id);
    expect(messages.map((m) => [m.e164_format, m.channel_destination])).toEqual([
      ['+244923000001', 'UNITEL'],
      ['+351912345678', 'GLOBAL_AGGREGATOR'],
    ]);
  });

  it('country_alpha2 is the region of local numbers', async () => {
    const { send, messagesOf } = setup();
    const response = await send({
      recipients: ['912 345 678', '+244923000001'],
      country_alpha2: 'PT',
    });
    const messages = await messagesOf(response.body.campaign_id);
    expect(messages.map((m) => m.e164_format)).toEqual(['+351912345678', '+244923000001']);
  });

  it("without country_alpha2, the organization's default country applies", async () => {
    const mock = createMockService();
    const org = organization(mock, { defaultCountry: 'PT' });
    const response = await org.live.post(
      '/campaigns/batch',
      batchBody(org.sender.id, { recipients: ['912345678', '+244923000001'] }),
    );
    mock.clock.runUntilIdle();
    const page = await org.live.get(`/campaigns/${response.body.campaign_id}/messages`, {
      order: 'asc',
    });
    expect(page.body.entries.map((m: Json) => m.e164_format)).toEqual([
      '+351912345678',
      '+244923000001',
    ]);
  });

  it('duplicates after normalisation are sent once', async () => {
    const { send, messagesOf, mock, demo } = setup();
    const response = await send({
      recipients: ['+244923000001', '923000001', '923 000 001', '+244-923-000.001', '912000002'],
    });
    const campaign = mock.control.campaigns(demo.organization.id)[0]!;
    expect(campaign.total_estimated_recipients).toBe(2);
    const messages = await messagesOf(response.body.campaign_id);
    expect(messages.map((m) => m.e164_format)).toEqual(['+244923000001', '+244912000002']);
    // One debit for two messages: 4.000000 (Unitel) + 4.500000 (Movicel).
    expect(
      mock.control
        .ledger(demo.organization.id)
        .filter((e) => e.kind === 'CAMPAIGN_DEBIT')
        .map((e) => e.amount),
    ).toEqual(['-8.500000']);
  });

  it('an invalid number becomes a FAILED message that costs nothing', async () => {
    const { send, messagesOf, mock, live } = setup();
    const response = await send({ recipients: ['+244923000001', '12345678', '+244 88 123 4567'] });
    const messages = await messagesOf(response.body.campaign_id);
    const invalid = messages.filter((m) => m.error_code === 'INVALID_PHONE_NUMBER');
    expect(invalid).toHaveLength(2);
    for (const message of invalid) {
      expect(message).toMatchObject({
        status: 'FAILED',
        cost: '0.000000',
        is_refunded: false,
        channel_destination: 'UNKNOWN',
        provider_id: null,
        contact_id: null,
        contact: null,
      });
      const detail = await live.get(`/messages/${message.id}`);
      expect(detail.body).toMatchObject({
        status: 'FAILED',
        error_code: 'INVALID_PHONE_NUMBER',
        cost: '0.000000',
        is_refunded: false,
        provider_name: null,
      });
    }
    expectLedgerBalanced(mock);
  });

  it('a recipient with no digit at all is kept as written, never as an empty number (D65)', async () => {
    const { send, messagesOf, live } = setup();
    const blank = ' '.repeat(7);
    const response = await send({ recipients: [blank, '-.-.-.-', '+244923000001', ` ${blank} `] });
    expect(response.status).toBe(202);
    const campaign = await live.get(`/campaigns/${response.body.campaign_id}`);
    expect(campaign.body.total_estimated_recipients).toBe(4);
    const messages = await messagesOf(response.body.campaign_id);
    // Every read goes through the contract check: `target_e164` and `e164_format` have minLength 1.
    const written = ['-.-.-.-', blank, `  ${blank}`].sort();
    const failed = messages.filter((m) => m.error_code === 'INVALID_PHONE_NUMBER');
    expect(failed.map((m) => m.e164_format).sort()).toEqual(written);
    for (const message of failed) {
      const detail = await live.get(`/messages/${message.id}`);
      expect(detail.body.e164_format).toBe(message.e164_format);
    }
    const listed = await live.get('/messages', { error_code: 'INVALID_PHONE_NUMBER' });
    expect(listed.body.entries.map((m: Json) => m.target_e164).sort()).toEqual(written);
  });

  it('a single send to a recipient with no digit is a 422 on fields.to (D20, D65)', async () => {
    const { live } = setup();
    for (const to of [' '.repeat(7), '-.-.-.-']) {
      const response = await live.post('/messages', { to, body: 'Hello' });
      expectValidationError(response, { to: 'Must be an E.164 number.' });
    }
  });
});
