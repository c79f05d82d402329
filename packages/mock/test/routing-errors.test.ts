// Routing and the errors no operation owns (D2, D4): unknown routes, wrong methods, literal routes
// over parameters, trailing slashes, and an unexpected exception turned into a 500 envelope that
// changes nothing.
import { MessagingClient } from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';
import type { PriceTable } from '../src/index';
import { type ApiResponse, api, call } from './support/api';
import { createMockService } from './support/mock';
import { batchBody, expectLedgerBalanced, organization } from './support/world';

function expectEnvelope(response: ApiResponse, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.traceId).toMatch(/^[0-9a-f]{32}$/);
  expect(response.body).toEqual({
    code,
    message: expect.any(String),
    status,
    trace_id: response.traceId,
    timestamp: '2026-01-01T09:00:00.000000+00:00',
    service: 'core',
  });
}

const ID = '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3';

describe('unknown routes: 404 NOT_FOUND (D1, D2)', () => {
  it.each([
    '/nope',
    '/messages/0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3/status',
    '/campaigns/0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3/messages/extra',
    '/contacts',
    '/',
    '//messages',
  ])('GET /c/v1%s', async (path) => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    expectEnvelope(await api(mock, demo.liveKey).get(path), 404, 'NOT_FOUND');
  });

  it('paths outside the public layer, with or without a key', async () => {
    const mock = createMockService();
    const origin = new URL(mock.baseUrl).origin;
    for (const path of ['/c/v2/messages', '/v1/messages', '/a/organizations', '/c/v1']) {
      const response = await mock.fetch(`${origin}${path}`);
      expect(response.status).toBe(404);
      const body = await response.json();
      expect(body).toMatchObject({ code: 'NOT_FOUND', status: 404, service: 'core' });
      expect(body.trace_id).toBe(response.headers.get('x-trace-id'));
    }
  });

  it.each([
    ['GET', '/messages', '/c/v1/messages'],
    ['POST', '/campaigns/batch', '/c/v1/campaigns/batch'],
    ['GET', `/messages/${ID}`, `/c/v1/messages/${ID}`],
    ['GET', '/v1/messages', '/c/v1/messages'],
    ['GET', '/c/v2/campaigns', '/c/v1/campaigns'],
    // A wrong method on a real route is still worth pointing at: the 405 will tell the rest.
    ['DELETE', '/messages', '/c/v1/messages'],
  ])(
    '%s %s, outside /c/v1: the 404 says where the API lives (D80)',
    async (method, path, meant) => {
      const mock = createMockService();
      const origin = new URL(mock.baseUrl).origin;
      const response = await mock.fetch(`${origin}${path}`, { method });
      expect(response.status).toBe(404);
      const body = await response.json();
      expect(body.code).toBe('NOT_FOUND');
      expect(body.message).toBe(
        `No route for ${method} ${path}. The public API is under /c/v1: did you mean ${meant}?`,
      );
    },
  );

  it('outside /c/v1 with nothing to suggest, and under /c/v1: no guess', async () => {
    const mock = createMockService();
    const origin = new URL(mock.baseUrl).origin;
    const outside = await (await mock.fetch(`${origin}/contacts`)).json();
    expect(outside.message).toBe('No route for GET /contacts. The public API is under /c/v1.');
    const inside = await (await mock.fetch(`${mock.baseUrl}/contacts`)).json();
    expect(inside.message).toBe('No route for GET /c/v1/contacts.');
  });

  it('an SDK client whose base URL lacks /c/v1 is told where the API lives', async () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    const client = new MessagingClient({
      apiKey: demo.liveKey,
      baseUrl: new URL(mock.baseUrl).origin,
      fetch: mock.fetch,
    });
    await expect(client.messages.list()).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining(
        'The public API is under /c/v1: did you mean /c/v1/messages?',
      ),
    });
  });

  it('is answered before authentication and carries no rate-limit headers', async () => {
    const mock = createMockService();
    const response = await api(mock, undefined).get('/nope');
    expectEnvelope(response, 404, 'NOT_FOUND');
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('wrong methods: 405 METHOD_NOT_ALLOWED with Allow (D2)', () => {
  it.each([
    ['DELETE', '/messages', ['GET', 'POST']],
    ['PUT', '/messages', ['GET', 'POST']],
    ['POST', '/messages/0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3', ['GET']],
    ['PATCH', '/campaigns', ['GET']],
    ['POST', '/campaigns', ['GET']],
    ['DELETE', '/campaigns/0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3', ['GET']],
    // The literal path wins over `/campaigns/{campaign_id}`, as in OpenAPI (D33).
    ['PUT', '/campaigns/batch', ['POST']],
    ['GET', '/campaigns/batch', ['POST']],
    ['POST', '/campaigns/0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3/messages', ['GET']],
  ])('%s /c/v1%s', async (method, path, allowed) => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    const response = await call(mock, demo.liveKey, method, path);
    expectEnvelope(response, 405, 'METHOD_NOT_ALLOWED');
    const allow = response.headers
      .get('allow')!
      .split(',')
      .map((m) => m.trim());
    expect(allow.sort()).toEqual(allowed);
  });

  it('is answered before authentication', async () => {
    const mock = createMockService();
    expectEnvelope(await call(mock, undefined, 'DELETE', '/messages'), 405, 'METHOD_NOT_ALLOWED');
  });
});

describe('trailing slashes', () => {
  it('a trailing slash names another path: 404 NOT_FOUND (D33), nothing created', async () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    const live = api(mock, demo.liveKey);
    expectEnvelope(
      await live.post('/campaigns/batch/', batchBody(demo.sender.id)),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(await live.get('/campaigns/'), 404, 'NOT_FOUND');
    expectEnvelope(await live.get('/messages/'), 404, 'NOT_FOUND');
    expect(mock.control.campaigns(demo.organization.id)).toHaveLength(0);
  });

  it('an empty path parameter is not a parameter', async () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    expectEnvelope(await api(mock, demo.liveKey).get('/campaigns//messages'), 404, 'NOT_FOUND');
  });
});

describe('unexpected exceptions: 500 INTERNAL_SERVER_ERROR, nothing changed', () => {
  it('a broken price table fails the send, and nothing is created or charged', async () => {
    const mock = createMockService({ prices: {} as unknown as PriceTable, onError: false });
    const org = organization(mock, { balance: '100.000000' });
    const before = mock.control.ledger(org.organization.id);

    for (const [path, body] of [
      ['/campaigns/batch', batchBody(org.sender.id)],
      ['/messages', { to: '+244923000001', body: 'hi' }],
    ] as const) {
      const response = await org.live.post(path, body);
      expectEnvelope(response, 500, 'INTERNAL_SERVER_ERROR');
      // A bug in the mock says what broke (D118): the exception, not a generic sentence.
      expect(response.body.message).toMatch(/TypeError/);
    }
    mock.clock.runUntilIdle();
    expect(mock.control.counts()).toEqual({ messages: 0, campaigns: 0, pending_tasks: 0 });
    expect(mock.control.ledger(org.organization.id)).toEqual(before);
    expectLedgerBalanced(mock);
    // Reads keep working.
    expect((await org.live.get('/messages')).status).toBe(200);
  });

  it('a domain function that throws: 500, and a retry with the same Idempotency-Key executes once fixed', async () => {
    const mock = createMockService({ onError: false });
    const org = organization(mock, { balance: '100.000000' });
    const route = mock.world.route;
    mock.world.route = () => {
      throw new Error('router exploded');
    };
    const headers = { 'idempotency-key': 'retry-after-500' };
    const body = { to: '+244923000001', body: 'hi' };

    const failed = await org.live.post('/messages', body, headers);
    expectEnvelope(failed, 500, 'INTERNAL_SERVER_ERROR');
    expect(failed.body.message).toContain('Error: router exploded');
    expect(failed.headers.get('x-should-retry')).toBe('false');
    expect(mock.control.counts().messages).toBe(0);
    expect(mock.control.balance(org.organization.id)).toBe('100.000000');

    mock.world.route = route;
    const retried = await org.live.post('/messages', body, headers);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(mock.control.balance(org.organization.id)).toBe('96.000000');
    expectLedgerBalanced(mock);
  });

  // A fault after the first write has nothing to roll it back: here the campaign is stored, then
  // scheduling its processing throws. The client gets a 500 (and will retry), but the stored
  // campaign stays in PROCESSING with no processing task, forever. Kept as a failing test until the
  // pipeline makes an operation all-or-nothing (see the report).
  it('a fault while a campaign is accepted leaves no half-made campaign', async () => {
    const mock = createMockService({ onError: false });
    const org = organization(mock, { balance: '100.000000' });
    const schedule = mock.world.schedule.bind(mock.world);
    mock.world.schedule = () => {
      throw new Error('queue unavailable');
    };
    const failed = await org.live.post('/campaigns/batch', batchBody(org.sender.id));
    expectEnvelope(failed, 500, 'INTERNAL_SERVER_ERROR');
    mock.world.schedule = schedule;
    expect((await org.live.get('/campaigns')).body.total).toBe(0);
  });
});
