/**
 * The inspector's data over HTTP, without a browser: every list read from the world (no phone or
 * message lost however much traffic pushed it out of view), the one search (partial number, text,
 * ids, campaign names, trace ids), paging and its errors, the request log in world time with keys
 * cut to their prefix everywhere, "redeliver now", and the live feed that is silent while nothing
 * happens.
 */
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockService, type MockService } from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { RequestLog } from '../src/worlds/request-log';

let mock: MockService;
let server: MockServer;
let origin: string;
let liveKey: string;
let senderId: string;
let organizationId: string;

beforeAll(async () => {
  const requestLog = new RequestLog();
  mock = createMockService({ rateLimits: false, observe: (q, r) => requestLog.record(q, r) });
  const demo = mock.seedDemo();
  liveKey = demo.liveKey;
  senderId = demo.sender.id;
  organizationId = demo.organization.id;
  server = createMockServer({ mock, requestLog });
  ({ origin } = await server.listen(0, '127.0.0.1'));
});

afterAll(() => server.close());

async function get(path: string) {
  const response = await fetch(`${origin}/__mock/inspector/api/${path}`);
  return { status: response.status, body: await response.json() };
}

async function api(method: string, path: string, body?: unknown, query = '') {
  const response = await fetch(`${origin}/c/v1${path}${query}`, {
    method,
    headers: { 'x-api-key': liveKey, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${origin}/__mock${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

describe('inspector data', () => {
  let firstId: string;

  it('keeps a phone findable, with its outbound message and the reply, after a 1,500-recipient campaign', async () => {
    const sent = await api('POST', '/messages', { to: '+244923456789', body: 'Seu código: 1234' });
    firstId = sent.body.id;
    await control('POST', '/clock/run-until-idle');
    await control('POST', '/inbound', { from: '+244923456789', to: 'MSGSVC', body: 'Recebido' });
    const recipients = Array.from(
      { length: 1_500 },
      (_, i) => `+244923${String(1_000_000 + i).slice(1)}`,
    );
    // Two batches (the API takes at most 1,000 recipients per batch).
    for (const [name, slice] of [
      ['Grande campanha', recipients.slice(0, 1_000)],
      ['Segunda', recipients.slice(1_000)],
    ] as const) {
      const campaign = await api('POST', '/campaigns/batch', {
        remitter_id: senderId,
        channel_type: 'SMS',
        name,
        content: 'Promoção',
        recipients: slice,
      });
      expect(campaign.status).toBe(202);
    }
    await control('POST', '/clock/run-until-idle');

    const phones = await get('phones?q=456789');
    expect(phones.body.entries.map((p: { number: string }) => p.number)).toEqual(['+244923456789']);
    const thread = await get(`phones/${encodeURIComponent('+244923456789')}`);
    expect(
      thread.body.thread.map((t: { direction: string; content: string }) => [
        t.direction,
        t.content,
      ]),
    ).toEqual([
      ['outbound', 'Seu código: 1234'],
      ['inbound', 'Recebido'],
    ]);
    expect(thread.body.thread[0].status).toBe('DELIVERED');
    const all = await get('phones?limit=1');
    expect(all.body.total).toBe(1_501);
  });

  it('lists every message newest first, paged', async () => {
    const first = await get('messages?limit=2');
    expect(first.body.total).toBe(1_501);
    expect(first.body.entries).toHaveLength(2);
    const last = await get('messages?offset=1500&limit=50');
    expect(last.body.entries.map((m: { id: string }) => m.id)).toEqual([firstId]);
    const page2 = await get('messages?offset=1&limit=1');
    expect(page2.body.entries[0].id).toBe(first.body.entries[1].id);
  });

  it('finds messages by partial number, text, id and campaign; campaigns by name; requests by trace id', async () => {
    const byDigits = await get(`search?q=${encodeURIComponent('923 456')}`);
    expect(byDigits.body.messages.entries.map((m: { id: string }) => m.id)).toEqual([firstId]);
    expect(byDigits.body.phones.total).toBe(1);

    const byText = await get('search?q=SEU%20C%C3%93DIGO');
    expect(byText.body.messages.total).toBe(1);

    const byId = await get(`messages?q=${firstId}`);
    expect(byId.body.entries.map((m: { id: string }) => m.id)).toEqual([firstId]);

    const byName = await get('search?q=grande');
    expect(byName.body.campaigns.total).toBe(1);
    const campaignId = byName.body.campaigns.entries[0].id;
    const ofCampaign = await get(`messages?q=${campaignId}&limit=1`);
    expect(ofCampaign.body.total).toBe(1_000);
    // A quoted phrase is read as the filter language reads it, for every kind of record.
    const phrase = await get(`search?q=${encodeURIComponent('"grande"')}`);
    expect(phrase.body.campaigns.total).toBe(1);
    expect((await get(`search?q=${encodeURIComponent('"Recebido"')}`)).body.replies.total).toBe(1);

    const sent = await fetch(`${origin}/c/v1/messages/${firstId}`, {
      headers: { 'x-api-key': liveKey },
    });
    const traceId = sent.headers.get('x-trace-id')!;
    const byTrace = await get(`search?q=${traceId}`);
    expect(byTrace.body.requests.entries.map((r: { trace_id: string }) => r.trace_id)).toEqual([
      traceId,
    ]);

    const nothing = await get('search?q=zzzz-nothing');
    expect([
      nothing.body.messages.total,
      nothing.body.campaigns.total,
      nothing.body.phones.total,
    ]).toEqual([0, 0, 0]);
  });

  it('shows a campaign with per-state counts and its messages, and a message with cost, segments and its API shape', async () => {
    const found = await get('campaigns?q=grande');
    const view = await get(`campaigns/${found.body.entries[0].id}?limit=5`);
    expect(view.body.counts).toEqual({ DELIVERED: expect.any(Number), ...view.body.counts });
    const counted = Object.values(view.body.counts as Record<string, number>).reduce(
      (a, b) => a + b,
      0,
    );
    expect(counted).toBe(1_000);
    expect(view.body.messages.total).toBe(1_000);
    expect(view.body.messages.entries).toHaveLength(5);
    expect(view.body.history.map((s: { status: string }) => s.status)).toContain('COMPLETED');

    const message = await get(`messages/${firstId}`);
    const retrieved = await api('GET', `/messages/${firstId}`);
    expect(message.body.message).toEqual(retrieved.body);
    expect(message.body.segments).toBe(1);
    expect(message.body.cost).toBe('4.000000');
    expect(message.body.history.map((s: { status: string }) => s.status).slice(0, 2)).toEqual([
      'PENDING',
      'SENT',
    ]);
    expect(message.body.replies.map((r: { content: string }) => r.content)).toEqual(['Recebido']);
  });

  it('answers bad paging and unknown records in the error envelope', async () => {
    const bad = await get('messages?limit=0&offset=-1');
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(bad.body.fields).sort()).toEqual(['limit', 'offset']);
    const unknown = await get('messages?__proto__=1');
    expect(unknown.status).toBe(422);
    for (const path of ['messages/nope', 'campaigns/nope', 'requests/999999', 'deliveries/nope']) {
      const missing = await get(path);
      expect([path, missing.status, missing.body.code]).toEqual([path, 404, 'NOT_FOUND']);
    }
  });

  it('logs requests in world time, with both bodies and every key cut to its prefix', async () => {
    await control('POST', '/clock/advance', { ms: 3_600_000 });
    const sent = await api(
      'POST',
      '/messages',
      { to: '+244923000777', body: `key ${liveKey}` },
      `?api_key=${liveKey}`,
    );
    expect(sent.status).toBe(201);
    const list = await get('requests?limit=1');
    const entry = list.body.entries[0];
    expect(entry.world_at).toBe(sent.body.created_at);
    // Virtual time is an hour and more past the wall clock's now: both are kept, and differ.
    expect(Math.abs(Date.parse(entry.world_at) - Date.parse(entry.at))).toBeGreaterThan(1_000);
    const detail = await get(`requests/${entry.seq}`);
    const text = JSON.stringify(detail.body);
    expect(text).not.toContain(liveKey);
    expect(detail.body.query).toBe('api_key=svc_live_demo…');
    expect(detail.body.request_headers['x-api-key']).toBe('svc_live_demo…');
    expect(JSON.parse(detail.body.request_body)).toEqual({
      to: '+244923000777',
      body: 'key svc_live_demo…',
    });
    expect(JSON.parse(detail.body.response_body).id).toBe(sent.body.id);
    expect(detail.body.response_headers['x-trace-id']).toBe(entry.trace_id);
  });

  it('shows a webhook delivery with its payload, signed headers and attempts, and redelivers it', async () => {
    let answered = 0;
    const sent: Record<string, string | string[] | undefined>[] = [];
    const hooks = createHttpServer((req, res) => {
      req.resume();
      answered++;
      sent.push(req.headers);
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`;
      await control('POST', `/organizations/${organizationId}/webhook-endpoints`, { url });
      await control('POST', '/inbound', { from: '+244923456789', to: 'MSGSVC', body: 'Outra vez' });
      await control('POST', '/clock/run-until-idle');
      const list = await get('deliveries');
      const row = list.body.entries.find((d: { type: string }) => d.type === 'message.received');
      expect([row.type, row.state, row.last_status]).toEqual([
        'message.received',
        'delivered',
        204,
      ]);
      const detail = await get(`deliveries/${row.id}`);
      expect(JSON.parse(detail.body.payload).data.body).toBe('Outra vez');
      const headers = detail.body.attempts[0].headers;
      expect(headers['webhook-id']).toBe(row.id);
      expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
      // The headers that went out, wall-clock timestamp included (D31), not re-signed for the
      // world's time (which is past the wall clock here).
      const received = sent.find((h) => h['webhook-id'] === row.id)!;
      expect(headers['webhook-timestamp']).toBe(received['webhook-timestamp']);
      expect(headers['webhook-signature']).toBe(received['webhook-signature']);
      expect(JSON.stringify(detail.body)).not.toMatch(/whsec_[A-Za-z0-9+/=]{8}/);

      const before = answered;
      const redelivered = await fetch(
        `${origin}/__mock/inspector/api/deliveries/${row.id}/redeliver`,
        { method: 'POST' },
      );
      expect(redelivered.status).toBe(202);
      await control('POST', '/clock/run-until-idle');
      expect(answered).toBe(before + 1);
      expect((await get(`deliveries/${row.id}`)).body.attempts).toHaveLength(2);
    } finally {
      hooks.close();
    }
  });

  it('refuses to redeliver a delivery still on its way', async () => {
    await control('POST', '/inbound', { from: '+244923456789', to: 'MSGSVC', body: 'Em fila' });
    const row = (await get('deliveries?limit=1')).body.entries[0];
    expect(['scheduled', 'in_flight']).toContain(row.state);
    const refused = await fetch(`${origin}/__mock/inspector/api/deliveries/${row.id}/redeliver`, {
      method: 'POST',
    });
    expect(refused.status).toBe(422);
    // The endpoint is gone (the previous test closed it): the attempt fails and waits to retry.
    expect((await refused.json()).fields.delivery_id).toMatch(
      /this one is (scheduled|in_flight)\.$/,
    );
    await control('POST', '/clock/run-until-idle');
  });
});

describe('inspector live feed', () => {
  it('sends a change event when something happens and nothing while idle', async () => {
    const controller = new AbortController();
    const response = await fetch(`${origin}/__mock/inspector/api/events`, {
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const events: string[] = [];
    const reading = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          events.push(...value.split('\n\n').filter((chunk) => chunk.includes('event: change')));
        }
      } catch {
        // aborted
      }
    })();
    await expect.poll(() => events.length).toBe(1); // the current state, on connect
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(events).toHaveLength(1); // idle: nothing more
    await api('POST', '/messages', { to: '+244923000888', body: 'Olá' });
    await expect.poll(() => events.length).toBe(2);
    await control('POST', '/clock/advance', { ms: 1_000 });
    await expect.poll(() => events.length).toBe(3);
    controller.abort();
    await reading;
  });
});
