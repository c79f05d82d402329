/**
 * The request journal over HTTP (issue 25 item 5): filters by status class and operation (and
 * their errors in the envelope), the search over request bodies (a message's words find the
 * request that sent it, accents aside; secrets are not searchable), near-miss hints on 4xx rows
 * and details, and links both ways between a request and the record it created, idempotent
 * replays included.
 */
import { createMockService, type MockService } from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { RequestLog } from '../src/worlds/request-log';

let mock: MockService;
let server: MockServer;
let origin: string;
let liveKey: string;
let senderId: string;
let webhookSecret: string;

beforeAll(async () => {
  const requestLog = new RequestLog();
  mock = createMockService({ rateLimits: false, observe: (q, r) => requestLog.record(q, r) });
  const demo = mock.seedDemo();
  liveKey = demo.liveKey;
  senderId = demo.sender.id;
  webhookSecret = demo.webhookSecret;
  server = createMockServer({ mock, requestLog });
  ({ origin } = await server.listen(0, '127.0.0.1'));
});

afterAll(() => server.close());

async function get(path: string) {
  const response = await fetch(`${origin}/__mock/inspector/api/${path}`);
  return { status: response.status, body: await response.json() };
}

async function api(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${origin}/c/v1${path}`, {
    method,
    headers: { 'x-api-key': liveKey, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

describe('request journal', () => {
  let messageId: string;
  let campaignId: string;

  beforeAll(async () => {
    const sent = await api(
      'POST',
      '/messages',
      { to: '+244923456789', body: 'Seu crédito foi renovado' },
      { 'idempotency-key': 'order-77' },
    );
    messageId = sent.body.id;
    // The same key and body again: a replay naming the same message.
    const replay = await api(
      'POST',
      '/messages',
      { to: '+244923456789', body: 'Seu crédito foi renovado' },
      { 'idempotency-key': 'order-77' },
    );
    expect(replay.body.id).toBe(messageId);
    const batch = await api('POST', '/campaigns/batch', {
      remitter_id: senderId,
      channel_type: 'SMS',
      content: 'Promoção de Natal',
      recipients: ['+244923000001', '+244923000002'],
    });
    campaignId = batch.body.campaign_id;
    await api('POST', '/messages', { to: '+244923456789', bdoy: 'typo' });
    await api('GET', '/mesages');
    await api('GET', '/messages?stauts=FAILED');
    await fetch(`${origin}/c/v1/messages`, { method: 'PUT' });
  });

  it('filters by status class and by operation, and pages the filtered list', async () => {
    const errors = await get('requests?class=4xx');
    expect(errors.status).toBe(200);
    expect(errors.body.total).toBe(4);
    expect(
      errors.body.entries.every((r: { status: number }) => r.status >= 400 && r.status < 500),
    ).toBe(true);
    const sends = await get('requests?op=sendMessage');
    expect(sends.body.total).toBe(3);
    expect(
      sends.body.entries.every((r: { operation: string }) => r.operation === 'sendMessage'),
    ).toBe(true);
    const both = await get('requests?op=sendMessage&class=2xx');
    expect(both.body.total).toBe(2);
    const none = await get('requests?op=none');
    expect(none.body.entries.map((r: { path: string }) => r.path).sort()).toEqual([
      '/c/v1/mesages',
      '/c/v1/messages',
    ]);
    expect(sends.body.operations).toContain('sendBatchCampaign');
    const paged = await get('requests?class=4xx&limit=1&offset=1');
    expect(paged.body.total).toBe(4);
    expect(paged.body.entries).toHaveLength(1);
    expect(paged.body.entries[0].seq).toBe(errors.body.entries[1].seq);
  });

  it('refuses a filter it does not know, in the envelope', async () => {
    const badClass = await get('requests?class=6xx');
    expect(badClass.status).toBe(422);
    expect(badClass.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { class: expect.any(String) },
    });
    const badOp = await get('requests?op=sendMesage');
    expect(badOp.status).toBe(422);
    expect(badOp.body.fields.op).toContain('sendMessage');
    const proto = await get('requests?__proto__=1');
    expect(proto.status).toBe(422);
    expect(proto.body.code).toBe('VALIDATION_ERROR');
  });

  it('shows the first near-miss hint on each 4xx row, and every hint in the detail', async () => {
    const { body } = await get('requests?class=4xx');
    const byPath = Object.fromEntries(
      body.entries.map((r: { method: string; path: string; query: string; hint: string }) => [
        `${r.method} ${r.path}${r.query === '' ? '' : `?${r.query}`}`,
        r.hint,
      ]),
    );
    expect(byPath['GET /c/v1/mesages']).toContain('/c/v1/messages is one letter away');
    expect(byPath['GET /c/v1/messages?stauts=FAILED']).toContain('did you mean "status"');
    expect(byPath['POST /c/v1/messages']).toContain('did you mean "body"');
    expect(byPath['PUT /c/v1/messages']).toContain('POST (sendMessage)');
    const typo = body.entries.find(
      (r: { path: string; method: string; status: number }) => r.method === 'POST',
    );
    const detail = await get(`requests/${typo.seq}`);
    expect(detail.body).toMatchObject({
      operation: 'sendMessage',
      created: null,
      hints: [{ kind: 'field', message: expect.stringContaining('"bdoy"'), record: null }],
    });
    // Rows that went well have no hint.
    const ok = await get('requests?class=2xx');
    expect(ok.body.entries.every((r: { hint: unknown }) => r.hint === null)).toBe(true);
  });

  it('links a request to what it created, and a message and a campaign back to their requests', async () => {
    const { body } = await get('requests?op=sendMessage&class=2xx');
    expect(body.entries.map((r: { created: unknown }) => r.created)).toEqual([
      { kind: 'message', id: messageId, replayed: true },
      { kind: 'message', id: messageId, replayed: false },
    ]);
    const message = await get(`messages/${messageId}`);
    expect(
      message.body.requests.map((r: { seq: number; replayed: boolean }) => r.replayed),
    ).toEqual([true, false]);
    expect(message.body.requests.map((r: { seq: number }) => r.seq)).toEqual(
      body.entries.map((r: { seq: number }) => r.seq),
    );
    const campaign = await get(`campaigns/${campaignId}`);
    expect(campaign.body.requests).toHaveLength(1);
    const batchSeq = campaign.body.requests[0].seq;
    expect((await get(`requests/${batchSeq}`)).body.created).toEqual({
      kind: 'campaign',
      id: campaignId,
      replayed: false,
    });
    // A message of the campaign (made once the campaign runs) links the batch request.
    await fetch(`${origin}/__mock/clock/run-until-idle`, { method: 'POST' });
    const run = await get(`campaigns/${campaignId}`);
    expect(run.body.messages.total).toBe(2);
    const ofCampaign = run.body.messages.entries[0].id;
    const member = await get(`messages/${ofCampaign}`);
    expect(member.body.requests.map((r: { seq: number }) => r.seq)).toEqual([batchSeq]);
  });

  it('finds a request by the words of the message it sent, accents and case aside', async () => {
    for (const q of ['crédito foi', 'CREDITO FOI', 'natal']) {
      const found = await get(`requests?q=${encodeURIComponent(q)}`);
      expect(found.body.total, q).toBeGreaterThan(0);
    }
    const search = await get(`search?q=${encodeURIComponent('credito foi renovado')}`);
    expect(search.body.requests.total).toBe(2);
    // The created id finds its request; a list response quoting the text does not count.
    await api('GET', '/messages');
    const byId = await get(`requests?q=${messageId}`);
    expect(byId.body.entries.map((r: { method: string }) => r.method)).toEqual(['POST', 'POST']);
    // Combined with a filter.
    expect((await get('requests?q=natal&class=4xx')).body.total).toBe(0);
  });

  it('keeps secrets out of the searchable text', async () => {
    await api('POST', '/messages', { to: '+244923456789', body: `secret ${webhookSecret}` });
    expect((await get(`requests?q=${encodeURIComponent(webhookSecret)}`)).body.total).toBe(0);
    expect((await get(`requests?q=${encodeURIComponent(liveKey)}`)).body.total).toBe(0);
    expect((await get(`requests?q=${encodeURIComponent(liveKey.slice(9))}`)).body.total).toBe(0);
  });
});
