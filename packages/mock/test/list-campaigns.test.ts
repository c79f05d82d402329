// GET /campaigns: filters (status incl. SENDING D11, channel_type, tag_id D17, remitter_id and
// sms_remitter_id D22, error_code and trigger_source D23, q on the name D24, created_at bounds),
// pagination and ordering (D25). Campaigns are named by letter in the expectations.
import { describe, expect, it } from 'vitest';
import { type Api, type ApiResponse, api, type Json, type Query } from './support/api';
import { createMockService } from './support/mock';
import { batchBody, FIXED_TIMING, only, organization, unitelNumbers } from './support/world';

function lister(client: Api, names: Map<string, string>) {
  return async (query: Query = {}) => {
    const response = await client.get('/campaigns', query);
    expect(response.status).toBe(200);
    return response.body.entries.map((entry: Json) => names.get(entry.id) ?? entry.id);
  };
}

/**
 * Four campaigns of one organization (balance 24.000000, each recipient 4.000000):
 *
 * | name | created | name                  | sender | state at 2.6 s                   |
 * |------|---------|-----------------------|--------|----------------------------------|
 * | A    | 0 s     | Black Friday Promo    | KWANZA | COMPLETED                        |
 * | B    | 2 s     | Weekly newsletter     | PROMO  | SENDING                          |
 * | C    | 2 s     | FRIDAY flash sale     | KWANZA | FAILED (BILLING_INSUFFICIENT_FUNDS) |
 * | D    | 2.6 s   | Reminder              | PROMO  | PROCESSING                       |
 */
async function fourCampaigns() {
  const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only('DELIVERED') } });
  const org = organization(mock, { balance: '24.000000' });
  const promo = mock.control.createSenderId({
    organization_id: org.organization.id,
    name: 'PROMO',
  });
  const names = new Map<string, string>();
  const send = async (
    letter: string,
    name: string,
    senderId: string,
    recipients: readonly string[],
  ) => {
    const response = await org.live.post(
      '/campaigns/batch',
      batchBody(senderId, { name, recipients }),
    );
    expect(response.status).toBe(202);
    names.set(response.body.campaign_id, letter);
    return response.body.campaign_id as string;
  };
  await send('A', 'Black Friday Promo', org.sender.id, unitelNumbers(2, 1));
  mock.clock.advance(2_000); // A: processed at 0.5 s, COMPLETED at 1.5 s; balance 16
  await send('B', 'Weekly newsletter', promo.id, unitelNumbers(2, 10));
  await send('C', 'FRIDAY flash sale', org.sender.id, unitelNumbers(4, 20)); // 16 ≤ 16: accepted
  mock.clock.advance(600); // B debits 8 at 2.5 s; C no longer fits and fails
  await send('D', 'Reminder', promo.id, unitelNumbers(2, 30));
  return { mock, org, promo, names, list: lister(org.live, names) };
}

function expectQueryError(response: ApiResponse, field: RegExp) {
  expect(response.status).toBe(422);
  expect(response.body.code).toBe('VALIDATION_ERROR');
  const keys = Object.keys(response.body.fields);
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(field);
}

describe('GET /campaigns', () => {
  it('lists every campaign newest first, each in the Campaign shape', async () => {
    const { list, org } = await fourCampaigns();
    expect(await list()).toEqual(['D', 'C', 'B', 'A']);
    const page = (await org.live.get('/campaigns')).body;
    expect(page).toMatchObject({ total: 4, page: 1, size: 30, pages: 1 });
    expect(page.entries.map((c: Json) => [c.name, c.status, c.error_code])).toEqual([
      ['Reminder', 'PROCESSING', null],
      ['FRIDAY flash sale', 'FAILED', 'BILLING_INSUFFICIENT_FUNDS'],
      ['Weekly newsletter', 'SENDING', null],
      ['Black Friday Promo', 'COMPLETED', null],
    ]);
    expect(Object.keys(page.entries[0]).sort()).toEqual([
      'billing_account_id',
      'channel_type',
      'completed_at',
      'content',
      'created_at',
      'data',
      'error_code',
      'file_metadata_id',
      'id',
      'name',
      'organization_id',
      'processed_at',
      'scheduled_at',
      'sms_remitter',
      'sms_remitter_id',
      'status',
      'status_note',
      'total_estimated_recipients',
      'trigger_source',
      'updated_at',
    ]);
  });

  it('status filters any of the six states, SENDING included (D11)', async () => {
    const { list, org } = await fourCampaigns();
    expect(await list({ status: 'SENDING' })).toEqual(['B']);
    expect(await list({ status: 'PROCESSING' })).toEqual(['D']);
    expect(await list({ status: 'COMPLETED' })).toEqual(['A']);
    expect(await list({ status: 'FAILED' })).toEqual(['C']);
    expect(await list({ status: ['PROCESSING', 'FAILED'] })).toEqual(['D', 'C']);
    expect(await list({ status: ['DRAFT', 'PENDING'] })).toEqual([]);
    expectQueryError(await org.live.get('/campaigns', { status: 'RUNNING' }), /^status(\.0)?$/);
  });

  it('channel_type', async () => {
    const { list } = await fourCampaigns();
    expect(await list({ channel_type: 'SMS' })).toEqual(['D', 'C', 'B', 'A']);
    expect(await list({ channel_type: 'WHATSAPP' })).toEqual([]);
  });

  it('remitter_id, sms_remitter_id as its alias, and both together (D22)', async () => {
    const { list, org, promo } = await fourCampaigns();
    expect(await list({ remitter_id: promo.id })).toEqual(['D', 'B']);
    expect(await list({ sms_remitter_id: promo.id })).toEqual(['D', 'B']);
    expect(await list({ remitter_id: org.sender.id })).toEqual(['C', 'A']);
    expect(await list({ remitter_id: org.sender.id, sms_remitter_id: promo.id })).toEqual([
      'D',
      'C',
      'B',
      'A',
    ]);
    expectQueryError(await org.live.get('/campaigns', { remitter_id: 'promo' }), /^remitter_id/);
  });

  it('error_code and trigger_source (D23)', async () => {
    const { list } = await fourCampaigns();
    expect(await list({ error_code: 'BILLING_INSUFFICIENT_FUNDS' })).toEqual(['C']);
    expect(await list({ error_code: 'SYSTEM_DISPATCH_ERROR' })).toEqual([]);
    expect(await list({ trigger_source: 'API_CLIENT' })).toHaveLength(4);
    expect(await list({ trigger_source: 'CUSTOMER_PORTAL' })).toEqual([]);
  });

  it('q is a case-insensitive part of the name (D24)', async () => {
    const { list, org } = await fourCampaigns();
    expect(await list({ q: 'friday' })).toEqual(['C', 'A']);
    expect(await list({ q: 'FRIDAY' })).toEqual(['C', 'A']);
    expect(await list({ q: 'Flash Sale' })).toEqual(['C']);
    expect(await list({ q: 'xmas' })).toEqual([]);
    expectQueryError(await org.live.get('/campaigns', { q: '' }), /^q$/);
    expectQueryError(await org.live.get('/campaigns', { q: 'q'.repeat(101) }), /^q$/);
  });

  it('created_at__ge and created_at__le are inclusive', async () => {
    const { list } = await fourCampaigns();
    const at = '2026-01-01T09:00:02.000000+00:00'; // B and C
    expect(await list({ created_at__ge: at })).toEqual(['D', 'C', 'B']);
    expect(await list({ created_at__le: at })).toEqual(['C', 'B', 'A']);
    expect(await list({ created_at__ge: at, created_at__le: at })).toEqual(['C', 'B']);
    expect(await list({ created_at__ge: '2026-01-01T09:00:02.000001+00:00' })).toEqual(['D']);
  });

  it('filters combine', async () => {
    const { list, promo } = await fourCampaigns();
    expect(await list({ remitter_id: promo.id, status: 'SENDING' })).toEqual(['B']);
    expect(await list({ q: 'friday', status: 'COMPLETED' })).toEqual(['A']);
  });

  it('paginates and orders like every list (D25)', async () => {
    const { list, org } = await fourCampaigns();
    const page = await org.live.get('/campaigns', { size: 3, page: 2 });
    expect(page.body).toMatchObject({ total: 4, page: 2, size: 3, pages: 2 });
    expect(await list({ size: 3, page: 2 })).toEqual(['A']);
    expect(await list({ size: 3, page: 3 })).toEqual([]);
    expect(await list({ order: 'asc' })).toEqual(['A', 'B', 'C', 'D']);
    expectQueryError(await org.live.get('/campaigns', { size: 201 }), /^size$/);
    expectQueryError(await org.live.get('/campaigns', { page: 0 }), /^page$/);
    expectQueryError(await org.live.get('/campaigns', { owner: 'me' }), /^owner$/);
    expectQueryError(await org.live.get('/campaigns', 'order=asc&order=desc'), /^order$/);
  });

  it('order_by=updated_at follows the latest state change', async () => {
    const { list, mock } = await fourCampaigns();
    // At 3.6 s: A last changed at 1.5 s, C at 2.5 s, D at 3.1 s (SENDING), B at 3.5 s (COMPLETED).
    mock.clock.advance(1_000);
    expect(await list({ order_by: 'updated_at', order: 'asc' })).toEqual(['A', 'C', 'D', 'B']);
    expect(await list({ order_by: 'updated_at' })).toEqual(['B', 'D', 'C', 'A']);
  });

  it('an organization without campaigns has an empty first page with pages 0', async () => {
    const mock = createMockService();
    const org = organization(mock);
    expect((await org.live.get('/campaigns')).body).toEqual({
      total: 0,
      page: 1,
      size: 30,
      pages: 0,
      entries: [],
    });
  });
});

describe('tag_id (D17)', () => {
  async function tagged() {
    const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only('DELIVERED') } });
    const demo = mock.seedDemo();
    const live = api(mock, demo.liveKey);
    const [vip, luanda] = demo.tags;
    const names = new Map<string, string>();
    const send = async (letter: string, recipients: string[]) => {
      const response = await live.post(
        '/campaigns/batch',
        batchBody(demo.sender.id, { recipients }),
      );
      names.set(response.body.campaign_id, letter);
    };
    await send('A', ['+244923000001', '+244923100000']); // Ana: vip + luanda
    await send('B', ['+244912000002', '+244923100001']); // Bruno: luanda
    await send('C', ['+244951000003', '+244923100002']); // Carla: vip
    await send('D', ['+244923100003', '+244923100004']); // no contact
    return { mock, live, vip: vip!, luanda: luanda!, list: lister(live, names) };
  }

  it('a campaign matches a tag once it has reached a contact carrying it', async () => {
    const { mock, vip, luanda, list } = await tagged();
    // Still PROCESSING: no contact has been reached yet.
    expect(await list({ tag_id: vip.id })).toEqual([]);
    mock.clock.advance(500);
    expect(await list({ tag_id: vip.id })).toEqual(['C', 'A']);
    expect(await list({ tag_id: luanda.id })).toEqual(['B', 'A']);
    expect(await list({ tag_id: [vip.id, luanda.id] })).toEqual(['C', 'B', 'A']);
    expect(await list({ tag_id: vip.id, q: 'nothing-matches' })).toEqual([]);
  });

  it('an unknown tag matches nothing; a malformed one is a 422', async () => {
    const { mock, live, list } = await tagged();
    mock.clock.advance(500);
    expect(await list({ tag_id: '0193a0c6-0a1b-7c2d-8e3f-4a5b6c7d8e9f' })).toEqual([]);
    expectQueryError(await live.get('/campaigns', { tag_id: 'vip' }), /^tag_id(\.0)?$/);
  });
});
