/**
 * The transport's promise under network faults (issue 10): an attempt is the whole exchange, every
 * failure is typed and carries its key and attempt count, body-phase failures of keyed requests
 * are retried, no call outlives its deadline or its signal, and Retry-After is read strictly.
 */
import {
  AbortError,
  BadRequestError,
  type ClientOptions,
  ConnectionError,
  InvalidResponseError,
  MessagingClient,
  MessagingError,
  PayloadTooLargeError,
  RequestTimeoutError,
  ServerError,
  TimeoutError,
  UnsupportedMediaTypeError,
  WaitTimeoutError,
} from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';
import { cutBody, stalledBody } from './support/faulty-bodies';
import { timedAgainstLoop as timed } from './support/loop-delay';
import { envelope, jsonResponse, numbers, setup } from './support/mock';

const BASE_URL = 'http://127.0.0.1:4780/c/v1';
const KEY = 'svc_test_abcdefghijklmnop0123';
const SENT = { id: 'm1', status: 'PENDING' };

type Script = (
  request: Request,
  call: number,
  init: { signal: AbortSignal } | undefined,
) => Response | Promise<Response>;

function stubbed(script: Script, options: ClientOptions = {}) {
  const requests: Request[] = [];
  const sleeps: number[] = [];
  const client = new MessagingClient({
    apiKey: KEY,
    baseUrl: BASE_URL,
    fetch: async (request, init) => {
      requests.push(request);
      return script(request, requests.length, init);
    },
    sleep: async (ms, signal) => {
      sleeps.push(ms);
      if (signal?.aborted) throw signal.reason;
    },
    ...options,
  });
  return { client, requests, sleeps };
}

describe('an attempt is the whole exchange', () => {
  it('a body cut after the headers is a ConnectionError with the key, retried into the replay', async () => {
    const { client, requests } = stubbed((_, call) =>
      call === 1 ? cutBody(201, JSON.stringify(SENT)) : jsonResponse(201, SENT),
    );
    const { data, idempotencyKey } = await client.messages
      .send({ to: '+244923000001', body: 'x' })
      .withResponse();
    expect(data).toEqual(SENT);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.headers.get('idempotency-key')).toBe(idempotencyKey);
  });

  it('when every body is cut, the error is typed and carries the key and attempts', async () => {
    const { client, requests } = stubbed(() => cutBody(201, JSON.stringify(SENT)));
    const error = await client.messages
      .send({ to: '+244923000001', body: 'x' }, { idempotencyKey: 'cut-1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'CONNECTION_ERROR', idempotencyKey: 'cut-1', attempts: 3 });
    expect((error as Error).message).toMatch(/may have been executed/);
    expect(requests).toHaveLength(3);
  });

  it('an unkeyed POST through the raw client is never retried after a body cut', async () => {
    const { client, requests } = stubbed(() => cutBody(201, JSON.stringify(SENT)));
    const error = await client.raw
      .POST('/messages', { body: { to: '+244923000001', body: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ idempotencyKey: undefined, attempts: 1 });
    expect(requests).toHaveLength(1);
  });

  it('a stalled body ends at the attempt timeout, then the retry succeeds', async () => {
    const { client, requests } = stubbed(
      (_, call, init) => (call === 1 ? stalledBody(200, init?.signal) : jsonResponse(200, SENT)),
      { timeout: 50 },
    );
    const { ms, heldMs, value } = await timed(client.messages.retrieve('m1'));
    expect(value).toEqual(SENT);
    expect(requests).toHaveLength(2);
    // Ended by the 50 ms attempt timeout (the stalled body alone never ends); the bound grows with
    // the measured event-loop delay, so a starved machine cannot break it.
    expect(ms).toBeLessThan(1000 + heldMs);
  });

  it('a body that stalls and ignores every signal cannot outlive totalTimeout', async () => {
    const { client } = stubbed(() => stalledBody(201), {
      timeout: Number.POSITIVE_INFINITY,
      totalTimeout: 300,
    });
    const { ms, heldMs, error } = await timed(
      client.messages.send({ to: '+244923000001', body: 'x' }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'TIMEOUT', option: 'totalTimeout', attempts: 1 });
    expect((error as MessagingError).idempotencyKey).toEqual(expect.any(String));
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(300 + 150 + heldMs);
  });

  it('the reported case: timeout 100, totalTimeout 300, a signal at 500 — settled by 300 ms', async () => {
    const { client } = stubbed(() => stalledBody(201), { timeout: 100, totalTimeout: 300 });
    const controller = new AbortController();
    const abort = setTimeout(() => controller.abort(), 500);
    const { ms, heldMs, error } = await timed(
      client.messages.send({ to: '+244923000001', body: 'x' }, { signal: controller.signal }),
    );
    clearTimeout(abort);
    // totalTimeout, not the signal: were the abort first, this would be an AbortError.
    expect(error).toBeInstanceOf(TimeoutError);
    expect(ms).toBeLessThan(300 + 150 + heldMs);
  });

  it('a stalled body ends when the caller aborts, with an AbortError carrying the key', async () => {
    const { client } = stubbed(() => stalledBody(201), { timeout: Number.POSITIVE_INFINITY });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user gave up')), 60);
    const { ms, heldMs, error } = await timed(
      client.messages.send(
        { to: '+244923000001', body: 'x' },
        { signal: controller.signal, idempotencyKey: 'abort-1' },
      ),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ idempotencyKey: 'abort-1', attempts: 1 });
    expect(ms).toBeLessThan(60 + 150 + heldMs);
  });

  it('an abort during a retry wait ends the call even when the custom sleep ignores signals', async () => {
    const controller = new AbortController();
    const client = new MessagingClient({
      apiKey: KEY,
      baseUrl: BASE_URL,
      fetch: async () => jsonResponse(503, envelope(503, 'SERVICE_UNAVAILABLE')),
      // A deaf sleep: it waits its full time whatever the signal says.
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    });
    setTimeout(() => controller.abort(), 50);
    const { ms, heldMs, error } = await timed(
      client.messages.retrieve('m1', { signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(AbortError);
    // The deaf sleep waits 375–500 ms; the call ends at the abort.
    expect(ms).toBeLessThan(50 + 150 + heldMs);
  });

  it('headers that never come end at the attempt timeout even when fetch ignores its signal', async () => {
    const { client, requests } = stubbed(() => new Promise<Response>(() => {}), {
      timeout: 40,
      maxRetries: 1,
    });
    const { ms, heldMs, error } = await timed(client.messages.retrieve('m1'));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ option: 'timeout', attempts: 2 });
    expect(requests).toHaveLength(2);
    expect(ms).toBeLessThan(1000 + heldMs);
  });

  it('the body read is available again from the response that withResponse() gives', async () => {
    const { client } = stubbed(() => jsonResponse(201, SENT));
    const { response } = await client.messages
      .send({ to: '+244923000001', body: 'x' })
      .withResponse();
    // A platform response, unread (issue 23): read it once, or clone it to read it twice.
    await expect(response.clone().json()).resolves.toEqual(SENT);
    await expect(response.text()).resolves.toBe(JSON.stringify(SENT));
  });
});

describe('a success whose body is not JSON', () => {
  const html = '<html><body>Gateway says hello</body></html>';
  const page = () =>
    new Response(html, {
      status: 200,
      headers: { 'content-type': 'text/html', 'x-trace-id': 't-1' },
    });

  it('is an InvalidResponseError with status, trace id and the first bytes', async () => {
    const { client, requests } = stubbed(page, { maxRetries: 0 });
    const error = await client.messages.retrieve('m1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toBeInstanceOf(MessagingError);
    expect(error).toMatchObject({
      code: 'INVALID_RESPONSE',
      status: 200,
      traceId: 't-1',
      bodyPreview: html,
      attempts: 1,
    });
    expect(requests).toHaveLength(1);
  });

  it('is retried for a keyed send, and the replay is the answer', async () => {
    const { client, requests } = stubbed((_, call) =>
      call === 1 ? page() : jsonResponse(201, SENT),
    );
    await expect(client.messages.send({ to: '+244923000001', body: 'x' })).resolves.toEqual(SENT);
    expect(requests).toHaveLength(2);
  });
});

describe('Retry-After hygiene', () => {
  it.each(['-1', '', 'soon', '1.5e3', 'Thu, 32 Nov 2026 99:00:00 GMT'])(
    '%j falls back to the backoff',
    async (value) => {
      const { client, sleeps } = stubbed((_, call) =>
        call === 1
          ? jsonResponse(503, envelope(503, 'SERVICE_UNAVAILABLE'), { 'retry-after': value })
          : jsonResponse(200, SENT),
      );
      await client.messages.retrieve('m1');
      expect(sleeps).toHaveLength(1);
      expect(sleeps[0]).toBeGreaterThanOrEqual(375);
      expect(sleeps[0]).toBeLessThanOrEqual(500);
    },
  );

  it('an HTTP date is honoured', async () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    const { client, sleeps } = stubbed(
      (_, call) =>
        call === 1
          ? jsonResponse(429, envelope(429, 'RATE_LIMIT_EXCEEDED'), {
              'retry-after': 'Sun, 22 Nov 2026 10:00:07 GMT',
            })
          : jsonResponse(200, SENT),
      { now: () => now },
    );
    await client.messages.retrieve('m1');
    expect(sleeps).toEqual([7000]);
  });

  it('maxRetryAfter limits what the server asks for, never the client’s own backoff', async () => {
    const { client, sleeps, requests } = stubbed(
      (_, call) => (call < 3 ? jsonResponse(503, envelope(503, 'X')) : jsonResponse(200, SENT)),
      { maxRetryAfter: 100 },
    );
    await expect(client.messages.retrieve('m1')).resolves.toEqual(SENT);
    expect(requests).toHaveLength(3);
    expect(sleeps.every((ms) => ms > 100)).toBe(true);
  });

  it('a server-sent wait above maxRetryAfter ends the call with the error at once', async () => {
    const { client, requests } = stubbed(
      () => jsonResponse(429, envelope(429, 'RATE_LIMIT_EXCEEDED'), { 'retry-after': '120' }),
      { maxRetryAfter: 1000 },
    );
    const error = await client.messages.retrieve('m1').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryAfter: 120, attempts: 1 });
    expect(requests).toHaveLength(1);
  });
});

describe('error classes', () => {
  it.each([
    [400, 'BAD_REQUEST', BadRequestError],
    [408, 'REQUEST_TIMEOUT', RequestTimeoutError],
    [413, 'PAYLOAD_TOO_LARGE', PayloadTooLargeError],
    [415, 'UNSUPPORTED_MEDIA_TYPE', UnsupportedMediaTypeError],
  ] as const)('%i is a %s error of its own class', async (status, code, Class) => {
    const { client } = stubbed(() => jsonResponse(status, envelope(status, code)), {
      maxRetries: 0,
    });
    const error = await client.messages.retrieve('m1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Class);
    expect(error).toMatchObject({ status, code, attempts: 1 });
  });

  it('an HTTP error after retries reports how many attempts were made', async () => {
    const { client } = stubbed(() => jsonResponse(500, envelope(500, 'INTERNAL_SERVER_ERROR')));
    const error = await client.messages
      .send({ to: '+244923000001', body: 'x' }, { idempotencyKey: 'k-500' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ attempts: 3, idempotencyKey: 'k-500' });
  });
});

describe('waitFor is a hard deadline', () => {
  it('a poll that hangs ends the wait at its timeout, with the last status seen', async () => {
    const { mock, demo, client } = setup();
    const sent = await client.messages.send({ to: '+244923000001', body: 'x' });
    let polls = 0;
    // The attempt timeout is far beyond the wait's: only the wait's own deadline can end it.
    const hanging = new MessagingClient({
      apiKey: demo.liveKey,
      baseUrl: mock.baseUrl,
      timeout: 10_000,
      fetch: (request, init) => (++polls === 1 ? mock.fetch(request, init) : new Promise(() => {})),
      sleep: async () => {},
    });
    const { ms, heldMs, error } = await timed(
      hanging.messages.waitFor(sent.id, { timeout: 300, pollInterval: 10 }),
    );
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: 'WAIT_TIMEOUT', lastStatus: 'PENDING' });
    expect((error as Error).message).toMatch(/still PENDING after 300 ms/);
    expect(ms).toBeLessThan(300 + 150 + heldMs);
  });
});

describe('sendBulk under transport failures', () => {
  it('reports a chunk whose every answer was cut as failed, with its key; a re-run resumes it', async () => {
    const { mock, demo, sleeps } = setup();
    let cutting = true;
    const options = {
      apiKey: demo.liveKey,
      baseUrl: mock.baseUrl,
      maxRetries: 1,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        mock.clock.advance(Math.ceil(ms));
      },
      now: () => mock.clock.now().getTime(),
    };
    const flaky = new MessagingClient({
      ...options,
      // The service executes every request; the answers to the second chunk never arrive whole.
      fetch: async (request, init) => {
        const second = (request.headers.get('idempotency-key') ?? '').endsWith(':1');
        const answer = await mock.fetch(request, init);
        return cutting && second ? cutBody(answer.status, await answer.text()) : answer;
      },
    });
    const params = {
      remitter_id: demo.sender.id,
      content: 'Promoção',
      recipients: numbers(9, 100),
    };
    const bulk = { chunkSize: 3, idempotencyKey: 'bulk-cut' };
    const first = await flaky.campaigns.sendBulk(params, bulk);
    expect(first.chunks.map((chunk) => chunk.status)).toEqual(['sent', 'failed', 'sent']);
    const failed = first.chunks[1];
    expect(failed).toMatchObject({ status: 'failed', idempotencyKey: 'bulk-cut:1' });
    if (failed?.status !== 'failed') throw new Error('unreachable');
    expect(failed.error).toBeInstanceOf(ConnectionError);
    expect(failed.error).toMatchObject({ idempotencyKey: 'bulk-cut:1', attempts: 2 });

    cutting = false;
    const again = await flaky.campaigns.sendBulk(params, bulk);
    expect(again.failed).toBe(0);
    expect(again.chunks.map((chunk) => chunk.status === 'sent' && chunk.replayed)).toEqual([
      true,
      true,
      true,
    ]);
    // Three campaigns in all: the cut chunk was created once, by the first run.
    const page = await flaky.campaigns.list();
    expect(page.total).toBe(3);
  });
});
