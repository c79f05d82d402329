// Random sequences of requests — valid and invalid, at every operation, with every kind of key —
// and clock moves, against one service per run. Whatever happens: never a 5xx, every response on
// the contract (the harness checks inside fetch), the books balance after every step, a GET
// changes nothing, and a refused POST creates nothing and moves no money.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPEATABLE } from '../src/http/request-schemas';
import type { MockService } from '../src/index';
import { type ApiResponse, call } from './support/api';
import { createMockService } from './support/mock';

// ---------------------------------------------------------------------------------------------
// The world of one run
// ---------------------------------------------------------------------------------------------

/** Placeholders replaced at execution time by values of the run's world. */
/** The caller's own sender ID, and the other organization's. */
const REMITTER = '$sender';
const FOREIGN_REMITTER = '$foreign-sender';
const KNOWN_ID = '$id';

function buildWorld() {
  const mock = createMockService({ seed: 11 });
  const demo = mock.seedDemo();
  const other = mock.control.createOrganization({ name: 'Other', balance: '10.000000' });
  const otherSender = mock.control.createSenderId({ organization_id: other.id, name: 'OTHER' });
  const otherKey = mock.control.issueApiKey({ organization_id: other.id }).key;
  const revoked = mock.control.issueApiKey({ organization_id: demo.organization.id }).key;
  mock.control.revokeApiKey(revoked);
  const listOnly = mock.control.issueApiKey({
    organization_id: demo.organization.id,
    scopes: ['messages:list'],
  }).key;
  const keys = [demo.liveKey, demo.testKey, otherKey, revoked, listOnly, 'svc_live_x', undefined];
  return {
    mock,
    keys,
    /** The organization (0 demo, 1 other) of each key. */
    owners: [0, 0, 1, 0, 0, 0, 0],
    organizations: [demo.organization.id, other.id],
    /** Each organization's sender ID. */
    senders: [demo.sender.id, otherSender.id],
    /** Ids the responses revealed (messages and campaigns, any tenant). */
    ids: [] as string[],
  };
}
type World = ReturnType<typeof buildWorld>;

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

/** Mostly the demo's live key and the other organization's (which can run out of money). */
const keyIndex = fc.oneof(
  { weight: 4, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.constant(2) },
  { weight: 3, arbitrary: fc.nat({ max: 6 }) },
);

const anyId = fc.oneof(
  fc.constant(KNOWN_ID),
  fc.uuid({ version: 7 }),
  fc.uuid(),
  fc.constantFrom('abc', '', '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3x', '%20', '..'),
  fc.string({ maxLength: 40 }),
);

const recipient = fc.oneof(
  fc.constantFrom(
    '+244923000001',
    '923000002',
    '+244 912 000 002',
    '951-000-003',
    '+351912345678',
    '12345678',
    '1234567',
    '+244 88 123 4567',
    '+244900000000',
  ),
  fc.stringMatching(/^\+?[\d\s\-.]{7,30}$/),
  fc.string({ maxLength: 35 }),
  fc.integer(),
);

const text = fc.oneof(
  fc.string({ maxLength: 300, unit: 'grapheme' }),
  fc.string({ maxLength: 50, unit: 'binary' }),
  fc.constantFrom('', 'a'.repeat(161), 'ã'.repeat(71), '€'.repeat(80), '😀'.repeat(40)),
  fc.integer(),
  fc.constant(null),
);

const senderId = fc.oneof(
  { weight: 4, arbitrary: fc.constant(REMITTER) },
  { weight: 1, arbitrary: fc.constant(FOREIGN_REMITTER) },
  { weight: 1, arbitrary: anyId },
  { weight: 1, arbitrary: fc.integer() },
);

const country = fc.constantFrom('AO', 'PT', 'BR', 'ao', 'AOA', '', 'ZZ');

const validRecipient = fc.oneof(
  fc.constantFrom('+244923000001', '923000002', '+244 912 000 002', '951-000-003', '12345678'),
  fc.integer({ min: 0, max: 999_999 }).map((n) => `+244923${String(n).padStart(6, '0')}`),
);

/** Bodies that are mostly valid, so that sends succeed and money moves. */
const likelyBatchBody = fc.record(
  {
    remitter_id: fc.constant(REMITTER),
    content: fc.oneof(
      fc.string({ minLength: 1, maxLength: 400, unit: 'grapheme' }),
      fc.constantFrom('Promo', 'ã'.repeat(71), 'a'.repeat(161)),
    ),
    channel_type: fc.constant('SMS'),
    recipients: fc.array(validRecipient, { minLength: 2, maxLength: 8 }),
    name: fc.string({ minLength: 1, maxLength: 50 }),
    country_alpha2: fc.constantFrom('AO', 'PT'),
  },
  { requiredKeys: ['remitter_id', 'content', 'channel_type', 'recipients'] },
);

const likelyMessageBody = fc.record(
  {
    to: validRecipient,
    body: fc.string({ minLength: 1, maxLength: 300, unit: 'grapheme' }),
    channel_type: fc.constantFrom('SMS', 'WHATSAPP'),
    remitter_id: fc.constant(REMITTER),
    external_id: fc.string({ minLength: 1, maxLength: 40 }),
  },
  { requiredKeys: ['to', 'body'] },
);

const anyBatchBody = fc.record(
  {
    remitter_id: senderId,
    content: text,
    channel_type: fc.constantFrom('SMS', 'SMS', 'SMS', 'WHATSAPP', 'sms', 1),
    recipients: fc.oneof(
      { weight: 5, arbitrary: fc.array(recipient, { minLength: 0, maxLength: 6 }) },
      { weight: 1, arbitrary: fc.constant('+244923000001') },
    ),
    name: fc.string({ maxLength: 210 }),
    country_alpha2: country,
    schedule_at: fc.anything(),
  },
  { requiredKeys: [] },
);

const anyMessageBody = fc.record(
  {
    to: recipient,
    body: text,
    channel_type: fc.constantFrom('SMS', 'WHATSAPP', 'EMAIL'),
    remitter_id: senderId,
    external_id: fc.string({ maxLength: 260 }),
    country_alpha2: country,
    priority: fc.anything(),
  },
  { requiredKeys: [] },
);

const batchBody = fc.oneof(likelyBatchBody, anyBatchBody);
const messageBody = fc.oneof(likelyMessageBody, anyMessageBody);

const rawBody = fc.oneof(
  fc.constantFrom('{', '[]', 'null', '"x"', '', '{"to":', '42'),
  fc.string({ maxLength: 30 }),
);

const queryParam = fc.tuple(
  fc.constantFrom(
    'page',
    'size',
    'order',
    'order_by',
    'q',
    'created_at__ge',
    'created_at__le',
    ...REPEATABLE,
    'unknown',
  ),
  fc.oneof(
    fc.constantFrom(
      '1',
      '2',
      '0',
      '30',
      '200',
      '201',
      'abc',
      'asc',
      'desc',
      'created_at',
      'updated_at',
      'SENT',
      'FAILED',
      'EXPIRED',
      'PROCESSING',
      'SENDING',
      'SMS',
      'WHATSAPP',
      'API_CLIENT',
      'UNITEL',
      'INVALID_PHONE_NUMBER',
      '2026-01-01T09:00:00Z',
      '2026-01-01T09:00:00.500000+00:00',
      'yesterday',
      '923',
      '+244 923',
      '',
    ),
    fc.constant(KNOWN_ID),
    fc.uuid(),
    fc.string({ maxLength: 20 }),
  ),
);
const query = fc.array(queryParam, { maxLength: 5 });

const idempotencyKey = fc.option(fc.constantFrom('k1', 'k2', 'bad key', 'k'.repeat(256)), {
  nil: undefined,
});

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/vnd.api+json',
  undefined,
);

const command = fc.oneof(
  fc.record({
    kind: fc.constant('sendBatch' as const),
    key: keyIndex,
    body: batchBody,
    idempotencyKey,
  }),
  fc.record({
    kind: fc.constant('sendMessage' as const),
    key: keyIndex,
    body: messageBody,
    idempotencyKey,
  }),
  fc.record({
    kind: fc.constant('list' as const),
    key: keyIndex,
    path: fc.constantFrom('/messages', '/campaigns', `/campaigns/${KNOWN_ID}/messages`),
    query,
    id: anyId,
  }),
  fc.record({
    kind: fc.constant('retrieve' as const),
    key: keyIndex,
    path: fc.constantFrom('/messages/', '/campaigns/'),
    id: anyId,
  }),
  fc.record({
    kind: fc.constant('raw' as const),
    key: keyIndex,
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
    path: fc.constantFrom(
      '/messages',
      '/campaigns/batch',
      '/campaigns',
      `/messages/${KNOWN_ID}`,
      `/campaigns/${KNOWN_ID}/messages`,
      '/messages/',
      '/nope',
      '/campaigns//messages',
      '/campaigns/%62atch',
      '/campaigns/%/messages',
      '/messages/%E0%A4%A',
    ),
    body: rawBody,
    contentType,
    idempotencyKey,
  }),
  fc.record({
    kind: fc.constant('advance' as const),
    ms: fc.integer({ min: 0, max: 50 * 3_600_000 }),
  }),
  fc.record({ kind: fc.constant('runUntilIdle' as const) }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

// ---------------------------------------------------------------------------------------------
// Execution
// ---------------------------------------------------------------------------------------------

function resolveId(world: World, id: string, pick: number): string {
  if (id !== KNOWN_ID) return id;
  return world.ids.length === 0
    ? '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3'
    : world.ids[pick % world.ids.length]!;
}

function resolveBody(
  world: World,
  body: Record<string, unknown>,
  keyIndex: number,
): Record<string, unknown> {
  const resolved = { ...body };
  const own = world.owners[keyIndex]!;
  if (resolved.remitter_id === REMITTER) resolved.remitter_id = world.senders[own];
  if (resolved.remitter_id === FOREIGN_REMITTER) resolved.remitter_id = world.senders[1 - own];
  return resolved;
}

function remember(world: World, response: ApiResponse) {
  const body = response.body;
  if (body === null || typeof body !== 'object') return;
  for (const id of [body.id, body.campaign_id]) if (typeof id === 'string') world.ids.push(id);
  if (Array.isArray(body.entries)) {
    for (const entry of body.entries) if (typeof entry.id === 'string') world.ids.push(entry.id);
  }
}

function snapshot(world: World) {
  const { messages, campaigns } = world.mock.control.counts();
  const ledger = world.organizations.map((id) => world.mock.control.ledger(id).length);
  return { messages, campaigns, ledger };
}

/** Every status seen across all runs: the generators must reach successes as well as refusals. */
const statuses = new Map<number, number>();

async function execute(world: World, step: Command, index: number): Promise<void> {
  const { mock } = world;
  if (step.kind === 'advance') {
    mock.clock.advance(step.ms);
    return;
  }
  if (step.kind === 'runUntilIdle') {
    mock.clock.runUntilIdle();
    return;
  }

  const key = world.keys[step.key];
  const before = snapshot(world);
  let method: string;
  let response: ApiResponse;
  if (step.kind === 'sendBatch' || step.kind === 'sendMessage') {
    method = 'POST';
    response = await call(
      mock,
      key,
      'POST',
      step.kind === 'sendBatch' ? '/campaigns/batch' : '/messages',
      {
        body: resolveBody(world, step.body, step.key),
        ...(step.idempotencyKey === undefined
          ? {}
          : { headers: { 'idempotency-key': step.idempotencyKey } }),
      },
    );
  } else if (step.kind === 'list') {
    method = 'GET';
    const id = resolveId(world, step.id, index);
    const params = step.query.map(([name, value]) => [name, resolveId(world, value, index)]);
    response = await call(mock, key, 'GET', step.path.replace(KNOWN_ID, id), {
      query: new URLSearchParams(params).toString(),
    });
  } else if (step.kind === 'retrieve') {
    method = 'GET';
    response = await call(
      mock,
      key,
      'GET',
      `${step.path}${encodeURIComponent(resolveId(world, step.id, index))}`,
    );
  } else {
    method = step.method;
    const headers: Record<string, string> = {};
    if (step.contentType !== undefined) headers['content-type'] = step.contentType;
    if (step.idempotencyKey !== undefined) headers['idempotency-key'] = step.idempotencyKey;
    const url = `${mock.baseUrl}${step.path.replace(KNOWN_ID, resolveId(world, KNOWN_ID, index))}`;
    const raw = await mock.fetch(url, {
      method: step.method,
      headers: { ...(key === undefined ? {} : { 'x-api-key': key }), ...headers },
      ...(step.method === 'GET' ? {} : { body: step.body }),
    });
    const text = await raw.text();
    response = {
      status: raw.status,
      headers: raw.headers,
      body: JSON.parse(text),
      traceId: raw.headers.get('x-trace-id'),
    };
  }

  expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  remember(world, response);
  const after = snapshot(world);
  if (method === 'GET' || response.status >= 300) expect(after).toEqual(before);
}

function expectBooksBalanced(mock: MockService) {
  const broken = mock.control.checkLedger().filter((check) => !check.ok);
  expect(broken).toEqual([]);
}

describe('any sequence of requests', () => {
  it('never answers 5xx, stays on the contract and keeps the books balanced', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (steps) => {
        const world = buildWorld();
        for (const [index, step] of steps.entries()) {
          await execute(world, step, index);
          expectBooksBalanced(world.mock);
        }
      }),
      // A fixed seed keeps CI deterministic (the coverage check above all); FC_SEED explores others.
      {
        numRuns: 150,
        seed: Number(process.env.FC_SEED ?? 20261122),
        // Rare on its own (a raw POST, a valid key, a wrong media type): always tried once.
        examples: [
          [
            [
              {
                kind: 'raw',
                key: 0,
                method: 'POST',
                path: '/messages',
                body: '{}',
                contentType: 'text/plain',
                idempotencyKey: undefined,
              },
            ],
          ],
        ],
      },
    );
    for (const status of [200, 201, 202, 401, 402, 403, 404, 405, 415, 422]) {
      expect(statuses.get(status) ?? 0, `status ${status} seen`).toBeGreaterThan(0);
    }
  }, 30_000);
});
