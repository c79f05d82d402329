// Web platform objects of another implementation (happy-dom's `Request`, `Response` and
// `AbortSignal`, classes unrelated to Node's), as a DOM test environment or a user's own `fetch`
// hands them over: the mock and the SDK read them by shape (D114).
import { AbortError, MessagingClient } from '@msgsvc/sdk';
import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockService } from '../../src/index';

const window = new Window();
afterAll(() => window.happyDOM.close());

function setup() {
  const mock = createMockService({ demo: true });
  const demo = mock.seedDemo();
  const headers = { 'x-api-key': demo.liveKey, 'content-type': 'application/json' };
  return { mock, demo, headers, url: `${mock.baseUrl}/messages` };
}

const SEND = JSON.stringify({ to: '+244923000001', body: 'Olá' });

describe("the mock's fetch", () => {
  it('answers a Request of another implementation, its body and headers read', async () => {
    const { mock, headers, url } = setup();
    const request = new window.Request(url, { method: 'POST', headers, body: SEND });
    expect(request instanceof Request).toBe(false);
    const response = await mock.fetch(request as unknown as Request);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ to: '+244923000001', body: 'Olá' });
  });

  it('reads header names in any case (happy-dom keeps the case they were given in)', async () => {
    const { mock, demo, url } = setup();
    const headers = { 'X-API-KEY': demo.liveKey, 'Content-Type': 'application/json' };
    const request = new window.Request(url, { method: 'POST', headers, body: SEND });
    expect([...request.headers.keys()]).toContain('X-API-KEY');
    const response = await mock.fetch(request as unknown as Request);
    expect(response.status).toBe(201);
  });

  it('with init too: what init names replaces the request’s, the rest is kept', async () => {
    const { mock, headers, url } = setup();
    const request = new window.Request(url, { method: 'POST', headers, body: SEND });
    // The body is kept; the headers are replaced, so the key is gone.
    const refused = await mock.fetch(request as unknown as Request, {
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.status).toBe(401);
    // The method is replaced: a GET of the same URL lists messages, and carries no body.
    const listed = await mock.fetch(request.clone() as unknown as Request, { method: 'GET' });
    expect(listed.status).toBe(200);
    // The body is replaced.
    const replaced = await mock.fetch(request.clone() as unknown as Request, {
      body: JSON.stringify({ to: '+244923000001', body: 'Adeus' }),
    });
    expect(await replaced.json()).toMatchObject({ body: 'Adeus' });
  });

  it("honours the request's own signal, and init's in its place", async () => {
    const { mock, headers, url } = setup();
    const stopped = new window.AbortController();
    stopped.abort(new Error('the request gave up'));
    const request = new window.Request(url, {
      method: 'POST',
      headers,
      body: SEND,
      signal: stopped.signal,
    });
    await expect(mock.fetch(request as unknown as Request)).rejects.toThrow('the request gave up');
    await expect(
      mock.fetch(request as unknown as Request, { headers: { 'x-api-key': 'k' } }),
    ).rejects.toThrow('the request gave up');
    const live = new window.Request(url, { method: 'POST', headers, body: SEND });
    const replaced = new AbortController();
    replaced.abort(new Error('init gave up'));
    await expect(
      mock.fetch(live as unknown as Request, { signal: replaced.signal }),
    ).rejects.toThrow('init gave up');
    expect(mock.control.counts()).toMatchObject({ messages: 0 });
  });

  it('refuses at once when a signal of another implementation has already aborted', async () => {
    const { mock, headers, url } = setup();
    const controller = new window.AbortController();
    controller.abort(new Error('gave up'));
    const signal = controller.signal as unknown as AbortSignal;
    await expect(mock.fetch(url, { method: 'POST', headers, body: SEND, signal })).rejects.toThrow(
      'gave up',
    );
    expect(mock.control.counts()).toMatchObject({ messages: 0 });
  });
});

describe('the SDK', () => {
  it("reads a Response of another implementation from the user's fetch", async () => {
    const { mock, demo } = setup();
    const client = new MessagingClient({
      apiKey: demo.liveKey,
      baseUrl: mock.baseUrl,
      fetch: async (request, init) => {
        const answer = await mock.fetch(request, init);
        const foreign = new window.Response(await answer.text(), {
          status: answer.status,
          headers: Object.fromEntries(answer.headers),
        });
        return foreign as unknown as Response;
      },
    });
    const sent = await client.messages.send({ to: '+244923000001', body: 'Olá' });
    expect(sent.status).toBe('PENDING');
    await expect(client.messages.retrieve('0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3')).rejects.toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });

  it("gives up when the caller's signal of another implementation aborts mid-request", async () => {
    const { mock } = setup();
    // A slow server: the answer would take a minute of the wall clock.
    mock.control.addLatency({ ms: 60_000 });
    const controller = new window.AbortController();
    const sending = mock
      .client()
      .messages.send(
        { to: '+244923000001', body: 'Olá' },
        { signal: controller.signal as unknown as AbortSignal },
      );
    setTimeout(() => controller.abort(), 10);
    await expect(sending).rejects.toBeInstanceOf(AbortError);
  });
});
