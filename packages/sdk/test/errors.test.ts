import {
  AbortError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  errorFromResponse,
  InsufficientFundsError,
  MessagingClient,
  MessagingError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';
import { envelope, jsonResponse, numbers, setup } from './support/mock';

const TRACE_ID = /^[0-9a-f]{32}$/;
const MISSING_V7 = '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3';

async function caught(promise: PromiseLike<unknown>): Promise<MessagingError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MessagingError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('errors from real mock responses', () => {
  it('401: AuthenticationError for an unknown key', async () => {
    const { mock } = setup();
    const client = new MessagingClient({
      apiKey: `svc_live_${'x'.repeat(32)}`,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
    });
    const error = await caught(client.messages.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'AUTH_INVALID_API_KEY', service: 'core' });
    expect(error.traceId).toMatch(TRACE_ID);
    expect(error.timestamp).toMatch(/\+00:00$/);
    expect(error.response?.status).toBe(401);
  });

  it('403: PermissionError names the missing scope in fields', async () => {
    const { mock, demo } = setup();
    const key = mock.control.issueApiKey({
      organization_id: demo.organization.id,
      scopes: ['messages:read'],
    });
    const client = new MessagingClient({
      apiKey: key.key,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
    });
    const error = await caught(client.messages.send({ to: '+244923000001', body: 'x' }));
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).toMatchObject({ status: 403, code: 'AUTH_INVALID_SCOPE' });
    expect(error.fields.apikey).toMatch(/apikey:messages:send/);
    // The message names it too: a runner that prints only the message shows the cause (D119).
    expect(error.message).toContain('apikey:messages:send');
    expect(error.traceId).toMatch(TRACE_ID);
    expect(error.idempotencyKey).toBeDefined();
  });

  it('404: NotFoundError for NOT_FOUND (message) and RESOURCE_NOT_FOUND (campaign)', async () => {
    const { client } = setup();
    const message = await caught(client.messages.retrieve(MISSING_V7));
    expect(message).toBeInstanceOf(NotFoundError);
    expect(message).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const campaign = await caught(client.campaigns.retrieve(MISSING_V7));
    expect(campaign).toBeInstanceOf(NotFoundError);
    expect(campaign).toMatchObject({ status: 404, code: 'RESOURCE_NOT_FOUND' });
    expect(campaign.traceId).toMatch(TRACE_ID);
  });

  it('422: ValidationError with fields', async () => {
    const { client } = setup();
    const error = await caught(client.messages.send({ to: '12', body: '' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_ERROR' });
    expect(Object.keys(error.fields).sort()).toEqual(['body', 'to']);
    expect(error.message).toBe(
      'Invalid request: to — must be an E.164 number; body — must not be empty',
    );
    expect(error.traceId).toMatch(TRACE_ID);

    const query = await caught(client.messages.list({ size: 500 }));
    expect(query).toBeInstanceOf(ValidationError);
    expect(query.fields.size).toBeTypeOf('string');
    expect(query.message).toBe('Invalid request: size — must be at most 200');
  });

  it('402: InsufficientFundsError from the billing service', async () => {
    const { mock } = setup();
    const organization = mock.control.createOrganization({ name: 'Poor', balance: '0.000001' });
    const remitter = mock.control.createSenderId({
      organization_id: organization.id,
      name: 'POOR',
    });
    const key = mock.control.issueApiKey({ organization_id: organization.id });
    const client = new MessagingClient({
      apiKey: key.key,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
    });
    const error = await caught(
      client.campaigns.sendBatch({
        remitter_id: remitter.id,
        channel_type: 'SMS',
        content: 'x',
        recipients: numbers(2),
      }),
    );
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect(error).toMatchObject({
      status: 402,
      code: 'BILLING_INSUFFICIENT_FUNDS',
      service: 'billing',
    });
    expect(error.idempotencyKey).toBeDefined();
    // The service's message names both amounts and the shortfall (D119).
    expect(error.message).toMatch(
      /balance \(0\.000001\).*cost \((\d+\.\d{6})\); short by \d+\.\d{6}\.$/,
    );
    expect(mock.control.campaigns(organization.id)).toHaveLength(0);
  });

  it('429: RateLimitError with retryAfter in seconds when retries are off', async () => {
    const { client, mock } = setup({ maxRetries: 0 });
    mock.control.configureRateLimits({ listMessages: 1 });
    await client.messages.list();
    const error = await caught(client.messages.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED', retryAfter: 60 });
    expect(error.message).toMatch(/Retry after 60 s\.$/);
    expect(error.traceId).toMatch(TRACE_ID);
  });

  it('422 IDEMPOTENCY_KEY_REUSED: ConflictError', async () => {
    const { client } = setup();
    await client.messages.send({ to: '+244923000001', body: 'a' }, { idempotencyKey: 'k-1' });
    const error = await caught(
      client.messages.send({ to: '+244923000001', body: 'b' }, { idempotencyKey: 'k-1' }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
      idempotencyKey: 'k-1',
    });
  });
});

describe('errorFromResponse', () => {
  const cases = [
    [500, 'INTERNAL_SERVER_ERROR', ServerError],
    [503, 'SERVICE_UNAVAILABLE', ServerError],
    [409, 'IDEMPOTENCY_KEY_IN_USE', ConflictError],
    [415, 'UNSUPPORTED_MEDIA_TYPE', MessagingError],
    [404, 'NOT_FOUND', NotFoundError],
  ] as const;
  for (const [status, code, Class] of cases) {
    it(`${status} ${code} → ${Class.name}`, () => {
      const error = errorFromResponse(
        jsonResponse(status, envelope(status, code)),
        envelope(status, code),
      );
      expect(error).toBeInstanceOf(Class);
      expect(error).toMatchObject({ status, code, traceId: '0af7651916cd43dd8448eb211c80319c' });
    });
  }

  it('reads a body that is not the envelope (a proxy page)', () => {
    const response = new Response('<html>bad gateway</html>', {
      status: 502,
      headers: { 'x-trace-id': 'abc' },
    });
    const error = errorFromResponse(response, '<html>bad gateway</html>');
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', traceId: 'abc', fields: {} });
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.UTC(2026, 0, 1);
    const seconds = errorFromResponse(jsonResponse(429, {}, { 'retry-after': '7' }), {}, 'k', now);
    expect(seconds).toMatchObject({ retryAfter: 7, idempotencyKey: 'k' });
    const date = new Date(now + 5000).toUTCString();
    const later = errorFromResponse(jsonResponse(429, {}, { 'retry-after': date }), {}, 'k', now);
    expect((later as RateLimitError).retryAfter).toBe(5);
  });
});

describe('messages that carry the cause (D119)', () => {
  const from = (status: number, body: Record<string, unknown>, headers = {}) =>
    errorFromResponse(jsonResponse(status, body, headers), body).message;

  it('a 422 lists at most five fields, then how many more, each message clipped', () => {
    const fields = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [
        `f${i}`,
        i === 0 ? `Must be ${'x'.repeat(500)}.` : 'Required.',
      ]),
    );
    const message = from(422, envelope(422, 'VALIDATION_ERROR', { fields }));
    expect(message).toMatch(/^Invalid request: f0 — must be x+…; f1 — required; /);
    expect(message).toMatch(/f4 — required; and 3 more$/);
    expect(message).not.toContain('f5');
    expect(message.length).toBeLessThan(400);
  });

  it('a 422 without fields keeps the service message', () => {
    expect(from(422, envelope(422, 'TEST_MODE_CHANNEL_UNSUPPORTED'))).toBe(
      'TEST_MODE_CHANNEL_UNSUPPORTED from a stub',
    );
  });

  it('a 403 whose message does not name the scope gets it from fields.apikey', () => {
    const body = {
      ...envelope(403, 'AUTH_INVALID_SCOPE'),
      message: 'The API key lacks the scope required by this operation.',
      fields: { apikey: 'Missing scope: apikey:campaign:send' },
    };
    expect(from(403, body)).toBe(
      'The API key lacks the scope required by this operation. Missing scope: apikey:campaign:send.',
    );
  });

  it('a 429 says when to retry', () => {
    expect(from(429, envelope(429, 'RATE_LIMIT_EXCEEDED'), { 'retry-after': '12' })).toBe(
      'RATE_LIMIT_EXCEEDED from a stub. Retry after 12 s.',
    );
  });

  it('a huge service message is clipped', () => {
    const body = { ...envelope(500, 'INTERNAL_SERVER_ERROR'), message: 'y'.repeat(50_000) };
    expect(from(500, body).length).toBeLessThanOrEqual(1000);
  });
});

describe('the class hierarchy', () => {
  it('keeps instanceof, name and a short enumerable shape', () => {
    const error = new TimeoutError('late', { code: 'TIMEOUT' });
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toBeInstanceOf(MessagingError);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ServerError);
    expect(error.name).toBe('TimeoutError');
    expect(String(error)).toBe('TimeoutError: late');
    expect(Object.keys(error)).not.toContain('response');
    expect(new AbortError('x', { code: 'ABORTED' })).not.toBeInstanceOf(ConnectionError);
    expect({}).not.toBeInstanceOf(MessagingError);
    expect(new Error('x')).not.toBeInstanceOf(MessagingError);
  });

  it('recognises an error from another copy of the SDK by its registered brand', () => {
    const foreign = Object.create(
      Object.create(Error.prototype, {
        [Symbol.for('@msgsvc/sdk:MessagingError')]: { value: true },
      }),
      { [Symbol.for('@msgsvc/sdk:ValidationError')]: { value: true } },
    );
    expect(foreign instanceof ValidationError).toBe(true);
    expect(foreign instanceof MessagingError).toBe(true);
    expect(foreign instanceof NotFoundError).toBe(false);
  });
});
