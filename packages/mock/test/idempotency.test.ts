// Idempotency-Key on both POST operations (D9): replays, mismatches, concurrency, the 24-hour
// window, and refused requests that store nothing.
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../src/index';
import { api } from './support/api';
import { createMockService, jsonHeaders } from './support/mock';
import { batchBody, expectLedgerBalanced, FIXED_TIMING, organization } from './support/world';

const DAY = 24 * 60 * 60 * 1000;

/** The two POST operations, each with a valid body and a way to count what it created. */
const OPERATIONS = [
  {
    name: 'POST /campaigns/batch',
    path: '/campaigns/batch',
    status: 202,
    body: (senderId: string) => batchBody(senderId),
    other: (senderId: string) => batchBody(senderId, { content: 'Another text' }),
    invalid: (senderId: string) => batchBody(senderId, { channel_type: 'WHATSAPP' }),
    created: (mock: ReturnType<typeof createMockService>) => mock.control.counts().campaigns,
    idOf: (body: { campaign_id: string }) => body.campaign_id,
  },
  {
    name: 'POST /messages',
    path: '/messages',
    status: 201,
    body: () => ({ to: '+244923000001', body: 'Your code is 1234' }),
    other: () => ({ to: '+244923000001', body: 'Your code is 9999' }),
    invalid: () => ({ to: '+244923000001', body: '' }),
    created: (mock: ReturnType<typeof createMockService>) => mock.control.counts().messages,
    idOf: (body: { id: string }) => body.id,
  },
] as const;

function setup(balance = '1000.000000') {
  // Generous limits: these tests repeat requests on purpose (the limits are rate-limits.test.ts's).
  const mock = createMockService({
    simulation: FIXED_TIMING,
    rateLimits: { sendBatchCampaign: 1_000, sendMessage: 1_000 },
  });
  const org = organization(mock, { balance });
  return { mock, org };
}

describe.each(OPERATIONS)('$name', (operation) => {
  it('a repeat with the same key and body replays the stored response', async () => {
    const { mock, org } = setup();
    const key = { 'idempotency-key': 'order-42' };
    const first = await org.live.post(operation.path, operation.body(org.sender.id), key);
    mock.clock.advance(60_000);
    const second = await org.live.post(operation.path, operation.body(org.sender.id), key);

    expect(first.status).toBe(operation.status);
    expect(second.status).toBe(operation.status);
    expect(second.body).toEqual(first.body);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    // The replay is a new request: its own trace id, current rate-limit headers.
    expect(second.traceId).not.toBe(first.traceId);
    expect(second.headers.get('x-ratelimit-remaining')).toEqual(expect.any(String));
    expect(operation.created(mock)).toBe(1);
    mock.clock.runUntilIdle();
    const debits = mock.control
      .ledger(org.organization.id)
      .filter((entry) => entry.kind !== 'FUNDING' && entry.kind !== 'REFUND');
    expect(debits).toHaveLength(1);
    expectLedgerBalanced(mock);
  });

  it('the body is compared as parsed JSON: key order and whitespace do not matter', async () => {
    const { mock, org } = setup();
    const key = { 'idempotency-key': 'k-json' };
    const body = operation.body(org.sender.id) as Record<string, unknown>;
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    await org.live.post(operation.path, body, key);
    const second = await org.live.post(operation.path, JSON.stringify(reordered, null, 4), key);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(operation.created(mock)).toBe(1);
  });

  it('the same key with a different body is a 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const { mock, org } = setup();
    const key = { 'idempotency-key': 'k-reused' };
    await org.live.post(operation.path, operation.body(org.sender.id), key);
    const reused = await org.live.post(operation.path, operation.other(org.sender.id), key);
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      status: 422,
      service: 'core',
      trace_id: reused.traceId,
    });
    expect(operation.created(mock)).toBe(1);
  });

  it('50 identical concurrent requests execute once', async () => {
    const { mock, org } = setup();
    const key = { 'idempotency-key': 'k-concurrent' };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        org.live.post(operation.path, operation.body(org.sender.id), key),
      ),
    );
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([operation.status]));
    expect(new Set(responses.map((r) => operation.idOf(r.body))).size).toBe(1);
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(
      49,
    );
    expect(operation.created(mock)).toBe(1);
    mock.clock.runUntilIdle();
    expectLedgerBalanced(mock);
  });

  it('the key is kept 24 hours, then free for a new request', async () => {
    const { mock, org } = setup();
    const key = { 'idempotency-key': 'k-window' };
    const first = await org.live.post(operation.path, operation.body(org.sender.id), key);
    mock.clock.advance(DAY - 1);
    const replay = await org.live.post(operation.path, operation.body(org.sender.id), key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    mock.clock.advance(1);
    const fresh = await org.live.post(operation.path, operation.body(org.sender.id), key);
    expect(fresh.status).toBe(operation.status);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(operation.idOf(fresh.body)).not.toBe(operation.idOf(first.body));
    expect(operation.created(mock)).toBe(2);
  });

  it('a refused request (422) stores nothing: the fixed request executes with the same key', async () => {
    const { mock, org } = setup();
    const key = { 'idempotency-key': 'k-fix-422' };
    const refused = await org.live.post(operation.path, operation.invalid(org.sender.id), key);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('VALIDATION_ERROR');
    const fixed = await org.live.post(operation.path, operation.body(org.sender.id), key);
    expect(fixed.status).toBe(operation.status);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expect(operation.created(mock)).toBe(1);
  });

  it('a 402 stores nothing: after funding, the same request executes (D9)', async () => {
    const { mock, org } = setup('1.000000');
    const key = { 'idempotency-key': 'k-fix-402' };
    const body = operation.body(org.sender.id);
    const refused = await org.live.post(operation.path, body, key);
    expect(refused.status).toBe(402);
    mock.control.fundAccount(org.organization.id, '100.000000');
    const retried = await org.live.post(operation.path, body, key);
    expect(retried.status).toBe(operation.status);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(operation.created(mock)).toBe(1);
  });

  it('keys are scoped to the API key', async () => {
    const { mock, org } = setup();
    const key = { 'idempotency-key': 'k-scoped' };
    const second = mock.control.issueApiKey({ organization_id: org.organization.id }).key;
    await org.live.post(operation.path, operation.body(org.sender.id), key);
    const other = await api(mock, second).post(operation.path, operation.body(org.sender.id), key);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    const test = await org.test.post(operation.path, operation.body(org.sender.id), key);
    expect(test.headers.get('idempotent-replayed')).toBeNull();
    expect(operation.created(mock)).toBe(3);
  });

  it.each([
    ['too long', 'k'.repeat(256)],
    ['with a space', 'order 42'],
    ['with a non-ASCII character', 'pedido-nº42'],
  ])('a malformed key (%s) is a 422 on fields["Idempotency-Key"]', async (_, value) => {
    const { mock, org } = setup();
    const response = await org.live.post(operation.path, operation.body(org.sender.id), {
      'idempotency-key': value,
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(Object.keys(response.body.fields)).toEqual(['Idempotency-Key']);
    expect(operation.created(mock)).toBe(0);
  });

  it('a key of 255 printable characters is accepted', async () => {
    const { org } = setup();
    const response = await org.live.post(operation.path, operation.body(org.sender.id), {
      'idempotency-key': '~'.repeat(255),
    });
    expect(response.status).toBe(operation.status);
  });
});

describe('across operations and while executing', () => {
  it('a replay counts against the rate limit (D35)', async () => {
    const mock = createMockService();
    const org = organization(mock);
    const key = { 'idempotency-key': 'k-limited' };
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await org.live.post('/campaigns/batch', batchBody(org.sender.id), key)).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(202), 429, 429]);
    expect(mock.control.counts().campaigns).toBe(1);
  });

  it('one key names one request: reusing it on the other POST is a 422', async () => {
    const { mock, org } = setup();
    const key = { 'idempotency-key': 'k-shared' };
    await org.live.post('/messages', { to: '+244923000001', body: 'hi' }, key);
    const batch = await org.live.post('/campaigns/batch', batchBody(org.sender.id), key);
    expect(batch.status).toBe(422);
    expect(batch.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(mock.control.counts().campaigns).toBe(0);
  });

  it('a repeat while the first is still executing is a 409 IDEMPOTENCY_KEY_IN_USE with Retry-After: 1', async () => {
    const { mock, org } = setup();
    const request: HttpRequest = {
      method: 'POST',
      path: '/c/v1/campaigns/batch',
      query: '',
      headers: jsonHeaders(org.liveKey, { 'idempotency-key': 'k-in-flight' }),
      body: JSON.stringify(batchBody(org.sender.id)),
    };
    // The repeat arrives while the first request is creating its campaign.
    let nested: HttpResponse | Promise<HttpResponse> | Error | undefined;
    mock.world.subscribe((event) => {
      if (event.type !== 'campaign.created' || nested !== undefined) return;
      try {
        nested = mock.handle(request);
      } catch (error) {
        nested = error as Error;
      }
    });
    const first = await mock.handle(request);

    expect(first.status).toBe(202);
    if (nested instanceof Error) throw nested;
    const repeat = await (nested as HttpResponse | Promise<HttpResponse>);
    expect(repeat.status).toBe(409);
    expect(JSON.parse(repeat.body)).toMatchObject({
      code: 'IDEMPOTENCY_KEY_IN_USE',
      status: 409,
      service: 'core',
    });
    expect(repeat.headers['retry-after']).toBe('1');
    expect(mock.control.counts().campaigns).toBe(1);
    // Once the first has finished, a repeat replays it.
    const later = await org.live.post('/campaigns/batch', batchBody(org.sender.id), {
      'idempotency-key': 'k-in-flight',
    });
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(later.body).toEqual(JSON.parse(first.body));
  });
});
