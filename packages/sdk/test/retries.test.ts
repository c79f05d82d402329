import {
  AbortError,
  type ClientOptions,
  ConnectionError,
  MessagingClient,
  type RequestEvent,
  type RetryEvent,
  ServerError,
  TimeoutError,
} from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';
import { timedAgainstLoop } from './support/loop-delay';
import { envelope, jsonResponse, setup } from './support/mock';

const BASE_URL = 'http://127.0.0.1:4780/c/v1';
const KEY = 'svc_test_abcdefghijklmnop0123';
const PAGE = { total: 0, page: 1, size: 30, pages: 0, entries: [] };

/** A client over a scripted fetch; the sleep records and returns at once. */
function stubbed(
  script: (request: Request, call: number) => Response | Promise<Response>,
  options: ClientOptions = {},
) {
  const requests: Request[] = [];
  const sleeps: number[] = [];
  const client = new MessagingClient({
    apiKey: KEY,
    baseUrl: BASE_URL,
    fetch: async (request) => {
      requests.push(request);
      return script(request, requests.length);
    },
    sleep: async (ms, signal) => {
      sleeps.push(ms);
      if (signal?.aborted) throw signal.reason;
    },
    ...options,
  });
  return { client, requests, sleeps };
}

/** A fetch that never answers until its request is aborted. */
function hang(request: Request): Promise<Response> {
  return new Promise((_, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason));
  });
}

describe('retries', () => {
  it('retries a 503 and then succeeds, with backoff between 375 and 500 ms', async () => {
    const { client, requests, sleeps } = stubbed((_, call) =>
      call === 1 ? jsonResponse(503, envelope(503, 'UNAVAILABLE')) : jsonResponse(200, PAGE),
    );
    await expect(client.messages.list()).resolves.toEqual(PAGE);
    expect(requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(375);
    expect(sleeps[0]).toBeLessThanOrEqual(500);
  });

  it('backs off exponentially and gives up after maxRetries with the last error', async () => {
    const { client, requests, sleeps } = stubbed(() => jsonResponse(500, envelope(500, 'BOOM')), {
      maxRetries: 4,
    });
    const error = await client.messages.list().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServerError);
    expect(requests).toHaveLength(5);
    const bases = [500, 1000, 2000, 4000];
    sleeps.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(bases[i]! * 0.75);
      expect(ms).toBeLessThanOrEqual(bases[i]!);
    });
  });

  it('caps the backoff at 8 s', async () => {
    const { client, sleeps } = stubbed(() => jsonResponse(502, {}), { maxRetries: 7 });
    await client.messages.list().catch(() => undefined);
    expect(Math.max(...sleeps)).toBeLessThanOrEqual(8000);
    expect(sleeps.at(-1)).toBeGreaterThanOrEqual(6000);
  });

  it('honours retry-after-ms and an HTTP-date Retry-After', async () => {
    const now = Date.UTC(2026, 0, 1);
    const { client, sleeps } = stubbed(
      (_, call) =>
        call === 1
          ? jsonResponse(429, envelope(429, 'RATE_LIMIT_EXCEEDED'), { 'retry-after-ms': '1234' })
          : call === 2
            ? jsonResponse(503, {}, { 'retry-after': new Date(now + 3000).toUTCString() })
            : jsonResponse(200, PAGE),
      { now: () => now },
    );
    await client.messages.list();
    expect(sleeps).toEqual([1234, 3000]);
  });

  it('does not wait for a Retry-After above maxRetryAfter: the error comes at once', async () => {
    const { client, requests, sleeps } = stubbed(() =>
      jsonResponse(429, envelope(429, 'RATE_LIMIT_EXCEEDED'), { 'retry-after': '3600' }),
    );
    const error = await client.messages.list().then(undefined, (e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryAfter: 3600 });
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('does not retry an answer marked X-Should-Retry: false, and keeps its message (D118)', async () => {
    const { client, requests, sleeps } = stubbed(() =>
      jsonResponse(
        500,
        { ...envelope(500, 'INTERNAL_SERVER_ERROR'), message: 'TypeError: x is undefined' },
        { 'x-should-retry': 'false' },
      ),
    );
    const error = await client.messages.list().then(undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).message).toContain('TypeError: x is undefined');
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('a 429 from the mock waits at least Retry-After before retrying', async () => {
    const { client, mock, sleeps } = setup();
    mock.control.configureRateLimits({ listMessages: 2 });
    await client.messages.list();
    await client.messages.list();
    const page = await client.messages.list();
    expect(page.total).toBe(0);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(60_000);
  });

  it('never retries a POST without an Idempotency-Key (raw client)', async () => {
    const { client, requests } = stubbed(() => jsonResponse(503, envelope(503, 'UNAVAILABLE')));
    const { error, response } = await client.raw.POST('/messages', {
      body: { to: '+244923000001', body: 'x' },
    });
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ code: 'UNAVAILABLE' });
    expect(requests).toHaveLength(1);

    const failing = stubbed(() => Promise.reject(new TypeError('fetch failed')));
    await expect(
      failing.client.raw.POST('/messages', { body: { to: '+244923000001', body: 'x' } }),
    ).rejects.toBeInstanceOf(ConnectionError);
    expect(failing.requests).toHaveLength(1);
  });

  it('retries a raw POST that carries an Idempotency-Key', async () => {
    const { client, requests } = stubbed((_, call) =>
      call === 1 ? jsonResponse(500, {}) : jsonResponse(201, { id: 'x' }),
    );
    const { data } = await client.raw.POST('/messages', {
      params: { header: { 'Idempotency-Key': 'raw-1' } },
      body: { to: '+244923000001', body: 'x' },
    });
    expect(data).toEqual({ id: 'x' });
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['raw-1', 'raw-1']);
  });

  it('sends the same key and body on every attempt of a send', async () => {
    const bodies: string[] = [];
    const { client, requests } = stubbed(async (request, call) => {
      bodies.push(await request.text());
      return call < 3 ? jsonResponse(503, {}) : jsonResponse(201, { id: 'm' });
    });
    const { idempotencyKey } = await client.messages
      .send({ to: '+244923000001', body: 'Olá' })
      .withResponse();
    const keys = requests.map((r) => r.headers.get('idempotency-key'));
    expect(keys).toEqual([idempotencyKey, idempotencyKey, idempotencyKey]);
    expect(new Set(bodies)).toEqual(new Set(['{"to":"+244923000001","body":"Olá"}']));
  });

  it('a lost response on send is retried with the same key: the mock creates one message', async () => {
    const { client, mock, demo } = setup();
    let lost = 0;
    const lossy = new MessagingClient({
      apiKey: demo.liveKey,
      baseUrl: mock.baseUrl,
      fetch: async (request) => {
        const response = await mock.fetch(request);
        if (request.method === 'POST' && lost++ === 0) throw new TypeError('fetch failed');
        return response;
      },
      sleep: async () => {},
    });
    const { data, idempotencyKey } = await lossy.messages
      .send({ to: '+244923000777', body: 'Só uma vez' })
      .withResponse();
    expect(lost).toBe(2);
    expect(mock.control.messagesTo('+244923000777')).toHaveLength(1);
    expect(mock.control.messagesTo('+244923000777')[0]?.id).toBe(data.id);
    expect((await client.messages.list()).total).toBe(1);
    expect(idempotencyKey).toBeDefined();
  });

  it('reports a ConnectionError with the key after the retries', async () => {
    const { client, requests } = stubbed(() => Promise.reject(new TypeError('fetch failed')));
    const error = await client.messages
      .send({ to: '+244923000001', body: 'x' }, { idempotencyKey: 'conn-1' })
      .then(undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: 'CONNECTION_ERROR', idempotencyKey: 'conn-1' });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expect(requests).toHaveLength(3);
  });

  it('per-request maxRetries overrides the client', async () => {
    const { client, requests } = stubbed(() => jsonResponse(503, {}));
    await client.messages.list({}, { maxRetries: 0 }).then(undefined, () => undefined);
    expect(requests).toHaveLength(1);
  });
});

describe('timeouts and cancellation', () => {
  it('times an attempt out, retries, then throws TimeoutError', async () => {
    const { client, requests } = stubbed(hang, { timeout: 20, maxRetries: 1 });
    const error = await client.messages.list().then(undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'TIMEOUT' });
    expect(requests).toHaveLength(2);
  });

  it('stops at totalTimeout, attempts and waits included', async () => {
    const { client, requests } = stubbed(hang, { timeout: 10_000, totalTimeout: 30 });
    const { ms, heldMs, error } = await timedAgainstLoop(client.messages.list());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(requests).toHaveLength(1);
    // Long before the 10 s attempt timeout, however late a starved event loop ran the timers.
    expect(ms).toBeLessThan(5000 + heldMs);
  });

  it('does not start a wait that would end past totalTimeout', async () => {
    const { client, requests } = stubbed(() => jsonResponse(503, {}, { 'retry-after': '5' }), {
      totalTimeout: 4000,
      now: () => 0,
    });
    const error = await client.messages.list().then(undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(requests).toHaveLength(1);
  });

  it('aborts an attempt in flight with AbortError, never retried', async () => {
    const controller = new AbortController();
    const { client, requests } = stubbed((request) => {
      setTimeout(() => controller.abort(new Error('user gave up')), 5);
      return hang(request);
    });
    const error = await client.messages
      .list({}, { signal: controller.signal })
      .then(undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toEqual(new Error('user gave up'));
    expect(requests).toHaveLength(1);
  });

  it('does not send with an aborted signal', async () => {
    const { client, requests } = stubbed(() => jsonResponse(200, PAGE));
    const error = await client.messages
      .retrieve('0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3', { signal: AbortSignal.abort() })
      .then(undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(requests).toHaveLength(0);
  });

  it('aborts during the backoff wait', async () => {
    const controller = new AbortController();
    const { client, requests } = stubbed(() => jsonResponse(503, {}), {
      sleep: async (_, signal) => {
        controller.abort();
        if (signal?.aborted) throw signal.reason;
      },
    });
    const error = await client.messages
      .send({ to: '+244923000001', body: 'x' }, { signal: controller.signal })
      .then(undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).idempotencyKey).toBeDefined();
    expect(requests).toHaveLength(1);
  });

  it('the default sleep is cancellable', async () => {
    const { client } = stubbed(() => jsonResponse(503, {}), { sleep: undefined });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const { ms, heldMs, error } = await timedAgainstLoop(
      client.messages.list({}, { signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(AbortError);
    // Before the 375–500 ms backoff ends, however late a starved event loop ran the timers.
    expect(ms).toBeLessThan(300 + heldMs);
  });
});

describe('hooks', () => {
  it('report requests, responses and retries, never the API key', async () => {
    const requests: RequestEvent[] = [];
    const retries: RetryEvent[] = [];
    const statuses: number[] = [];
    const { client } = stubbed(
      (_, call) =>
        call === 1
          ? jsonResponse(503, envelope(503, 'UNAVAILABLE'), { 'x-trace-id': 'trace-1' })
          : jsonResponse(201, { id: 'm' }, { 'x-trace-id': 'trace-2' }),
      {
        onRequest: (event) => requests.push(event),
        onResponse: (event) => statuses.push(event.status),
        onRetry: (event) => retries.push(event),
      },
    );
    await client.messages.send({ to: '+244923000001', body: 'x' }, { idempotencyKey: 'hook-1' });
    expect(statuses).toEqual([503, 201]);
    expect(requests.map((event) => event.attempt)).toEqual([1, 2]);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: `${BASE_URL}/messages`,
      idempotencyKey: 'hook-1',
    });
    expect(requests[0]?.headers['x-api-key']).toBe('svc_test_abcd…');
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({
      attempt: 1,
      status: 503,
      traceId: 'trace-1',
      idempotencyKey: 'hook-1',
    });
    expect(JSON.stringify([requests, retries])).not.toContain(KEY);
  });
});
