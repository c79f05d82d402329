// GET /messages: pagination (D25), ordering with ties broken by id, every filter (D18, D22–D24)
// and the query's validation. The lists below name messages by letter to stay readable.
import { describe, expect, it } from 'vitest';
import type { MockService } from '../src/index';
import { type Api, type ApiResponse, api, type Json, type Query } from './support/api';
import { createMockService } from './support/mock';
import { batchBody, FIXED_TIMING, only, setOutcome } from './support/world';

const SECOND = 1_000;

/** A client that reads a list as the letters of its entries. */
function lister(client: Api, names: Map<string, string>) {
  return async (query: Query = {}) => {
    const response = await client.get('/messages', query);
    expect(response.status).toBe(200);
    return response.body.entries.map((entry: Json) => names.get(entry.id) ?? entry.id);
  };
}

/**
 * Seven messages in every coarse status, two sender IDs, one campaign, both channels:
 *
 * | name | created | status      | channel  | to (carrier)            | sender | campaign |
 * |------|---------|-------------|----------|-------------------------|--------|----------|
 * | A    | 0 s     | UNDELIVERED | SMS      | Ana (UNITEL)            | MSGSVC |          |
 * | B    | 1 s     | DELIVERED   | WHATSAPP | Bruno (WHATSAPP_CLOUD)  | MSGSVC |          |
 * | D    | 1.5 s   | SENT        | SMS      | Ana (UNITEL)            | PROMO  | yes      |
 * | E    | 1.5 s   | SENT        | SMS      | +244923444444 (UNITEL)  | PROMO  | yes      |
 * | F    | 1.5 s   | FAILED      | SMS      | 12345678 (UNKNOWN)      | PROMO  | yes      |
 * | C    | 2 s     | SENT        | SMS      | Carla (AFRICELL_AO)     | PROMO  |          |
 * | G    | 7 s     | PENDING     | SMS      | +244923000009 (UNITEL)  | MSGSVC |          |
 */
async function statusWorld() {
  const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only('DELIVERED') } });
  const demo = mock.seedDemo();
  const live = api(mock, demo.liveKey);
  const promo = mock.control.createSenderId({
    organization_id: demo.organization.id,
    name: 'PROMO',
  });
  const names = new Map<string, string>();
  const send = async (name: string, body: Record<string, unknown>) => {
    const response = await live.post('/messages', body);
    expect(response.status).toBe(201);
    names.set(response.body.id, name);
    return response.body.id as string;
  };

  setOutcome(mock, 'UNDELIVERED');
  const a = await send('A', { to: '+244923000001', body: 'A' });
  mock.clock.advance(SECOND); // A is dispatched (to be undelivered at 6 s)
  setOutcome(mock, 'DELIVERED');
  await send('B', { to: '+244912000002', body: 'B', channel_type: 'WHATSAPP' });
  const batch = await live.post(
    '/campaigns/batch',
    batchBody(promo.id, { recipients: ['+244923000001', '+244923444444', '12345678'] }),
  );
  const campaignId: string = batch.body.campaign_id;
  mock.clock.advance(SECOND); // the campaign is processed at 1.5 s
  const generated = await live.get(`/campaigns/${campaignId}/messages`, { order: 'asc' });
  ['D', 'E', 'F'].forEach((name, i) => {
    names.set(generated.body.entries[i].id, name);
  });
  const c = await send('C', { to: '+244951000003', body: 'C', remitter_id: promo.id });
  mock.clock.advance(5 * SECOND);
  await send('G', { to: '+244923000009', body: 'G' });

  return { mock, demo, live, promo, names, campaignId, a, c, list: lister(live, names) };
}

/** Five messages sent one second apart (A at 0 s … E at 4 s). */
async function fiveMessages() {
  const mock = createMockService({ simulation: FIXED_TIMING });
  const demo = mock.seedDemo();
  const live = api(mock, demo.liveKey);
  const names = new Map<string, string>();
  for (const name of ['A', 'B', 'C', 'D', 'E']) {
    const response = await live.post('/messages', { to: '+244923000001', body: name });
    names.set(response.body.id, name);
    mock.clock.advance(SECOND);
  }
  return { mock, demo, live, names, list: lister(live, names) };
}

function expectQueryError(response: ApiResponse, field: string | RegExp) {
  expect(response.status).toBe(422);
  expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', status: 422, service: 'core' });
  const keys = Object.keys(response.body.fields);
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(typeof field === 'string' ? new RegExp(`^${field}$`) : field);
}

describe('pagination (D25)', () => {
  it('defaults to page 1, size 30, newest first', async () => {
    const { live, list } = await fiveMessages();
    const response = await live.get('/messages');
    expect(response.body).toMatchObject({ total: 5, page: 1, size: 30, pages: 1 });
    expect(await list()).toEqual(['E', 'D', 'C', 'B', 'A']);
  });

  it('pages = ceil(total / size); a page past the end is empty with the true total', async () => {
    const { live, list } = await fiveMessages();
    const page = async (query: Query) => {
      const { total, page, size, pages } = (await live.get('/messages', query)).body;
      return { total, page, size, pages };
    };
    expect(await page({ size: 2 })).toEqual({ total: 5, page: 1, size: 2, pages: 3 });
    expect(await list({ size: 2, page: 1 })).toEqual(['E', 'D']);
    expect(await list({ size: 2, page: 2 })).toEqual(['C', 'B']);
    expect(await list({ size: 2, page: 3 })).toEqual(['A']);
    expect(await list({ size: 2, page: 4 })).toEqual([]);
    expect(await page({ size: 2, page: 4 })).toEqual({ total: 5, page: 4, size: 2, pages: 3 });
    expect(await page({ size: 5 })).toEqual({ total: 5, page: 1, size: 5, pages: 1 });
    expect(await page({ size: 200 })).toEqual({ total: 5, page: 1, size: 200, pages: 1 });
    expect(await page({ size: 1, page: 1_000_000 })).toEqual({
      total: 5,
      page: 1_000_000,
      size: 1,
      pages: 5,
    });
  });

  it('an empty result has pages 0', async () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    const response = await api(mock, demo.liveKey).get('/messages');
    expect(response.body).toEqual({ total: 0, page: 1, size: 30, pages: 0, entries: [] });
    const filtered = await api(mock, demo.liveKey).get('/messages', { page: 3, size: 7 });
    expect(filtered.body).toEqual({ total: 0, page: 3, size: 7, pages: 0, entries: [] });
  });

  it.each([
    ['size', '201'],
    ['size', '0'],
    ['size', '-1'],
    ['size', 'abc'],
    ['size', '1.5'],
    ['size', ''],
    ['page', '0'],
    ['page', 'abc'],
    ['page', '-2'],
    ['order', 'up'],
    ['order', 'DESC'],
    ['order_by', 'id'],
    ['q', ''],
    ['q', 'x'.repeat(101)],
  ])('%s=%j is a 422 naming the parameter', async (name, value) => {
    const { live } = await fiveMessages();
    expectQueryError(await live.get('/messages', { [name]: value }), name);
  });
});

describe('ordering', () => {
  it('order=asc and order=desc on created_at', async () => {
    const { list } = await fiveMessages();
    expect(await list({ order: 'asc' })).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(await list({ order: 'desc', order_by: 'created_at' })).toEqual([
      'E',
      'D',
      'C',
      'B',
      'A',
    ]);
  });

  it('order_by=updated_at follows the latest change, not creation', async () => {
    const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only('DELIVERED') } });
    const demo = mock.seedDemo();
    const live = api(mock, demo.liveKey);
    const names = new Map<string, string>();
    const send = async (name: string) => {
      names.set((await live.post('/messages', { to: '+244923000001', body: name })).body.id, name);
    };
    await send('A'); // created 0 s, SENT 1 s, DELIVERED 6 s
    mock.clock.advance(SECOND);
    setOutcome(mock, 'REJECTED');
    await send('B'); // created 1 s, REJECTED 2 s
    mock.clock.advance(2 * SECOND);
    await send('C'); // created 3 s, dispatched at 4 s
    mock.clock.advance(500); // now 3.5 s: A SENT (1 s), B REJECTED (2 s), C PENDING (3 s)
    const list = lister(live, names);
    expect(await list({ order_by: 'updated_at', order: 'asc' })).toEqual(['A', 'B', 'C']);
    mock.clock.advance(3 * SECOND); // A DELIVERED at 6 s, C dispatched at 4 s
    expect(await list({ order_by: 'updated_at', order: 'asc' })).toEqual(['B', 'C', 'A']);
    expect(await list({ order_by: 'updated_at', order: 'desc' })).toEqual(['A', 'C', 'B']);
    expect(await list({ order_by: 'updated_at', order: 'asc', size: 2, page: 2 })).toEqual(['A']);
    expect(await list({ order_by: 'created_at', order: 'asc' })).toEqual(['A', 'B', 'C']);
  });

  it('ties (records made at the same instant) are broken by id, in the same direction', async () => {
    const mock = createMockService({ simulation: FIXED_TIMING });
    const demo = mock.seedDemo();
    const live = api(mock, demo.liveKey);
    await live.post(
      '/campaigns/batch',
      batchBody(demo.sender.id, { recipients: ['+244923000005', ...unitel(6)] }),
    );
    mock.clock.advance(500); // seven messages created at 0.5 s
    const ids = async (query: Query) =>
      (await live.get('/messages', query)).body.entries.map((entry: Json) => entry.id as string);
    const ascending = await ids({ order: 'asc' });
    expect(
      new Set((await live.get('/messages')).body.entries.map((e: Json) => e.created_at)),
    ).toEqual(new Set(['2026-01-01T09:00:00.500000+00:00']));
    expect(ascending).toHaveLength(7);
    expect(ascending).toEqual([...ascending].sort());
    expect(await ids({ order: 'desc' })).toEqual([...ascending].reverse());
    mock.clock.advance(SECOND); // all dispatched at 1.5 s: updated_at ties too
    expect(await ids({ order_by: 'updated_at', order: 'asc' })).toEqual(ascending);
    expect(await ids({ order_by: 'updated_at', order: 'desc' })).toEqual([...ascending].reverse());
    // Pages of tied records neither skip nor repeat one.
    const paged = [];
    for (let page = 1; page <= 3; page++)
      paged.push(...(await ids({ order: 'asc', size: 3, page })));
    expect(paged).toEqual(ascending);
  });
});

function unitel(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `+24493100000${i}`);
}

describe('filters', () => {
  it('status matches the coarse status and repeats (D18)', async () => {
    const { list } = await statusWorld();
    expect(await list()).toEqual(['G', 'C', 'F', 'E', 'D', 'B', 'A']);
    expect(await list({ status: 'PENDING' })).toEqual(['G']);
    expect(await list({ status: 'SENT' })).toEqual(['C', 'E', 'D']);
    expect(await list({ status: 'DELIVERED' })).toEqual(['B']);
    expect(await list({ status: 'FAILED' })).toEqual(['F']);
    expect(await list({ status: 'UNDELIVERED' })).toEqual(['A']);
    expect(await list({ status: ['FAILED', 'UNDELIVERED'] })).toEqual(['F', 'A']);
  });

  it('status takes only the five coarse values', async () => {
    const { live } = await statusWorld();
    for (const value of ['EXPIRED', 'REJECTED', 'CANCELLED', 'sent']) {
      expectQueryError(await live.get('/messages', { status: value }), /^status(\.0)?$/);
    }
  });

  it('channel_type', async () => {
    const { list } = await statusWorld();
    expect(await list({ channel_type: 'WHATSAPP' })).toEqual(['B']);
    expect(await list({ channel_type: 'SMS' })).toEqual(['G', 'C', 'F', 'E', 'D', 'A']);
    expect(await list({ channel_type: ['SMS', 'WHATSAPP'] })).toHaveLength(7);
  });

  it('contact_id', async () => {
    const { list, demo } = await statusWorld();
    const [ana, bruno, carla] = demo.contacts;
    expect(await list({ contact_id: ana!.id })).toEqual(['D', 'A']);
    expect(await list({ contact_id: [ana!.id, bruno!.id] })).toEqual(['D', 'B', 'A']);
    expect(await list({ contact_id: carla!.id })).toEqual(['C']);
  });

  it('campaign_id', async () => {
    const { list, campaignId } = await statusWorld();
    expect(await list({ campaign_id: campaignId })).toEqual(['F', 'E', 'D']);
    expect(await list({ campaign_id: '0193a0c6-0a1b-7c2d-8e3f-4a5b6c7d8e9f' })).toEqual([]);
  });

  it('sms_remitter_id, remitter_id as its alias, and both together (D22)', async () => {
    const { list, promo, demo } = await statusWorld();
    expect(await list({ sms_remitter_id: promo.id })).toEqual(['C', 'F', 'E', 'D']);
    expect(await list({ remitter_id: promo.id })).toEqual(['C', 'F', 'E', 'D']);
    expect(await list({ remitter_id: demo.sender.id })).toEqual(['G', 'B', 'A']);
    expect(await list({ sms_remitter_id: promo.id, remitter_id: demo.sender.id })).toHaveLength(7);
  });

  it('error_code, trigger_source and channel_destination (D23)', async () => {
    const { list, live } = await statusWorld();
    expect(await list({ error_code: 'INVALID_PHONE_NUMBER' })).toEqual(['F']);
    expect(await list({ trigger_source: 'API_CLIENT' })).toHaveLength(7);
    expect(await list({ trigger_source: 'CUSTOMER_PORTAL' })).toEqual([]);
    expect(await list({ channel_destination: 'UNITEL' })).toEqual(['G', 'E', 'D', 'A']);
    expect(await list({ channel_destination: 'UNKNOWN' })).toEqual(['F']);
    expect(await list({ channel_destination: ['UNITEL', 'AFRICELL_AO'] })).toEqual([
      'G',
      'C',
      'E',
      'D',
      'A',
    ]);
    expectQueryError(await live.get('/messages', { error_code: 'invalid' }), /^error_code(\.0)?$/);
    expectQueryError(
      await live.get('/messages', { trigger_source: 'DASHBOARD' }),
      /^trigger_source(\.0)?$/,
    );
    expectQueryError(
      await live.get('/messages', { channel_destination: 'unitel' }),
      /^channel_destination(\.0)?$/,
    );
  });

  it('filters combine: every filter must match', async () => {
    const { list, promo } = await statusWorld();
    expect(await list({ status: 'SENT', channel_destination: 'UNITEL' })).toEqual(['E', 'D']);
    expect(await list({ status: 'SENT', sms_remitter_id: promo.id, size: 1, page: 2 })).toEqual([
      'E',
    ]);
  });

  it('created_at__ge and created_at__le are inclusive, to the microsecond', async () => {
    const { list } = await statusWorld();
    const at = '2026-01-01T09:00:01.500000+00:00'; // D, E and F were created at exactly this instant
    expect(await list({ created_at__ge: at })).toEqual(['G', 'C', 'F', 'E', 'D']);
    expect(await list({ created_at__le: at })).toEqual(['F', 'E', 'D', 'B', 'A']);
    expect(await list({ created_at__ge: at, created_at__le: at })).toEqual(['F', 'E', 'D']);
    // One microsecond either side excludes them.
    expect(await list({ created_at__ge: '2026-01-01T09:00:01.500001+00:00' })).toEqual(['G', 'C']);
    expect(await list({ created_at__le: '2026-01-01T09:00:01.499999+00:00' })).toEqual(['B', 'A']);
    // The same instant written with another offset, or with Z.
    expect(await list({ created_at__ge: '2026-01-01T10:00:01.5+01:00' })).toEqual([
      'G',
      'C',
      'F',
      'E',
      'D',
    ]);
    expect(await list({ created_at__le: '2026-01-01T09:00:01.500Z' })).toHaveLength(5);
    expect(
      await list({
        created_at__ge: '2026-01-01T09:00:03Z',
        created_at__le: '2026-01-01T09:00:02Z',
      }),
    ).toEqual([]);
  });

  it.each([
    'yesterday',
    '2026-01-01',
    '2026-01-01T09:00:00',
    '2026-02-30T00:00:00Z',
    '2026-01-01T25:00:00Z',
  ])('a malformed date-time (%s) is a 422', async (value) => {
    const { live } = await statusWorld();
    expectQueryError(await live.get('/messages', { created_at__ge: value }), 'created_at__ge');
    expectQueryError(await live.get('/messages', { created_at__le: value }), 'created_at__le');
  });

  it('q: part of the number, written with spaces, dashes or dots (D24)', async () => {
    const { list } = await statusWorld();
    expect(await list({ q: '923000001' })).toEqual(['D', 'A']);
    expect(await list({ q: '923 000-001' })).toEqual(['D', 'A']);
    expect(await list({ q: '923.000.001' })).toEqual(['D', 'A']);
    expect(await list({ q: '+244 923' })).toEqual(['G', 'E', 'D', 'A']);
    expect(await list({ q: '951' })).toEqual(['C']);
    expect(await list({ q: '12345678' })).toEqual(['F']);
    expect(await list({ q: '777777' })).toEqual([]);
  });

  it('q: a UUID matches exactly one message id, in any case', async () => {
    const { list, c, mock } = await statusWorld();
    expect(await list({ q: c })).toEqual(['C']);
    expect(await list({ q: c.toUpperCase() })).toEqual(['C']);
    expect(await list({ q: '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3' })).toEqual([]);
    // Another organization's message id matches nothing.
    const other = await otherOrganizationMessage(mock);
    expect(await list({ q: other })).toEqual([]);
  });

  it('an unknown parameter is a 422 "Unknown field." (D33)', async () => {
    const { live } = await statusWorld();
    const misspelt = await live.get('/messages', { statuses: 'SENT' });
    expectQueryError(misspelt, 'statuses');
    expect(misspelt.body.fields).toEqual({ statuses: 'Unknown field.' });
    expectQueryError(
      await live.get('/messages', { tag_id: '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3' }),
      'tag_id',
    );
  });

  it.each(['page', 'size', 'order', 'order_by', 'q', 'created_at__ge', 'created_at__le'])(
    'single-valued %s given twice is a 422 "Must be given once." (D33)',
    async (name) => {
      const { live } = await statusWorld();
      const values: Record<string, [string, string]> = {
        page: ['1', '2'],
        size: ['10', '10'],
        order: ['asc', 'desc'],
        order_by: ['created_at', 'updated_at'],
        q: ['923', '912'],
        created_at__ge: ['2026-01-01T09:00:00Z', '2026-01-01T09:00:01Z'],
        created_at__le: ['2026-01-01T09:00:00Z', '2026-01-01T09:00:01Z'],
      };
      const response = await live.get('/messages', { [name]: values[name]! });
      expectQueryError(response, name);
      expect(response.body.fields).toEqual({ [name]: 'Must be given once.' });
    },
  );

  it('a malformed id filter is a 422', async () => {
    const { live } = await statusWorld();
    expectQueryError(await live.get('/messages', { contact_id: 'ana' }), /^contact_id(\.0)?$/);
    expectQueryError(
      await live.get('/messages', { campaign_id: ['0193a0c6-0a1b-7c2d-8e3f-4a5b6c7d8e9f', 'x'] }),
      /^campaign_id(\.1)?$/,
    );
  });
});

describe('the entry shape', () => {
  it('uses exactly the names of the List Messages entry (target_e164, remitter_id)', async () => {
    const { live } = await statusWorld();
    const entries: Json[] = (await live.get('/messages')).body.entries;
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual([
        'campaign_id',
        'channel_destination',
        'channel_type',
        'contact_id',
        'content',
        'created_at',
        'error_code',
        'id',
        'remitter_id',
        'status',
        'target_e164',
        'updated_at',
      ]);
    }
  });
});

async function otherOrganizationMessage(mock: MockService): Promise<string> {
  const org = mock.control.createOrganization({ name: 'Other', balance: '100.000000' });
  mock.control.createSenderId({ organization_id: org.id, name: 'OTHER' });
  const key = mock.control.issueApiKey({ organization_id: org.id }).key;
  return (await api(mock, key).post('/messages', { to: '+244923000001', body: 'x' })).body.id;
}
