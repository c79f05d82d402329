// Rate limits (spec "Limits", D8): per API key and operation, fixed 60-second windows opened by the
// first request, X-RateLimit-* on every response of a limited operation, Retry-After on a 429.
import { describe, expect, it } from 'vitest';
import { type ApiResponse, api } from './support/api';
import { createMockService } from './support/mock';
import { batchBody, organization, unitelNumbers } from './support/world';

function setup() {
  const mock = createMockService();
  const demo = mock.seedDemo();
  const live = api(mock, demo.liveKey);
  let n = 0;
  /** A valid batch, to new numbers each time (the limit, not the content, is under test). */
  const batch = (client = live, senderId = demo.sender.id) =>
    client.post('/campaigns/batch', batchBody(senderId, { recipients: unitelNumbers(2, 2 * n++) }));
  return { mock, demo, live, batch };
}

function limits(response: ApiResponse) {
  return {
    limit: response.headers.get('x-ratelimit-limit'),
    remaining: response.headers.get('x-ratelimit-remaining'),
    reset: response.headers.get('x-ratelimit-reset'),
    retryAfter: response.headers.get('retry-after'),
  };
}

function expectRateLimited(response: ApiResponse, limit: number, retryAfter: number) {
  expect(response.status).toBe(429);
  expect(response.body).toMatchObject({
    code: 'RATE_LIMIT_EXCEEDED',
    status: 429,
    service: 'core',
    trace_id: response.traceId,
  });
  expect(limits(response)).toEqual({
    limit: String(limit),
    remaining: '0',
    reset: String(retryAfter),
    retryAfter: String(retryAfter),
  });
}

describe('POST /campaigns/batch: 10 per minute per key', () => {
  it('the 11th request in a minute is a 429; the window reopens after 60 s', async () => {
    const { mock, batch, demo } = setup();
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await batch();
      expect(response.status).toBe(202);
      expect(limits(response)).toMatchObject({ limit: '10', reset: '60', retryAfter: null });
      remaining.push(limits(response).remaining);
    }
    expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);

    expectRateLimited(await batch(), 10, 60);
    mock.clock.advance(30_000);
    expectRateLimited(await batch(), 10, 30);
    mock.clock.advance(29_999);
    expectRateLimited(await batch(), 10, 1); // 1 ms left still asks for at least 1 s
    expect(mock.control.campaigns(demo.organization.id)).toHaveLength(10);

    mock.clock.advance(1);
    const reopened = await batch();
    expect(reopened.status).toBe(202);
    expect(limits(reopened)).toMatchObject({ limit: '10', remaining: '9', reset: '60' });
  });

  it('the window is opened by the first request, not by the clock minute', async () => {
    const { mock, batch } = setup();
    mock.clock.advance(10_000);
    for (let i = 0; i < 10; i++) await batch();
    mock.clock.advance(59_999);
    expectRateLimited(await batch(), 10, 1);
    mock.clock.advance(1);
    expect((await batch()).status).toBe(202);
  });

  it('every request counts once authenticated, even an invalid one; 401 and 403 do not', async () => {
    const { mock, live, demo, batch } = setup();
    const noScope = mock.control.issueApiKey({
      organization_id: demo.organization.id,
      scopes: ['apikey:messages:list'],
    }).key;
    for (let i = 0; i < 5; i++) {
      expect(
        (await api(mock, 'svc_live_nobody0000000000000000').post('/campaigns/batch', {})).status,
      ).toBe(401);
      expect((await api(mock, noScope).post('/campaigns/batch', {})).status).toBe(403);
    }
    for (let i = 0; i < 9; i++) {
      const invalid = await live.post('/campaigns/batch', { recipients: [] });
      expect(invalid.status).toBe(422);
      expect(invalid.headers.get('x-ratelimit-remaining')).toBe(String(9 - i));
    }
    expect((await batch()).status).toBe(202);
    expectRateLimited(await live.post('/campaigns/batch', { recipients: [] }), 10, 60);
  });

  it('other keys, and other operations of the same key, keep their own budgets', async () => {
    const { mock, demo, live, batch } = setup();
    for (let i = 0; i < 10; i++) await batch();
    expectRateLimited(await batch(), 10, 60);

    // The test key of the same organization (D8: separate keys, separate budgets).
    const test = await batch(api(mock, demo.testKey));
    expect(test.status).toBe(202);
    expect(limits(test).remaining).toBe('9');
    // Another live key of the same organization.
    const second = mock.control.issueApiKey({ organization_id: demo.organization.id }).key;
    expect((await batch(api(mock, second))).status).toBe(202);
    // Another organization's key.
    const other = organization(mock, { name: 'Other' });
    expect((await batch(other.live, other.sender.id)).status).toBe(202);
    // Another operation of the exhausted key.
    const sent = await live.post('/messages', { to: '+244923000001', body: 'hi' });
    expect(sent.status).toBe(201);
    expect(limits(sent)).toMatchObject({ limit: '300', remaining: '299' });
  });
});

describe('GET /messages: 60 per minute per key', () => {
  it('the 61st request in a minute is a 429', async () => {
    const { mock, live } = setup();
    for (let i = 0; i < 60; i++) {
      const response = await live.get('/messages');
      expect(response.status).toBe(200);
      expect(limits(response)).toMatchObject({ limit: '60', remaining: String(59 - i) });
    }
    expectRateLimited(await live.get('/messages'), 60, 60);
    // A malformed query is still counted and still refused with 429, before validation.
    expectRateLimited(await live.get('/messages', { size: 999 }), 60, 60);
    // Other read operations are unaffected.
    expect((await live.get('/campaigns')).status).toBe(200);
    mock.clock.advance(60_000);
    expect((await live.get('/messages')).status).toBe(200);
  });
});

describe('the other operations (D8)', () => {
  it.each([
    ['/campaigns', '600'],
    ['/campaigns/0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3', '600'],
    ['/campaigns/0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3/messages', '600'],
    ['/messages/0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3', '600'],
  ])('GET %s carries a limit of %s, on a 404 too', async (path, limit) => {
    const { live } = setup();
    const response = await live.get(path);
    expect(limits(response)).toMatchObject({ limit, remaining: String(Number(limit) - 1) });
  });

  it('POST /messages allows 300 per minute', async () => {
    const { live } = setup();
    let last: ApiResponse | undefined;
    for (let i = 0; i < 300; i++) {
      last = await live.post('/messages', { to: '+244923000001', body: 'hi' });
    }
    expect(last!.status).toBe(201);
    expectRateLimited(await live.post('/messages', { to: '+244923000001', body: 'hi' }), 300, 60);
  });
});

describe('configureRateLimits', () => {
  it('tightens a limit', async () => {
    const { mock, live } = setup();
    mock.control.configureRateLimits({ listMessages: 2 });
    expect(limits(await live.get('/messages'))).toMatchObject({ limit: '2', remaining: '1' });
    expect((await live.get('/messages')).status).toBe(200);
    expectRateLimited(await live.get('/messages'), 2, 60);
  });

  it('relaxes a limit', async () => {
    const { mock, batch } = setup();
    mock.control.configureRateLimits({ sendBatchCampaign: 20 });
    for (let i = 0; i < 20; i++) expect((await batch()).status).toBe(202);
    expectRateLimited(await batch(), 20, 60);
  });

  it('takes limits at creation too', async () => {
    const mock = createMockService({ rateLimits: { listCampaigns: 1 } });
    const demo = mock.seedDemo();
    const live = api(mock, demo.liveKey);
    expect((await live.get('/campaigns')).status).toBe(200);
    expectRateLimited(await live.get('/campaigns'), 1, 60);
  });

  // Disabling a limit (`null`, or `false` for all) drops the X-RateLimit-* headers, which the
  // contract requires on every success of a limited operation: the contract check refuses those
  // responses. Kept failing until the mock keeps the headers (or the contract says when they may be
  // absent); see the report.
  it('disables a limit, staying on the contract', async () => {
    const { mock, live } = setup();
    mock.control.configureRateLimits({ listMessages: null });
    for (let i = 0; i < 61; i++) expect((await live.get('/messages')).status).toBe(200);
  });
});
