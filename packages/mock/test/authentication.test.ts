// Authentication and scopes: every request carries X-API-KEY; a missing, malformed, unknown or
// revoked key is a 401, a key without the operation's scope a 403 naming the canonical scope
// (spec "Authentication" 6–7, decisions D5 and D6).
import { describe, expect, it } from 'vitest';
import { type ApiResponse, api, call } from './support/api';
import { createMockService } from './support/mock';
import { batchBody } from './support/world';

const MISSING_V7 = '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3';

/** The seven operations of the public layer and the canonical scope each needs (D5, D6). */
const OPERATIONS = [
  { name: 'POST /messages', method: 'POST', path: '/messages', scope: 'apikey:messages:send' },
  { name: 'GET /messages', method: 'GET', path: '/messages', scope: 'apikey:messages:list' },
  {
    name: 'GET /messages/{message_id}',
    method: 'GET',
    path: `/messages/${MISSING_V7}`,
    scope: 'apikey:messages:read',
  },
  {
    name: 'POST /campaigns/batch',
    method: 'POST',
    path: '/campaigns/batch',
    scope: 'apikey:campaign:send',
  },
  { name: 'GET /campaigns', method: 'GET', path: '/campaigns', scope: 'apikey:campaigns:read' },
  {
    name: 'GET /campaigns/{campaign_id}',
    method: 'GET',
    path: `/campaigns/${MISSING_V7}`,
    scope: 'apikey:campaigns:read',
  },
  {
    name: 'GET /campaigns/{campaign_id}/messages',
    method: 'GET',
    path: `/campaigns/${MISSING_V7}/messages`,
    scope: 'apikey:campaigns:read',
  },
] as const;

type Operation = (typeof OPERATIONS)[number];

function setup() {
  const mock = createMockService();
  const demo = mock.seedDemo();
  /** A valid request of each operation, sent with `key`. */
  const send = (operation: Operation, key: string | undefined) => {
    const body =
      operation.path === '/messages'
        ? { to: '+244923000001', body: 'Your code is 1234' }
        : batchBody(demo.sender.id);
    return call(mock, key, operation.method, operation.path, {
      ...(operation.method === 'POST' ? { body } : {}),
    });
  };
  return { mock, demo, send };
}

function expectInvalidKey(response: ApiResponse) {
  expect(response.status).toBe(401);
  expect(response.body).toEqual({
    code: 'AUTH_INVALID_API_KEY',
    message: expect.any(String),
    status: 401,
    trace_id: response.traceId,
    timestamp: '2026-01-01T09:00:00.000000+00:00',
    service: 'core',
  });
  expect(response.traceId).toMatch(/^[0-9a-f]{32}$/);
}

describe('401 AUTH_INVALID_API_KEY', () => {
  it.each(OPERATIONS)('$name without X-API-KEY', async (operation) => {
    const { send } = setup();
    expectInvalidKey(await send(operation, undefined));
  });

  it.each([
    ['empty', ''],
    ['not a key at all', 'hello'],
    ['a bearer token', 'Bearer svc_live_demo0000000000000000000000000001'],
    ['an unknown environment prefix', 'svc_prod_demo0000000000000000000000000001'],
    ['a secret too short', 'svc_live_abc'],
    ['a well-formed key nobody issued', 'svc_live_0000000000000000000000000000000Z'],
  ])('a malformed or unknown key: %s', async (_, key) => {
    const { send } = setup();
    for (const operation of OPERATIONS) expectInvalidKey(await send(operation, key));
  });

  it('a revoked key, by id or by key string; other keys keep working', async () => {
    const { mock, demo, send } = setup();
    const byId = mock.control.issueApiKey({ organization_id: demo.organization.id });
    const byKey = mock.control.issueApiKey({ organization_id: demo.organization.id });
    expect((await send(OPERATIONS[1], byId.key)).status).toBe(200);

    const revoked = mock.control.revokeApiKey(byId.id);
    // The key's view, by prefix: a revocation never shows the secret again (D66).
    expect(revoked).toMatchObject({ id: byId.id, revoked: true, prefix: byId.prefix });
    expect(JSON.stringify(revoked)).not.toContain(byId.key);
    expect(mock.control.revokeApiKey(byKey.key)).toMatchObject({ id: byKey.id, revoked: true });
    for (const operation of OPERATIONS) {
      expectInvalidKey(await send(operation, byId.key));
      expectInvalidKey(await send(operation, byKey.key));
    }
    // Revoking is per key (spec "Authentication" 3).
    expect((await send(OPERATIONS[1], demo.liveKey)).status).toBe(200);
  });

  it('is checked before the body: a malformed body without a key is a 401, not a 422', async () => {
    const { mock } = setup();
    const response = await api(mock, undefined).post('/campaigns/batch', '{not json');
    expectInvalidKey(response);
  });

  it('reads the header case-insensitively and ignores surrounding spaces', async () => {
    const { mock, demo } = setup();
    const response = await call(mock, undefined, 'GET', '/messages', {
      headers: { 'X-Api-Key': `  ${demo.liveKey} ` },
    });
    expect(response.status).toBe(200);
  });
});

describe('the 401 says what is wrong with the key (D120)', () => {
  const LIVE = 'svc_live_Ab12Cd34Ef56Gh78Ij90Kl12';

  /** The 401's message for these headers, through the plain-data pipeline (no fetch trimming). */
  async function refusal(headers: Record<string, string>): Promise<string> {
    const mock = createMockService();
    mock.seedDemo();
    const response = await mock.handle({
      method: 'GET',
      path: '/c/v1/messages',
      query: '',
      headers,
      body: null,
    });
    expect(response.status).toBe(401);
    const body = JSON.parse(response.body) as { code: string; message: string };
    expect(body.code).toBe('AUTH_INVALID_API_KEY');
    return body.message;
  }

  it('a bearer token instead of X-API-KEY is told where the key goes', async () => {
    expect(await refusal({ authorization: `Bearer ${LIVE}` })).toMatch(
      /send it in the X-API-KEY header, not as Authorization: Bearer/,
    );
    expect(await refusal({})).toBe('Missing API key: send it in the X-API-KEY header.');
    expect(await refusal({ 'x-api-key': `Bearer ${LIVE}` })).toMatch(/without "Bearer "/);
  });

  it('whitespace or an invisible character around the key says so, and where', async () => {
    const { mock, demo } = setup();
    for (const [headers, where] of [
      [{ 'x-api-key': `${demo.liveKey}\u00a0` }, 'U+00A0 at the end'],
      [{ 'x-api-key': `\ufeff${demo.liveKey}` }, 'U+FEFF at the start'],
    ] as const) {
      const response = await mock.handle({
        method: 'GET',
        path: '/c/v1/messages',
        query: '',
        headers,
        body: null,
      });
      const body = JSON.parse(response.body) as { message: string };
      expect(response.status).toBe(401);
      expect(body.message).toContain('The API key has surrounding whitespace');
      expect(body.message).toContain(where);
    }
  });

  it('a line break inside the key says so', async () => {
    expect(await refusal({ 'x-api-key': `svc_live_Ab12\nCd34Ef56Gh78Ij90` })).toMatch(
      /line break .*U\+000A after 13 characters/,
    );
  });

  it('an unknown prefix says what a key looks like, quoting only four characters', async () => {
    const message = await refusal({ 'x-api-key': 'sk_live_supersecretvalue123456' });
    expect(message).toContain('"sk_l…"');
    expect(message).toContain('svc_live_');
    expect(message).toContain('svc_test_');
    expect(message).not.toContain('supersecret');
  });

  it('a malformed, an unknown and a revoked key each say which, by prefix only', async () => {
    // The one key grammar (the SDK's): letters, digits, `_` and `-` after the prefix, any length.
    expect(await refusal({ 'x-api-key': 'svc_live_abc.def' })).toMatch(/malformed/);
    expect(await refusal({ 'x-api-key': 'svc_live_' })).toMatch(/malformed/);
    expect(await refusal({ 'x-api-key': 'svc_live_a' })).toMatch(/no key svc_live_a/);
    expect(await refusal({ 'x-api-key': 'svc_test_a_b-c' })).toMatch(/no key svc_test_/);
    const unknown = await refusal({ 'x-api-key': LIVE });
    expect(unknown).toContain('svc_live_Ab12…');
    expect(unknown).not.toContain('Cd34');
    const { mock, demo } = setup();
    const issued = mock.control.issueApiKey({ organization_id: demo.organization.id });
    mock.control.revokeApiKey(issued.id);
    const response = await api(mock, issued.key).get('/messages');
    expectInvalidKey(response);
    expect(response.body.message).toMatch(/was revoked/);
    expect(response.body.message).not.toContain(issued.key);
  });
});

describe('403 AUTH_INVALID_SCOPE', () => {
  it.each(OPERATIONS)('$name needs $scope', async (operation) => {
    const { mock, demo, send } = setup();
    const everyOtherScope = OPERATIONS.map((o) => o.scope).filter((s) => s !== operation.scope);
    const key = mock.control.issueApiKey({
      organization_id: demo.organization.id,
      scopes: [...everyOtherScope, 'apikey:contacts:write', 'apikey:templates:list'],
    }).key;

    const response = await send(operation, key);

    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      code: 'AUTH_INVALID_SCOPE',
      message: expect.any(String),
      status: 403,
      trace_id: response.traceId,
      timestamp: '2026-01-01T09:00:00.000000+00:00',
      service: 'core',
      fields: { apikey: `Missing scope: ${operation.scope}` },
    });
    // Nothing was created by a refused send.
    expect(mock.control.counts()).toMatchObject({ messages: 0, campaigns: 0 });
  });

  it('a key with no scope at all is refused everywhere, before validation', async () => {
    const { mock, demo } = setup();
    const key = mock.control.issueApiKey({ organization_id: demo.organization.id, scopes: [] }).key;
    const client = api(mock, key);
    const invalidBody = await client.post('/campaigns/batch', { recipients: [] });
    expect(invalidBody.status).toBe(403);
    expect(invalidBody.body.fields).toEqual({ apikey: 'Missing scope: apikey:campaign:send' });
    const invalidQuery = await client.get('/messages', { size: 9999 });
    expect(invalidQuery.status).toBe(403);
    expect(invalidQuery.body.fields).toEqual({ apikey: 'Missing scope: apikey:messages:list' });
  });

  it('a test key is scoped like a live key', async () => {
    const { mock, demo } = setup();
    const key = mock.control.issueApiKey({
      organization_id: demo.organization.id,
      environment: 'test',
      scopes: ['apikey:messages:list'],
    }).key;
    expect((await api(mock, key).get('/messages')).status).toBe(200);
    const refused = await api(mock, key).get('/campaigns');
    expect(refused.status).toBe(403);
    expect(refused.body.fields).toEqual({ apikey: 'Missing scope: apikey:campaigns:read' });
  });
});

describe('scopes issued in either spelling (D5)', () => {
  it('the short names of the authentication section open all seven operations', async () => {
    const { mock, demo, send } = setup();
    const key = mock.control.issueApiKey({
      organization_id: demo.organization.id,
      scopes: [
        'messages:send',
        'messages:list',
        'messages:read',
        'campaigns:send',
        'campaigns:read',
      ],
    });
    expect(key.scopes).toEqual([
      'apikey:messages:send',
      'apikey:messages:list',
      'apikey:messages:read',
      'apikey:campaign:send',
      'apikey:campaigns:read',
    ]);
    const statuses = [];
    for (const operation of OPERATIONS) statuses.push((await send(operation, key.key)).status);
    // The three lookups of a missing id pass authorization and answer 404.
    expect(statuses).toEqual([201, 200, 404, 202, 200, 404, 404]);
  });

  it.each(['campaign:send', 'campaigns:send', 'apikey:campaign:send', 'apikey:campaigns:send'])(
    '%s permits POST /campaigns/batch',
    async (scope) => {
      const { mock, demo, send } = setup();
      const key = mock.control.issueApiKey({
        organization_id: demo.organization.id,
        scopes: [scope],
      });
      expect(key.scopes).toEqual(['apikey:campaign:send']);
      expect((await send(OPERATIONS[3], key.key)).status).toBe(202);
      expect((await send(OPERATIONS[0], key.key)).status).toBe(403);
    },
  );

  it('an unknown scope cannot be issued', () => {
    const { mock, demo } = setup();
    expect(() =>
      mock.control.issueApiKey({
        organization_id: demo.organization.id,
        scopes: ['messages:delete'],
      }),
    ).toThrow();
  });
});
