/**
 * The outbox and the badges over HTTP, without a browser (issue 25 item 6): the control API's
 * "redeliver all failed" (D164) under concurrent clicks and bad input, the inspector's failed-only
 * page with links and latency, each attempt's answer (D163), the channel/environment/opt-out
 * badges (D165), and a state file that keeps what attempts record.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockService, type MockService } from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { readStateFile, writeStateFile } from '../src/state/state-file';

let mock: MockService;
let server: MockServer;
let origin: string;
let liveKey: string;
let organizationId: string;
let receiver: Server;
let receiverUrl: string;
let received = 0;
/** While set, the receiver holds its answers: the attempts are still running. */
let held: (() => void)[] | undefined;

beforeAll(async () => {
  // A receiver that is down: every attempt gets a 503 with a body saying why.
  receiver = createHttpServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      const answer = () =>
        response.writeHead(503, { 'content-type': 'text/plain' }).end('maintenance <b>window</b>');
      if (held === undefined) answer();
      else held.push(answer);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  mock = createMockService({ rateLimits: false });
  const demo = mock.seedDemo();
  liveKey = demo.liveKey;
  organizationId = demo.organization.id;
  server = createMockServer({ mock });
  ({ origin } = await server.listen(0, '127.0.0.1'));
});

afterAll(async () => {
  await server.close();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function call(method: string, url: string, body?: unknown, headers = {}) {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}
const control = (method: string, path: string, body?: unknown) =>
  call(method, `${origin}/__mock${path}`, body);
const inspector = (path: string) => call('GET', `${origin}/__mock/inspector/api/${path}`);
const api = (method: string, path: string, body?: unknown) =>
  call(method, `${origin}/c/v1${path}`, body, { 'x-api-key': liveKey });

describe('the outbox over HTTP', () => {
  let messageId: string;
  let failedIds: string[];

  beforeAll(async () => {
    const endpoint = await control('POST', `/organizations/${organizationId}/webhook-endpoints`, {
      url: receiverUrl,
      events: ['message.status_updated'],
    });
    expect(endpoint.status).toBe(201);
    const sent = await api('POST', '/messages', { to: '+244923000001', body: 'Olá' });
    expect(sent.status).toBe(201);
    messageId = sent.body.id;
    await control('POST', '/clock/run-until-idle');
    await mock.clock.settle();
    const failed = await control('GET', '/webhooks/outbox?state=failed');
    failedIds = failed.body.entries.map((d: { id: string }) => d.id);
    expect(failedIds.length).toBeGreaterThan(0);
  });

  it('shows the failed only, each linked to its message, with latency and the answer', async () => {
    const page = await inspector('deliveries?state=failed');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(failedIds.length);
    expect(page.body.failed).toBe(failedIds.length);
    for (const row of page.body.entries) {
      expect(row).toMatchObject({ state: 'failed', message_id: messageId, phone: '+244923000001' });
      expect(row.last_duration_ms).toBeGreaterThanOrEqual(0);
    }
    const detail = await inspector(`deliveries/${failedIds[0]}`);
    expect(detail.body.message_id).toBe(messageId);
    for (const attempt of detail.body.attempts) {
      expect(attempt.status).toBe(503);
      // The answer is kept as text; the page shows it as text (no HTML is ever parsed).
      expect(attempt.answer).toEqual({
        body: 'maintenance <b>window</b>',
        binary: false,
        truncated: false,
      });
      expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
    }
    // A page past the end is the last page, as on every other list.
    const past = await inspector('deliveries?state=failed&offset=9999&limit=1');
    expect(past.body.offset).toBe(failedIds.length - 1);
    expect(past.body.entries.map((d: { id: string }) => d.id)).toEqual([
      page.body.entries.at(-1).id,
    ]);
    // Another state filters too; an unknown one is refused in the envelope.
    expect((await inspector('deliveries?state=delivered')).body.total).toBe(0);
    const bad = await inspector('deliveries?state=broken');
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toHaveProperty('state');
  });

  it('redelivers every failed delivery once, however many clicks come while it runs', async () => {
    const before = received;
    const attempts = async () =>
      (await control('GET', '/webhooks/outbox')).body.entries
        .filter((d: { id: string }) => failedIds.includes(d.id))
        .map((d: { attempts: unknown[] }) => d.attempts.length) as number[];
    const attemptsBefore = await attempts();
    held = [];
    // Five clicks at once, and two more while the attempts are still awaiting the receiver.
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => control('POST', '/webhooks/outbox/redeliver-failed')),
    );
    await expect.poll(() => received - before).toBe(failedIds.length);
    clicks.push(await control('POST', '/webhooks/outbox/redeliver-failed'));
    clicks.push(await control('POST', '/webhooks/outbox/redeliver-failed'));
    expect(clicks.every((c) => c.status === 200)).toBe(true);
    const sent = clicks.flatMap((c) => c.body.redelivered as string[]);
    expect(sent.sort()).toEqual([...failedIds].sort());
    for (const answer of held) answer();
    held = undefined;
    await mock.clock.settle();
    expect(received - before).toBe(failedIds.length);
    expect(await attempts()).toEqual(attemptsBefore.map((n) => n + 1));
  });

  it('refuses bad input in the envelope, and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ limit: 0 }, 'limit'],
      [{ limit: 1001 }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ type: 'message.sent' }, 'type'],
      [{ endpoint_id: 'nope' }, 'endpoint_id'],
      ['{"__proto__":{"limit":1}}', '__proto__'],
    ];
    for (const [body, field] of cases) {
      const refused = await control('POST', '/webhooks/outbox/redeliver-failed', body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', status: 422 });
      expect(Object.keys(refused.body.fields)).toContain(field);
    }
    expect((await control('GET', '/webhooks/outbox?state=failed')).body.entries).toHaveLength(
      failedIds.length,
    );
  });

  it('keeps what attempts record in a state file, and loads files written before', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'msgsvc-outbox-'));
    try {
      const path = join(folder, 'state.json');
      const snapshot = mock.snapshot();
      writeStateFile(path, snapshot);
      const loaded = readStateFile(path)!;
      const attempt = loaded.webhooks.outbox.find((d) => d.id === failedIds[0])!.attempts[0]!;
      expect(attempt.answer?.body).toBe('maintenance <b>window</b>');
      expect(attempt.signedAt).toBeTypeOf('number');
      expect(attempt.durationMs).toBeTypeOf('number');
      // A file from before: attempts with only `at`, `status` and `error`.
      const old = {
        ...snapshot,
        webhooks: {
          ...snapshot.webhooks,
          outbox: snapshot.webhooks.outbox.map((d) => ({
            ...d,
            attempts: d.attempts.map(({ at, status, error }) => ({ at, status, error })),
          })),
        },
      };
      writeStateFile(path, old);
      expect(readStateFile(path)!.webhooks.outbox[0]!.attempts[0]).toEqual({
        at: snapshot.webhooks.outbox[0]!.attempts[0]!.at,
        status: 503,
        error: null,
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('badges', () => {
  it('names the channel, the environment and an opt-out by PARAR on messages and the phone', async () => {
    const whatsapp = await api('POST', '/messages', {
      to: '+244923000077',
      body: 'Pelo WhatsApp',
      channel_type: 'WHATSAPP',
    });
    expect(whatsapp.status).toBe(201);
    const row = async () =>
      (await inspector('messages?limit=200')).body.entries.find(
        (m: { id: string }) => m.id === whatsapp.body.id,
      );
    expect(await row()).toMatchObject({
      channel: 'WHATSAPP',
      environment: 'live',
      opted_out: false,
    });
    const reply = await control('POST', '/inbound', {
      from: '+244923000077',
      to: 'MSGSVC',
      body: 'parar',
    });
    expect(reply.status).toBe(201);
    expect(await row()).toMatchObject({ opted_out: true });
    expect((await inspector(`messages/${whatsapp.body.id}`)).body).toMatchObject({
      channel: 'WHATSAPP',
      opted_out: true,
    });
    const phone = await inspector(`phones/${encodeURIComponent('+244923000077')}`);
    expect(phone.body.opted_out).toEqual([
      { organization_id: organizationId, organization: expect.any(String), environment: 'live' },
    ]);
    // START opts back in: the badge goes.
    await control('POST', '/inbound', { from: '+244923000077', to: 'MSGSVC', body: 'INICIAR' });
    expect(await row()).toMatchObject({ opted_out: false });
    expect(
      (await inspector(`phones/${encodeURIComponent('+244923000077')}`)).body.opted_out,
    ).toEqual([]);
  });
});
