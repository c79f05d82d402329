// Webhook redirects are never followed (D30): a receiver answering 301/302/307/308 gets no GET
// follow-up and the host its `Location` names gets nothing; the outbox records a failed attempt with
// the status and the Location, retried on the schedule like any failure. Real sockets, real fetch.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_SCHEDULE_MS } from '../../src/index';
import { createMockService } from '../support/mock';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly signed: boolean;
}

/** A local HTTP server that records every request and answers with `answer(request)`. */
async function receiver(answer: (request: IncomingMessage) => [number, Record<string, string>]) {
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        signed: typeof request.headers['webhook-signature'] === 'string',
      });
      const [status, headers] = answer(request);
      response.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    seen,
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let elsewhere: Awaited<ReturnType<typeof receiver>>;
let redirecting: Awaited<ReturnType<typeof receiver>>;

beforeAll(async () => {
  // The host `Location` names: "another host" by port, so nothing leaves this machine.
  elsewhere = await receiver(() => [204, {}]);
  redirecting = await receiver((request) => {
    const status = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('status'));
    return [status, { location: `${elsewhere.origin}/stolen?from=${status}` }];
  });
});

afterAll(async () => {
  await Promise.all([elsewhere?.close(), redirecting?.close()]);
});

describe('a webhook endpoint that answers a redirect', () => {
  it.each([301, 302, 307, 308])('%i: a failed attempt, retried, never followed', async (status) => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    const before = redirecting.seen.length;
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      url: `${redirecting.origin}/hooks?status=${status}`,
    });
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'hi' });
    await mock.clock.settle();

    const [delivery] = mock.control.outbox();
    expect(delivery?.state).toBe('failed');
    expect(delivery?.attempts).toHaveLength(RETRY_SCHEDULE_MS.length);
    for (const attempt of delivery!.attempts) {
      expect(attempt).toMatchObject({
        status,
        error: null,
        location: `${elsewhere.origin}/stolen?from=${status}`,
      });
    }
    // Every request the receiver saw is one signed POST per attempt: no GET follow-up.
    const mine = redirecting.seen.slice(before);
    expect(mine).toHaveLength(RETRY_SCHEDULE_MS.length);
    expect(mine.every((r) => r.method === 'POST' && r.signed)).toBe(true);
    expect(elsewhere.seen.filter((r) => r.url.endsWith(`from=${status}`))).toEqual([]);
  });

  it('keeps at most 2048 characters of a Location', async () => {
    const long = await receiver(() => [
      302,
      { location: `${elsewhere.origin}/${'a'.repeat(5000)}` },
    ]);
    try {
      const mock = createMockService();
      const demo = mock.seedDemo();
      mock.control.addWebhookEndpoint({ organization_id: demo.organization.id, url: long.origin });
      mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'hi' });
      await mock.clock.settle();
      const attempt = mock.control.outbox()[0]?.attempts[0];
      expect(attempt?.status).toBe(302);
      expect(attempt?.location).toHaveLength(2048);
      expect(elsewhere.seen.some((r) => r.url.startsWith('/aaa'))).toBe(false);
    } finally {
      await long.close();
    }
  });

  it('an ordinary 200 is still delivered, with no location', async () => {
    const ok = await receiver(() => [200, {}]);
    try {
      const mock = createMockService();
      const demo = mock.seedDemo();
      mock.control.addWebhookEndpoint({ organization_id: demo.organization.id, url: ok.origin });
      mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'hi' });
      await mock.clock.settle();
      const [delivery] = mock.control.outbox();
      expect(delivery?.state).toBe('delivered');
      expect(delivery?.attempts.map((a) => Object.keys(a).sort())).toEqual([
        ['at', 'error', 'status'],
      ]);
    } finally {
      await ok.close();
    }
  });

  it('a configured fetch is asked not to follow, and an opaque redirect is a failed attempt', async () => {
    const inits: RequestInit[] = [];
    // What a browser's fetch answers for `redirect: 'manual'`: status 0, no headers.
    const opaque = { type: 'opaqueredirect', status: 0, headers: new Headers(), body: null };
    const webhookFetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      inits.push(init ?? {});
      return opaque as unknown as Response;
    }) as typeof fetch;
    const mock = createMockService({ webhookFetch });
    const demo = mock.seedDemo();
    mock.control.addWebhookEndpoint({
      organization_id: demo.organization.id,
      url: 'https://hooks.example.com/msgsvc',
    });
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'hi' });
    await mock.clock.settle();
    expect(inits.every((init) => init.redirect === 'manual')).toBe(true);
    const [delivery] = mock.control.outbox();
    expect(delivery?.state).toBe('failed');
    expect(delivery?.attempts[0]).toEqual({
      at: expect.any(String),
      status: null,
      error: 'The endpoint answered a redirect, which is not followed.',
    });
  });
});
