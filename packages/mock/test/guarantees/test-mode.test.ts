// Test mode (D28): a `svc_test_` key simulates everything and charges nothing. The cost is still
// computed and shown, the balance and the ledger never move, test and live records never see each
// other, and WhatsApp (which cannot be simulated faithfully) is refused.
import { describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { createMockService } from '../support/mock';
import { expectLedgerBalanced, FIXED_TIMING, organization } from '../support/world';

function setup() {
  const mock = createMockService({ simulation: FIXED_TIMING });
  const demo = mock.seedDemo();
  return { mock, demo, live: api(mock, demo.liveKey), test: api(mock, demo.testKey) };
}

const batch = (senderId: string, recipients: string[], name = 'Test run') => ({
  remitter_id: senderId,
  channel_type: 'SMS',
  content: 'Promo: 10% off today',
  name,
  recipients,
});

describe('money', () => {
  it('a single send and a batch leave the balance and the ledger untouched', async () => {
    const { mock, demo, test } = setup();
    const org = demo.organization.id;
    const balance = mock.control.balance(org);
    const ledger = mock.control.ledger(org);

    const sent = await test.post('/messages', { to: '+244923000001', body: 'Your code is 1234' });
    expect(sent.status).toBe(201);
    const accepted = await test.post(
      '/campaigns/batch',
      batch(demo.sender.id, ['+244923000002', '+244951000003', '+244912000004']),
    );
    expect(accepted.status).toBe(202);
    expect(mock.control.balance(org)).toBe(balance);
    mock.clock.runUntilIdle();

    expect(mock.control.balance(org)).toBe(balance);
    expect(mock.control.ledger(org)).toEqual(ledger);
    expectLedgerBalanced(mock);
  });

  it('the cost is computed and shown: on the 201, on Retrieve Message, on the campaign messages', async () => {
    const { mock, demo, test } = setup();
    const sent = await test.post('/messages', { to: '+244923000001', body: 'a'.repeat(161) });
    // Two GSM-7 segments to Unitel at 4.000000 each (D26).
    expect(sent.body).toMatchObject({
      segments: 2,
      cost: '8.000000',
      channel_destination: 'UNITEL',
    });

    const accepted = await test.post(
      '/campaigns/batch',
      batch(demo.sender.id, ['+244923000002', '+244951000003', '+244912000004', '+244900000000']),
    );
    mock.clock.runUntilIdle();

    expect((await test.get(`/messages/${sent.body.id}`)).body).toMatchObject({
      cost: '8.000000',
      is_refunded: false,
    });
    const page = await test.get(`/campaigns/${accepted.body.campaign_id}/messages`, {
      order: 'asc',
    });
    const costs = Object.fromEntries(
      page.body.entries.map((m: { e164_format: string; cost: string }) => [m.e164_format, m.cost]),
    );
    expect(costs).toEqual({
      '+244923000002': '4.000000', // UNITEL
      '+244951000003': '3.500000', // AFRICELL_AO
      '+244912000004': '4.500000', // MOVICEL
      '+244900000000': '0.000000', // invalid: never priced (D16)
    });
  });

  it('a failure in test mode is not refunded: nothing was charged (D19)', async () => {
    const { mock, demo, test } = setup();
    const balance = mock.control.balance(demo.organization.id);
    const sent = await test.post('/messages', { to: '+244900000002', body: 'hello' });
    mock.clock.runUntilIdle();
    expect((await test.get(`/messages/${sent.body.id}`)).body).toMatchObject({
      status: 'UNDELIVERED',
      error_code: 'ABSENT_SUBSCRIBER',
      cost: '4.000000',
      is_refunded: false,
    });
    expect(mock.control.balance(demo.organization.id)).toBe(balance);
  });

  it('an empty account can still send in test mode; its live key gets 402', async () => {
    const mock = createMockService();
    const broke = organization(mock, { name: 'Broke', balance: '0.000000' });
    const message = { to: '+244923000001', body: 'hello' };
    const recipients = ['+244923000001', '+244923000002'];

    expect((await broke.test.post('/messages', message)).status).toBe(201);
    expect(
      (await broke.test.post('/campaigns/batch', batch(broke.sender.id, recipients))).status,
    ).toBe(202);
    const refused = await broke.live.post('/messages', message);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'BILLING_INSUFFICIENT_FUNDS', service: 'billing' });

    mock.clock.runUntilIdle();
    expect(mock.control.balance(broke.organization.id)).toBe('0.000000');
    expect(mock.control.campaigns(broke.organization.id, 'test')).toEqual([
      expect.objectContaining({ status: 'COMPLETED' }),
    ]);
  });
});

describe('records are separated both ways', () => {
  async function world() {
    const context = setup();
    const { live, test, demo, mock } = context;
    const recipients = ['+244923000001', '+244923000002'];
    const liveMessage = (await live.post('/messages', { to: '+244923000001', body: 'live' })).body;
    const testMessage = (await test.post('/messages', { to: '+244923000001', body: 'test' })).body;
    const liveCampaign = (
      await live.post('/campaigns/batch', batch(demo.sender.id, recipients, 'Live'))
    ).body;
    const testCampaign = (
      await test.post('/campaigns/batch', batch(demo.sender.id, recipients, 'Test'))
    ).body;
    mock.clock.runUntilIdle();
    return { ...context, liveMessage, testMessage, liveCampaign, testCampaign };
  }

  it('lists show only the records of the key environment', async () => {
    const { live, test, liveMessage, testMessage, liveCampaign, testCampaign } = await world();

    const liveList = (await live.get('/messages', { campaign_id: liveCampaign.campaign_id })).body;
    expect(liveList.total).toBe(2);
    const liveAll = (await live.get('/messages')).body;
    const testAll = (await test.get('/messages')).body;
    expect(liveAll.total).toBe(3);
    expect(testAll.total).toBe(3);
    const ids = (page: { entries: { id: string; content: string }[] }) =>
      page.entries.map((m) => m.id);
    expect(ids(liveAll)).toContain(liveMessage.id);
    expect(ids(liveAll)).not.toContain(testMessage.id);
    expect(ids(testAll)).toContain(testMessage.id);
    expect(ids(testAll)).not.toContain(liveMessage.id);
    expect(new Set(liveAll.entries.map((m: { content: string }) => m.content))).toEqual(
      new Set(['live', 'Promo: 10% off today']),
    );

    expect((await live.get('/campaigns')).body.entries.map((c: { id: string }) => c.id)).toEqual([
      liveCampaign.campaign_id,
    ]);
    expect((await test.get('/campaigns')).body.entries.map((c: { id: string }) => c.id)).toEqual([
      testCampaign.campaign_id,
    ]);
    // A filter naming the other environment's campaign matches nothing.
    expect(
      (await test.get('/messages', { campaign_id: liveCampaign.campaign_id })).body,
    ).toMatchObject({ total: 0, pages: 0, entries: [] });
  });

  it('retrieving a record of the other environment answers 404, as if it did not exist', async () => {
    const { live, test, liveMessage, testMessage, liveCampaign, testCampaign } = await world();
    const cases = [
      [test, `/messages/${liveMessage.id}`, 'NOT_FOUND'],
      [live, `/messages/${testMessage.id}`, 'NOT_FOUND'],
      [test, `/campaigns/${liveCampaign.campaign_id}`, 'RESOURCE_NOT_FOUND'],
      [live, `/campaigns/${testCampaign.campaign_id}`, 'RESOURCE_NOT_FOUND'],
      [test, `/campaigns/${liveCampaign.campaign_id}/messages`, 'RESOURCE_NOT_FOUND'],
      [live, `/campaigns/${testCampaign.campaign_id}/messages`, 'RESOURCE_NOT_FOUND'],
    ] as const;
    for (const [client, path, code] of cases) {
      const response = await client.get(path);
      expect([path, response.status, response.body.code]).toEqual([path, 404, code]);
    }
    // Each key reads its own.
    expect((await live.get(`/messages/${liveMessage.id}`)).status).toBe(200);
    expect((await test.get(`/messages/${testMessage.id}`)).status).toBe(200);
    expect((await live.get(`/campaigns/${liveCampaign.campaign_id}`)).body.status).toBe(
      'COMPLETED',
    );
    expect((await test.get(`/campaigns/${testCampaign.campaign_id}`)).body.status).toBe(
      'COMPLETED',
    );
  });
});

describe('channels', () => {
  it('WhatsApp with a test key: 422 TEST_MODE_CHANNEL_UNSUPPORTED, nothing created', async () => {
    const { mock, live, test } = setup();
    const message = { to: '+244923000001', body: 'Olá!', channel_type: 'WHATSAPP' };
    const refused = await test.post('/messages', message);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'TEST_MODE_CHANNEL_UNSUPPORTED',
      status: 422,
      service: 'core',
      fields: { channel_type: expect.any(String) },
    });
    expect(Object.keys(refused.body.fields)).toEqual(['channel_type']);
    expect(mock.control.counts().messages).toBe(0);

    // The same request with the live key is sent (and priced per message, D26).
    const sent = await live.post('/messages', message);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      channel_type: 'WHATSAPP',
      channel_destination: 'WHATSAPP_CLOUD',
      cost: '12.000000',
    });
  });

  it('SMS in test mode goes through the same state machine', async () => {
    const { mock, test } = setup();
    const sent = await test.post('/messages', { to: '+244900000001', body: 'hello' });
    expect((await test.get(`/messages/${sent.body.id}`)).body.status).toBe('PENDING');
    mock.clock.advance(1_000);
    expect((await test.get(`/messages/${sent.body.id}`)).body.status).toBe('SENT');
    mock.clock.advance(1_000);
    expect((await test.get(`/messages/${sent.body.id}`)).body.status).toBe('DELIVERED');
  });
});
