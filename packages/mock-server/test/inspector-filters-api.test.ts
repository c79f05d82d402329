/**
 * The filter language over HTTP (D156–D159): the inspector's lists and the control API's
 * `GET /__mock/messages` and `GET /__mock/campaigns` answer the same filters, each checked against
 * the world read directly (an independent oracle); accent-insensitive text; a page past the end
 * moved to the last; bad queries refused in the service's envelope, naming the valid keys. The
 * control API's answers are checked against openapi/control.yaml as they arrive.
 */
import { createMockService, type MockService } from '@msgsvc/mock';
import type { MessageRecord } from '@msgsvc/mock/port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { RequestLog } from '../src/worlds/request-log';
import { controlApi } from './support/http';

let mock: MockService;
let server: MockServer;
let origin: string;
let demoOrg: string;
let shopOrg: string;
let campaignId: string;

async function json(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}
/** The inspector page's data. */
const inspector = (path: string) => json(`${origin}/__mock/inspector/api/${path}`);
/** The control API, each answer checked against openapi/control.yaml. */
async function control(path: string) {
  const [route = '', query] = path.split('?', 2);
  const exchange = await controlApi(origin).get(`/${route}`, query);
  return { status: exchange.status, body: exchange.body };
}
const q = (query: string) => encodeURIComponent(query);
/** What the public lists report as `FAILED` and as `UNDELIVERED` (`status:` means the same). */
const FAILED = ['FAILED', 'REJECTED', 'CANCELLED'];
const UNDELIVERED = ['UNDELIVERED', 'EXPIRED'];

async function send(key: string, to: string, body: string) {
  const response = await fetch(`${origin}/c/v1/messages`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ to, body }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Ids of every message of the world the test lets through, newest first (the oracle). */
function expected(test: (message: MessageRecord) => boolean): string[] {
  // Newest first; messages of the same world millisecond, latest created first (the lists read
  // the store from its end, and a stable sort keeps that order for ties).
  return [...mock.world.messages.all()]
    .reverse()
    .filter(test)
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((message) => message.id);
}

/** Every id of a messages list for `query` (all pages of 200). */
async function ids(query: string): Promise<string[]> {
  const found: string[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = await inspector(`messages?q=${q(query)}&limit=200&offset=${offset}`);
    expect(page.status).toBe(200);
    found.push(...page.body.entries.map((m: { id: string }) => m.id));
    if (offset + 200 >= page.body.total) {
      expect(found).toHaveLength(page.body.total);
      return found;
    }
  }
}

beforeAll(async () => {
  const requestLog = new RequestLog();
  mock = createMockService({ rateLimits: false, observe: (a, b) => requestLog.record(a, b) });
  const demo = mock.seedDemo();
  demoOrg = demo.organization.id;
  const shop = mock.control.createOrganization({ name: 'Loja Central', balance: '1000.00' });
  shopOrg = shop.id;
  const shopKey = mock.control.issueApiKey({ organization_id: shopOrg }).key;
  mock.control.createSenderId({ organization_id: shopOrg, name: 'LOJA', status: 'APPROVED' });
  server = createMockServer({ mock, requestLog });
  ({ origin } = await server.listen(0, '127.0.0.1'));

  await send(demo.liveKey, '+244900000002', 'Seu crédito acabou');
  await send(demo.liveKey, '+244900000009', 'Olá');
  await send(demo.testKey, '+244900000008', 'Teste de ambiente');
  await send(demo.liveKey, '+244900000001', 'CRÉDITO disponível');
  const batch = await fetch(`${origin}/c/v1/campaigns/batch`, {
    method: 'POST',
    headers: { 'x-api-key': demo.liveKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      name: 'Natal',
      content: 'Feliz Natal',
      recipients: [
        '+244900000005',
        // Seven digits are no Angolan number: each fails INVALID_PHONE_NUMBER.
        '1234561',
        '1234562',
        ...Array.from({ length: 60 }, (_, i) => `+24492370${String(1000 + i)}`),
      ],
    }),
  });
  expect(batch.status).toBe(202);
  campaignId = ((await batch.json()) as { campaign_id: string }).campaign_id;
  await send(shopKey, '+244923111222', 'Seu credito: 10');
  await fetch(`${origin}/__mock/clock/run-until-idle`, { method: 'POST' });
});

afterAll(() => server.close());

describe('message filters, against the world read directly', () => {
  it('status and campaign: the campaign’s failures, invalid numbers included', async () => {
    const found = await ids(`campaign:${campaignId} status:FAILED`);
    const oracle = expected((m) => m.campaignId === campaignId && FAILED.includes(m.status));
    expect(found).toEqual(oracle);
    expect(found.length).toBeGreaterThanOrEqual(3);
    // By the campaign's name too, any case.
    expect(await ids('campaign:natal status:failed')).toEqual(oracle);
    // With free text: digits of the number, words of the text (accents ignored), nothing else.
    expect(await ids('campaign:natal 1234561')).toEqual(
      expected((m) => m.campaignId === campaignId && m.e164.includes('1234561')),
    );
    expect(await ids('campaign:natal FELÍZ')).toEqual(expected((m) => m.campaignId === campaignId));
    expect(await ids('campaign:natal credito')).toEqual([]);
    expect(await ids(`campaign:${campaignId} campaign:nope`)).toEqual(
      expected((m) => m.campaignId === campaignId),
    );
  });

  it('a key given twice is either; different keys are both', async () => {
    expect(await ids('status:failed status:undelivered')).toEqual(
      expected((m) => FAILED.includes(m.status) || UNDELIVERED.includes(m.status)),
    );
    expect(await ids('status:undelivered error:absent_subscriber')).toEqual(
      expected((m) => UNDELIVERED.includes(m.status) && m.errorCode === 'ABSENT_SUBSCRIBER'),
    );
  });

  it('org by id or name; an organization that does not exist finds nothing', async () => {
    expect(await ids('org:"loja central"')).toEqual(expected((m) => m.organizationId === shopOrg));
    expect(await ids(`org:${demoOrg}`)).toEqual(expected((m) => m.organizationId === demoOrg));
    expect(await ids('org:nobody')).toEqual([]);
    expect(await ids('org:__proto__')).toEqual([]);
  });

  it('channel, to, error', async () => {
    expect(await ids('channel:whatsapp')).toEqual([]);
    expect((await ids('channel:SMS')).length).toBe(mock.world.messages.size);
    expect(await ids('to:900000002')).toEqual(expected((m) => m.e164 === '+244900000002'));
    expect(await ids('error:INVALID_PHONE_NUMBER')).toEqual(
      expected((m) => m.errorCode === 'INVALID_PHONE_NUMBER'),
    );
  });

  it('env: the environment of the key that sent it (the badge links here, D165)', async () => {
    const test = await ids('env:test');
    expect(test.length).toBeGreaterThan(0);
    expect(test).toEqual(expected((m) => m.environment === 'test'));
    expect(await ids('env:LIVE')).toEqual(expected((m) => m.environment === 'live'));
    expect(await ids('env:live env:test')).toHaveLength(mock.world.messages.size);
    const refused = await inspector(`messages?q=${q('env:staging')}`);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('env: takes live, test');
  });

  it('is:refunded, is:opted-out, and both at once', async () => {
    const refunded = expected((m) => m.refunded);
    expect(refunded.length).toBeGreaterThan(0);
    expect(await ids('is:refunded')).toEqual(refunded);
    // +244900000009 replied STOP: the demo organization's message to it is opted out.
    const optedOut = expected((m) => m.e164 === '+244900000009');
    expect(optedOut).toHaveLength(1);
    expect(await ids('is:opted-out')).toEqual(optedOut);
    expect(await ids('is:opted-out is:refunded')).toEqual([]);
  });

  it('before and after, in world time', async () => {
    const shopMessage = [...mock.world.messages.all()].find((m) => m.organizationId === shopOrg)!;
    const at = new Date(shopMessage.createdAt).toISOString();
    expect(await ids(`after:${at}`)).toEqual(expected((m) => m.createdAt >= shopMessage.createdAt));
    expect(await ids(`before:${at}`)).toEqual(expected((m) => m.createdAt < shopMessage.createdAt));
    expect(await ids('before:2000-01-01')).toEqual([]);
  });

  it('free text ignores accents and case, and combines with filters', async () => {
    const credit = expected((m) => /cr[eé]dito/i.test(m.content));
    expect(credit).toHaveLength(3);
    expect(await ids('credito')).toEqual(credit);
    expect(await ids('CRÉDITO')).toEqual(credit);
    expect(await ids('credito org:"Loja Central"')).toEqual(
      expected((m) => m.organizationId === shopOrg),
    );
    expect(await ids('"seu credito"')).toHaveLength(2);
  });

  it('the search with filter words finds messages only', async () => {
    const found = await inspector(`search?q=${q('status:failed natal')}`);
    expect(found.status).toBe(200);
    expect(found.body.messages.total).toBe(
      expected((m) => m.status === 'FAILED' && m.content.includes('Natal')).length,
    );
    expect(found.body.campaigns.total).toBe(0);
    const failed = await inspector(`search?q=${q('status:failed')}`);
    expect(failed.body.messages.total).toBe(expected((m) => m.status === 'FAILED').length);
    expect(failed.body.campaigns.total).toBe(0);
    expect(failed.body.phones.total).toBe(0);
  });
});

describe('campaign filters', () => {
  it('by state, organization and name', async () => {
    const completed = await inspector(`campaigns?q=${q('status:completed')}`);
    expect(completed.body.entries.map((c: { id: string }) => c.id)).toEqual([campaignId]);
    expect((await inspector(`campaigns?q=${q('status:processing')}`)).body.total).toBe(0);
    expect((await inspector(`campaigns?q=${q('org:"loja central"')}`)).body.total).toBe(0);
    expect((await inspector(`campaigns?q=${q('NATAL')}`)).body.total).toBe(1);
  });
});

describe('paging past the end (D159)', () => {
  it('answers the last page and says where it starts', async () => {
    const total = mock.world.messages.size;
    const page = await inspector('messages?offset=100500&limit=20');
    expect(page.body.total).toBe(total);
    expect(page.body.offset).toBe(Math.floor((total - 1) / 20) * 20);
    expect(page.body.entries.length).toBe(total - page.body.offset);
    // The oldest message is on it.
    expect(page.body.entries.at(-1).id).toBe(expected(() => true).at(-1));
    const filtered = await inspector(`messages?q=${q('status:failed')}&offset=999&limit=2`);
    expect(filtered.body.offset).toBe(Math.floor((filtered.body.total - 1) / 2) * 2);
    expect(filtered.body.entries.length).toBeGreaterThan(0);
    const phones = await inspector('phones?offset=5000&limit=10');
    expect(phones.body.entries.length).toBeGreaterThan(0);
    const none = await inspector(`messages?q=${q('org:nobody')}&offset=50`);
    expect(none.body).toEqual({ total: 0, offset: 0, entries: [] });
    const campaign = await inspector(`campaigns/${campaignId}?offset=5000&limit=50`);
    expect(campaign.body.messages.offset).toBe(50);
    expect(campaign.body.messages.entries).toHaveLength(13);
  });
});

describe('bad queries', () => {
  it.each([
    ['messages', 'status:nope', 'status: takes pending'],
    ['messages', '__proto__:x', 'The messages filters are status: channel:'],
    ['messages', 'is:__proto__', 'is: takes refunded, opted-out'],
    ['messages', 'after:2026-02-30', 'is not a date that exists'],
    ['campaigns', 'error:X', 'error: filters messages, not campaigns'],
    ['search', 'org:"open', 'is not closed'],
  ])('%s?q=%s: a 422 on q, in the envelope', async (list, query, message) => {
    const answer = await inspector(`${list}?q=${q(query)}`);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('VALIDATION_ERROR');
    expect(answer.body.fields.q).toContain(message);
    expect(answer.body.trace_id).toEqual(expect.any(String));
  });
  it('q is bounded as the control contract bounds it, on the page’s lists and the control API', async () => {
    const long = 'x'.repeat(300);
    expect((await inspector(`messages?q=${long}`)).status).toBe(200);
    expect((await control(`messages?q=${long}`)).status).toBe(200);
    const tooLong = 'x'.repeat(501);
    for (const answer of [
      await inspector(`messages?q=${tooLong}`),
      await inspector(`search?q=${tooLong}`),
      await control(`messages?q=${tooLong}`),
    ]) {
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.fields)).toEqual(['q']);
    }
  });
});

describe('the control API takes the same words', () => {
  it('GET /__mock/messages: the public Message shape, the same matches as the page', async () => {
    const query = `campaign:${campaignId} status:failed`;
    const answer = await control(`messages?q=${q(query)}&limit=200`);
    expect(answer.status).toBe(200);
    expect(answer.body.entries.map((m: { id: string }) => m.id)).toEqual(await ids(query));
    expect(answer.body.entries[0]).toMatchObject({ status: 'FAILED', campaign_id: campaignId });
    expect(answer.body.entries[0]).toHaveProperty('e164_format');
    expect(answer.body.total).toBe(answer.body.entries.length);
    const all = await control('messages?limit=1&offset=999999');
    expect(all.body.offset).toBe(mock.world.messages.size - 1);
  });

  it('GET /__mock/campaigns: the public Campaign shape', async () => {
    const answer = await control(`campaigns?q=${q('status:completed natal')}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 1, offset: 0 });
    expect(answer.body.entries[0]).toMatchObject({ id: campaignId, status: 'COMPLETED' });
  });

  it('refuses bad words and unknown parameters in the envelope', async () => {
    const bad = await control(`messages?q=${q('staus:failed')}`);
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', status: 422 });
    expect(bad.body.fields.q).toContain(
      'The messages filters are status: channel: env: org: campaign: error: to: before: after: is:.',
    );
    expect(bad.body).toHaveProperty('timestamp');
    expect(bad.body).toHaveProperty('service');
    const unknown = await control('campaigns?status=failed');
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.fields)).toEqual(['status']);
    const limit = await control('messages?limit=1000');
    expect(Object.keys(limit.body.fields)).toEqual(['limit']);
  });
});
