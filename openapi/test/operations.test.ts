// The seven operations of the public layer: identity, scopes, security, parameters, request bodies,
// responses and headers, as the service description and docs/decisions.md (its numbered entries) require.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { UUID_PATTERN, UUID_V7_PATTERN } from '../../packages/mock/src/domain/core/patterns';

// ---------------------------------------------------------------------------------------------
// Loading and $ref resolution
// ---------------------------------------------------------------------------------------------

type Obj = Record<string, unknown>;

const doc = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8')) as Obj;

const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function obj(value: unknown, where: string): Obj {
  if (!isObj(value)) throw new Error(`${where}: expected an object, got ${JSON.stringify(value)}`);
  return value;
}

/** Resolves a local JSON pointer (`#/components/...`). */
function pointer(ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local refs are supported: ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    node = obj(node, ref)[key];
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return node;
}

/** Follows `$ref` until a non-reference object. */
function deref(value: unknown, where = '?'): Obj {
  let node = obj(value, where);
  const seen = new Set<string>();
  while (typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) throw new Error(`$ref cycle at ${node.$ref}`);
    seen.add(node.$ref);
    node = obj(pointer(node.$ref), node.$ref);
  }
  return node;
}

const components = obj(doc.components, 'components');
const paths = obj(doc.paths, 'paths');

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface OperationEntry {
  method: string;
  path: string;
  op: Obj;
}

const operations: OperationEntry[] = Object.entries(paths).flatMap(([path, item]) =>
  Object.entries(obj(item, path))
    .filter(([method]) => HTTP_METHODS.includes(method))
    .map(([method, op]) => ({ method, path, op: obj(op, `${method} ${path}`) })),
);

function operation(operationId: string): Obj {
  const found = operations.find((entry) => entry.op.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found.op;
}

function parameters(op: Obj): Obj[] {
  return ((op.parameters as unknown[] | undefined) ?? []).map((p) => deref(p, 'parameter'));
}

function parameter(op: Obj, name: string, location = 'query'): Obj {
  const found = parameters(op).find((p) => p.name === name && p.in === location);
  if (!found) throw new Error(`${op.operationId as string}: no ${location} parameter ${name}`);
  return found;
}

function responses(op: Obj): Record<string, Obj> {
  const out: Record<string, Obj> = {};
  for (const [code, response] of Object.entries(obj(op.responses, 'responses'))) {
    out[code] = deref(response, `${op.operationId as string} ${code}`);
  }
  return out;
}

function schemaOf(value: unknown): Obj {
  return deref(obj(value, 'schema'));
}

// ---------------------------------------------------------------------------------------------
// Expectations
// ---------------------------------------------------------------------------------------------

// The mock validates with these very patterns: the contract must write them, character for character.
const UUID = UUID_PATTERN.source;
const UUID_V7 = UUID_V7_PATTERN.source;
const RECIPIENT = '^\\+?[\\d\\s\\-\\.]{7,30}$';
const CODE = '^[A-Z][A-Z0-9_]{0,63}$';

const EXPECTED = [
  {
    method: 'post',
    path: '/messages',
    id: 'sendMessage',
    scope: 'apikey:messages:send',
    limit: 300,
  },
  {
    method: 'get',
    path: '/messages',
    id: 'listMessages',
    scope: 'apikey:messages:list',
    limit: 60,
  },
  {
    method: 'get',
    path: '/messages/{message_id}',
    id: 'retrieveMessage',
    scope: 'apikey:messages:read',
    limit: 600,
  },
  {
    method: 'post',
    path: '/campaigns/batch',
    id: 'sendBatchCampaign',
    scope: 'apikey:campaign:send',
    limit: 10,
  },
  {
    method: 'get',
    path: '/campaigns',
    id: 'listCampaigns',
    scope: 'apikey:campaigns:read',
    limit: 600,
  },
  {
    method: 'get',
    path: '/campaigns/{campaign_id}',
    id: 'retrieveCampaign',
    scope: 'apikey:campaigns:read',
    limit: 600,
  },
  {
    method: 'get',
    path: '/campaigns/{campaign_id}/messages',
    id: 'listCampaignMessages',
    scope: 'apikey:campaigns:read',
    limit: 600,
  },
] as const;

/** Response codes named by the description for each operation (before D2/D7/D9/D20 additions). */
const DESCRIBED: Record<string, string[]> = {
  sendBatchCampaign: ['202', '401', '402', '422', '429'],
  listMessages: ['200', '401', '422'],
  retrieveMessage: ['200', '401', '404', '422'],
  sendMessage: ['201'],
  listCampaigns: ['200', '422'],
  retrieveCampaign: ['200', '422'],
  listCampaignMessages: ['200', '422'],
};

/** The complete set each operation documents (description + decisions). */
const ALL_CODES: Record<string, string[]> = {
  sendMessage: [
    '201',
    '400',
    '401',
    '402',
    '403',
    '409',
    '413',
    '415',
    '422',
    '429',
    '431',
    '500',
    '503',
  ],
  listMessages: ['200', '400', '401', '403', '422', '429', '431', '500', '503'],
  retrieveMessage: ['200', '400', '401', '403', '404', '422', '429', '431', '500', '503'],
  sendBatchCampaign: [
    '202',
    '400',
    '401',
    '402',
    '403',
    '409',
    '413',
    '415',
    '422',
    '429',
    '431',
    '500',
    '503',
  ],
  listCampaigns: ['200', '400', '401', '403', '422', '429', '431', '500', '503'],
  retrieveCampaign: ['200', '400', '401', '403', '404', '422', '429', '431', '500', '503'],
  listCampaignMessages: ['200', '400', '401', '403', '404', '422', '429', '431', '500', '503'],
};

/** Error codes an example of each status may carry (D1–D9, D20, D28, D72). */
const ERROR_CODES: Record<string, string[]> = {
  '400': ['BAD_REQUEST'],
  '401': ['AUTH_INVALID_API_KEY'],
  '402': ['BILLING_INSUFFICIENT_FUNDS'],
  '403': ['AUTH_INVALID_SCOPE'],
  '404': ['NOT_FOUND', 'RESOURCE_NOT_FOUND'],
  '409': ['IDEMPOTENCY_KEY_IN_USE'],
  '413': ['PAYLOAD_TOO_LARGE'],
  '415': ['UNSUPPORTED_MEDIA_TYPE'],
  '422': ['VALIDATION_ERROR', 'IDEMPOTENCY_KEY_REUSED', 'TEST_MODE_CHANNEL_UNSUPPORTED'],
  '429': ['RATE_LIMIT_EXCEEDED'],
  '431': ['REQUEST_HEADER_FIELDS_TOO_LARGE'],
  '500': ['INTERNAL_SERVER_ERROR'],
  '503': ['SERVICE_UNAVAILABLE'],
};

/** Parameters (name@in) per operation, in no particular order. */
const PARAMETERS: Record<string, string[]> = {
  sendMessage: ['Idempotency-Key@header'],
  sendBatchCampaign: ['Idempotency-Key@header'],
  listMessages: [
    'page@query',
    'size@query',
    'order@query',
    'order_by@query',
    'q@query',
    'status@query',
    'channel_type@query',
    'contact_id@query',
    'campaign_id@query',
    'sms_remitter_id@query',
    'remitter_id@query',
    'error_code@query',
    'trigger_source@query',
    'channel_destination@query',
    'created_at__ge@query',
    'created_at__le@query',
  ],
  retrieveMessage: ['message_id@path'],
  listCampaigns: [
    'page@query',
    'size@query',
    'order@query',
    'order_by@query',
    'q@query',
    'status@query',
    'channel_type@query',
    'tag_id@query',
    'remitter_id@query',
    'sms_remitter_id@query',
    'error_code@query',
    'trigger_source@query',
    'created_at__ge@query',
    'created_at__le@query',
  ],
  retrieveCampaign: ['campaign_id@path'],
  listCampaignMessages: [
    'campaign_id@path',
    'q@query',
    'size@query',
    'page@query',
    'order@query',
    'order_by@query',
    'contact_id@query',
    'campaign_id@query',
    'status@query',
    'trigger_source@query',
    'channel_type@query',
    'channel_destination@query',
    'sms_remitter_id@query',
    'error_code@query',
    'created_at__ge@query',
    'created_at__le@query',
  ],
};

const LIST_OPERATIONS = ['listMessages', 'listCampaigns', 'listCampaignMessages'];
const POST_OPERATIONS = ['sendMessage', 'sendBatchCampaign'];
const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
/** Responses that can be produced before the rate limiter runs: rate-limit headers optional. */
const BEFORE_LIMITER = ['400', '401', '403', '413', '415', '431', '500', '503'];

// ---------------------------------------------------------------------------------------------

describe('document', () => {
  it('is OpenAPI 3.1.0 with info, license and the templated server', () => {
    expect(doc.openapi).toBe('3.1.0');
    const info = obj(doc.info, 'info');
    expect(info.title).toEqual(expect.any(String));
    expect(info.version).toBe('1.0.0');
    expect(String(info.description).length).toBeGreaterThan(100);
    expect(obj(info.license, 'license').name).toBe('MIT');
    expect(doc.servers).toEqual([
      {
        url: '{base_url}',
        description: expect.any(String),
        variables: {
          base_url: { default: 'http://127.0.0.1:4780/c/v1', description: expect.any(String) },
        },
      },
    ]);
  });

  it('declares the tags Campaigns and Messages, each described', () => {
    const tags = doc.tags as Obj[];
    expect(tags.map((t) => t.name)).toEqual(['Campaigns', 'Messages']);
    for (const tag of tags) expect(tag.description).toEqual(expect.any(String));
  });

  it('defines ApiKeyAuth as an apiKey in the X-API-KEY header', () => {
    const scheme = obj(obj(components.securitySchemes, 'securitySchemes').ApiKeyAuth, 'ApiKeyAuth');
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-KEY' });
  });
});

describe('operations', () => {
  it('are exactly the seven (method, path) pairs', () => {
    const actual = operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort();
    const expected = EXPECTED.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort();
    expect(actual).toEqual(expected);
  });

  describe.each(EXPECTED)('$method $path', ({ method, path, id, scope, limit }) => {
    const op = obj(obj(paths[path], path)[method], `${method} ${path}`);

    it(`has operationId ${id}, a summary, a description and one known tag`, () => {
      expect(op.operationId).toBe(id);
      expect(op.summary).toEqual(expect.stringMatching(/\S/));
      expect(op.description).toEqual(expect.stringMatching(/\S/));
      expect(op.tags).toHaveLength(1);
      expect(['Messages', 'Campaigns']).toContain((op.tags as string[])[0]);
    });

    it(`requires ApiKeyAuth and the scope ${scope} (D5, D6)`, () => {
      expect(op.security).toEqual([{ ApiKeyAuth: [] }]);
      expect(op['x-required-scope']).toBe(scope);
      expect(op.description).toContain(`\`${scope}\``);
    });

    it(`states its rate limit of ${limit} per minute (D8)`, () => {
      expect(op['x-rate-limit']).toEqual({ limit, window_seconds: 60 });
      expect(op.description).toContain(`${limit} requests per minute`);
    });

    it('documents every response the description names, plus 401/403/422/429/500', () => {
      const codes = Object.keys(responses(op));
      for (const code of DESCRIBED[id] ?? []) expect(codes).toContain(code);
      for (const code of ['401', '403', '422', '429', '500', '503']) expect(codes).toContain(code);
      expect([...codes].sort()).toEqual([...(ALL_CODES[id] ?? [])].sort());
    });

    it('has exactly its parameters', () => {
      const actual = parameters(op).map((p) => `${p.name as string}@${p.in as string}`);
      expect(new Set(actual).size).toBe(actual.length);
      expect([...actual].sort()).toEqual([...(PARAMETERS[id] ?? [])].sort());
      for (const p of parameters(op)) expect(p.description).toEqual(expect.stringMatching(/\S/));
    });
  });
});

describe('responses', () => {
  const errorEnvelope = '#/components/schemas/ErrorEnvelope';

  describe.each(EXPECTED)('$id', ({ id, scope }) => {
    const op = operation(id);
    const all = responses(op);

    it('carries X-Trace-Id and the rate-limit headers on every response (D4, D8)', () => {
      for (const [code, response] of Object.entries(all)) {
        const headers = obj(response.headers, `${id} ${code} headers`);
        expect(obj(headers['X-Trace-Id'], 'X-Trace-Id').$ref, `${id} ${code}`).toBe(
          '#/components/headers/X-Trace-Id',
        );
        expect(deref(headers['X-Trace-Id']).required).toBe(true);
        for (const name of RATE_LIMIT_HEADERS) {
          const header = deref(headers[name], `${id} ${code} ${name}`);
          expect(schemaOf(header.schema).type, `${id} ${code} ${name}`).toBe('integer');
          expect(header.required === true, `${id} ${code} ${name} required`).toBe(
            !BEFORE_LIMITER.includes(code),
          );
        }
      }
    });

    it('adds Retry-After on 409 and 429 (D8, D9)', () => {
      for (const [code, response] of Object.entries(all)) {
        const headers = obj(response.headers, 'headers');
        if (code === '409' || code === '429') {
          const retryAfter = deref(headers['Retry-After'], `${id} ${code} Retry-After`);
          expect(retryAfter.required).toBe(true);
          expect(schemaOf(retryAfter.schema)).toMatchObject({ type: 'integer', minimum: 1 });
        } else {
          expect(headers['Retry-After'], `${id} ${code}`).toBeUndefined();
        }
      }
    });

    it('uses the one ErrorEnvelope for every error, with examples carrying the right code', () => {
      for (const [code, response] of Object.entries(all)) {
        if (Number(code) < 400) continue;
        const media = obj(obj(response.content, `${id} ${code} content`)['application/json'], code);
        expect(obj(media.schema, 'schema').$ref, `${id} ${code}`).toBe(errorEnvelope);
        const examples = Object.entries(obj(media.examples, `${id} ${code} examples`));
        expect(examples.length, `${id} ${code} examples`).toBeGreaterThan(0);
        for (const [name, example] of examples) {
          const value = obj(deref(example, name).value, `${id} ${code} ${name}`);
          const where = `${id} ${code} example ${name}`;
          expect(value.status, where).toBe(Number(code));
          expect(ERROR_CODES[code], where).toContain(value.code);
          expect(value.service, where).toBe(code === '402' ? 'billing' : 'core');
          if (code === '403') expect(obj(value.fields, where).apikey, where).toContain(scope);
          if (code === '404') {
            expect(value.code, where).toBe(
              id === 'retrieveMessage' ? 'NOT_FOUND' : 'RESOURCE_NOT_FOUND',
            );
          }
          if (value.code === 'VALIDATION_ERROR') expect(value.fields, where).toBeDefined();
        }
      }
    });

    it('describes its success body with a $ref to its own schema and at least one example', () => {
      const [code, success] = Object.entries(all).find(([c]) => c.startsWith('2')) ?? [];
      expect(code).toBeDefined();
      const media = obj(obj(success?.content, 'content')['application/json'], 'application/json');
      const expectedSchema = {
        sendMessage: 'SentMessage',
        listMessages: 'MessageListPage',
        retrieveMessage: 'Message',
        sendBatchCampaign: 'BatchAccepted',
        listCampaigns: 'CampaignPage',
        retrieveCampaign: 'Campaign',
        listCampaignMessages: 'CampaignMessagePage',
      }[id];
      expect(obj(media.schema, 'schema').$ref).toBe(`#/components/schemas/${expectedSchema}`);
      expect(Object.keys(obj(media.examples, 'examples')).length).toBeGreaterThan(0);
    });
  });

  it('marks replays with Idempotent-Replayed ("true", optional) on the 201 and 202 only', () => {
    for (const { id } of EXPECTED) {
      for (const [code, response] of Object.entries(responses(operation(id)))) {
        const header = obj(response.headers, 'headers')['Idempotent-Replayed'];
        if (
          (id === 'sendMessage' && code === '201') ||
          (id === 'sendBatchCampaign' && code === '202')
        ) {
          const resolved = deref(header, 'Idempotent-Replayed');
          expect(resolved.required).toBe(false);
          expect(schemaOf(resolved.schema)).toEqual({ type: 'string', enum: ['true'] });
        } else {
          expect(header, `${id} ${code}`).toBeUndefined();
        }
      }
    }
  });

  it('defines X-Trace-Id as 32 lowercase hex digits (D4)', () => {
    const header = deref(obj(components.headers, 'headers')['X-Trace-Id']);
    expect(header.required).toBe(true);
    expect(schemaOf(header.schema)).toEqual({ type: 'string', pattern: '^[0-9a-f]{32}$' });
  });
});

describe('parameters', () => {
  it.each(LIST_OPERATIONS)('%s: page, size, order, order_by, q, created_at bounds', (id) => {
    const op = operation(id);
    expect(schemaOf(parameter(op, 'page').schema)).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      default: 1,
    });
    expect(schemaOf(parameter(op, 'size').schema)).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 200,
      default: 30,
    });
    expect(schemaOf(parameter(op, 'order').schema)).toEqual({
      type: 'string',
      enum: ['asc', 'desc'],
      default: 'desc',
    });
    expect(schemaOf(parameter(op, 'order_by').schema)).toEqual({
      type: 'string',
      enum: ['created_at', 'updated_at'],
      default: 'created_at',
    });
    expect(schemaOf(parameter(op, 'q').schema)).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: 100,
    });
    for (const name of ['created_at__ge', 'created_at__le']) {
      const p = parameter(op, name);
      expect(p.style).toBeUndefined();
      expect(schemaOf(p.schema)).toEqual({ type: 'string', format: 'date-time' });
    }
    for (const p of parameters(op)) expect(p.required ?? false).toBe(p.in === 'path');
  });

  it.each(LIST_OPERATIONS)(
    '%s: repeatable filters are arrays with style form, explode true',
    (id) => {
      const single = ['page', 'size', 'order', 'order_by', 'q', 'created_at__ge', 'created_at__le'];
      const filters = parameters(operation(id)).filter(
        (p) => p.in === 'query' && !single.includes(p.name as string),
      );
      expect(filters.length).toBeGreaterThan(5);
      for (const p of filters) {
        const where = `${id} ${p.name as string}`;
        expect(p.style, where).toBe('form');
        expect(p.explode, where).toBe(true);
        const schema = schemaOf(p.schema);
        expect(schema.type, where).toBe('array');
        expect(schema.items, where).toBeDefined();
      }
    },
  );

  function itemsOf(id: string, name: string): Obj {
    return deref(schemaOf(parameter(operation(id), name).schema).items, `${id} ${name} items`);
  }

  it('status filters: five coarse message statuses (D18), six campaign states (D11)', () => {
    const coarse = ['PENDING', 'SENT', 'DELIVERED', 'FAILED', 'UNDELIVERED'];
    expect(itemsOf('listMessages', 'status').enum).toEqual(coarse);
    expect(itemsOf('listCampaignMessages', 'status').enum).toEqual(coarse);
    expect(itemsOf('listCampaigns', 'status').enum).toEqual([
      'DRAFT',
      'PENDING',
      'PROCESSING',
      'SENDING',
      'COMPLETED',
      'FAILED',
    ]);
  });

  it('channel_type, trigger_source, error_code and channel_destination filters (D23)', () => {
    for (const id of LIST_OPERATIONS) {
      expect(itemsOf(id, 'channel_type')).toMatchObject({
        type: 'string',
        enum: ['SMS', 'WHATSAPP'],
      });
      expect(itemsOf(id, 'trigger_source')).toMatchObject({
        type: 'string',
        enum: ['API_CLIENT', 'CUSTOMER_PORTAL'],
      });
      expect(itemsOf(id, 'error_code')).toMatchObject({ type: 'string', pattern: CODE });
    }
    for (const id of ['listMessages', 'listCampaignMessages']) {
      expect(itemsOf(id, 'channel_destination')).toMatchObject({ type: 'string', pattern: CODE });
    }
  });

  it('uuid filters are type string, format uuid, with the UUID pattern', () => {
    const uuidFilters: [string, string][] = [
      ['listMessages', 'contact_id'],
      ['listMessages', 'campaign_id'],
      ['listMessages', 'sms_remitter_id'],
      ['listMessages', 'remitter_id'],
      ['listCampaigns', 'tag_id'],
      ['listCampaigns', 'remitter_id'],
      ['listCampaigns', 'sms_remitter_id'],
      ['listCampaignMessages', 'contact_id'],
      ['listCampaignMessages', 'campaign_id'],
      ['listCampaignMessages', 'sms_remitter_id'],
    ];
    for (const [id, name] of uuidFilters) {
      expect(itemsOf(id, name), `${id} ${name}`).toMatchObject({
        type: 'string',
        format: 'uuid',
        pattern: UUID,
      });
    }
  });

  it('path ids: message_id is a UUID v7 (D32), campaign_id any UUID', () => {
    const messageId = parameter(operation('retrieveMessage'), 'message_id', 'path');
    expect(messageId.required).toBe(true);
    expect(schemaOf(messageId.schema)).toMatchObject({
      type: 'string',
      format: 'uuid',
      pattern: UUID_V7,
    });
    for (const id of ['retrieveCampaign', 'listCampaignMessages']) {
      const campaignId = parameter(operation(id), 'campaign_id', 'path');
      expect(campaignId.required).toBe(true);
      expect(schemaOf(campaignId.schema)).toMatchObject({
        type: 'string',
        format: 'uuid',
        pattern: UUID,
      });
    }
  });

  it('the UUID patterns accept and reject what they should', () => {
    const uuid = new RegExp(UUID, 'u');
    const v7 = new RegExp(UUID_V7, 'u');
    expect(v7.test('0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3')).toBe(true);
    expect(v7.test('0193A0C6-4E5F-7A6B-BC7D-8E9FA0B1C2D3')).toBe(true);
    expect(v7.test('550e8400-e29b-41d4-a716-446655440000')).toBe(false); // v4
    expect(v7.test('0193a0c6-4e5f-7a6b-cc7d-8e9fa0b1c2d3')).toBe(false); // wrong variant
    expect(uuid.test('550e8400-e29b-41d4-a716-446655440000')).toBe(true);
    expect(uuid.test('urn:uuid:550e8400-e29b-41d4-a716-446655440000')).toBe(false);
    expect(uuid.test('550e8400e29b41d4a716446655440000')).toBe(false);
  });

  describe.each(POST_OPERATIONS)('%s Idempotency-Key', (id) => {
    const p = parameter(operation(id), 'Idempotency-Key', 'header');

    it('is an optional header of 1..255 printable ASCII characters (D9)', () => {
      expect(p.required ?? false).toBe(false);
      expect(schemaOf(p.schema)).toEqual({
        type: 'string',
        minLength: 1,
        maxLength: 255,
        pattern: '^[\\x21-\\x7E]{1,255}$',
      });
    });

    it('its pattern is a valid ECMA regex (with the u flag) that means what it says', () => {
      const re = new RegExp(String(schemaOf(p.schema).pattern), 'u');
      expect(re.test('5f0c7a4e-checkout-8812')).toBe(true);
      expect(re.test('!~')).toBe(true);
      expect(re.test('a'.repeat(255))).toBe(true);
      expect(re.test('a'.repeat(256))).toBe(false);
      expect(re.test('')).toBe(false);
      expect(re.test('has space')).toBe(false);
      expect(re.test('tab\tkey')).toBe(false);
      expect(re.test('chave-é')).toBe(false);
    });
  });

  it('GET operations take no Idempotency-Key', () => {
    for (const { id, method } of EXPECTED) {
      if (method !== 'get') continue;
      expect(
        parameters(operation(id)).some((p) => p.name === 'Idempotency-Key'),
        id,
      ).toBe(false);
    }
  });
});

describe('request bodies', () => {
  function bodySchema(id: string): Obj {
    const body = deref(operation(id).requestBody, `${id} requestBody`);
    expect(body.required).toBe(true);
    const content = obj(body.content, 'content');
    expect(Object.keys(content)).toEqual(['application/json']);
    return schemaOf(obj(content['application/json'], 'media').schema);
  }

  it('POST /campaigns/batch matches the description exactly', () => {
    const schema = bodySchema('sendBatchCampaign');
    expect(schema.additionalProperties).toBe(false);
    expect([...(schema.required as string[])].sort()).toEqual(
      ['channel_type', 'content', 'recipients', 'remitter_id'].sort(),
    );
    const props = obj(schema.properties, 'properties');
    expect(Object.keys(props).sort()).toEqual(
      ['channel_type', 'content', 'country_alpha2', 'name', 'recipients', 'remitter_id'].sort(),
    );
    expect(schemaOf(props.remitter_id)).toMatchObject({
      type: 'string',
      format: 'uuid',
      pattern: UUID_V7,
    });
    expect(schemaOf(props.content)).toMatchObject({
      type: 'string',
      minLength: 1,
      maxLength: 10000,
    });
    expect(schemaOf(props.channel_type)).toMatchObject({ type: 'string', enum: ['SMS'] });
    const recipients = schemaOf(props.recipients);
    expect(recipients).toMatchObject({ type: 'array', minItems: 2, maxItems: 1000 });
    expect(schemaOf(recipients.items)).toMatchObject({ type: 'string', pattern: RECIPIENT });
    expect(schemaOf(props.name)).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    expect(schemaOf(props.country_alpha2)).toMatchObject({
      type: 'string',
      minLength: 2,
      maxLength: 2,
      pattern: '^[A-Z]{2}$',
    });
  });

  it('POST /messages matches D20 exactly', () => {
    const schema = bodySchema('sendMessage');
    expect(schema.additionalProperties).toBe(false);
    expect([...(schema.required as string[])].sort()).toEqual(['body', 'to']);
    const props = obj(schema.properties, 'properties');
    expect(Object.keys(props).sort()).toEqual(
      ['body', 'channel_type', 'country_alpha2', 'external_id', 'remitter_id', 'to'].sort(),
    );
    expect(schemaOf(props.to)).toMatchObject({ type: 'string', pattern: RECIPIENT });
    expect(schemaOf(props.body)).toMatchObject({ type: 'string', minLength: 1, maxLength: 10000 });
    expect(schemaOf(props.channel_type)).toMatchObject({
      type: 'string',
      enum: ['SMS', 'WHATSAPP'],
      default: 'SMS',
    });
    expect(schemaOf(props.remitter_id)).toMatchObject({
      type: 'string',
      format: 'uuid',
      pattern: UUID,
    });
    expect(schemaOf(props.external_id)).toMatchObject({
      type: 'string',
      minLength: 1,
      maxLength: 255,
    });
    expect(schemaOf(props.country_alpha2)).toMatchObject({ type: 'string', pattern: '^[A-Z]{2}$' });
    // WhatsApp bodies are limited to 4,096 characters.
    expect(schema.if).toMatchObject({ properties: { channel_type: { const: 'WHATSAPP' } } });
    expect(schema.then).toMatchObject({ properties: { body: { maxLength: 4096 } } });
  });

  it('the recipient pattern is a valid ECMA regex (with the u flag)', () => {
    const re = new RegExp(RECIPIENT, 'u');
    for (const ok of ['+244923123456', '923 123 456', '951-234-567', '912.345.678', '1234567']) {
      expect(re.test(ok), ok).toBe(true);
    }
    for (const bad of ['123456', '+244 92x 123 456', `+${'1'.repeat(31)}`, '++244923123456']) {
      expect(re.test(bad), bad).toBe(false);
    }
  });
});

describe('webhooks', () => {
  const webhooks = obj(doc.webhooks, 'webhooks');
  const EVENTS = ['message.status_updated', 'message.received', 'campaign.completed'];

  it('are exactly the three events of D29', () => {
    expect(Object.keys(webhooks).sort()).toEqual([...EVENTS].sort());
  });

  it.each(EVENTS)('%s: a signed POST whose body has the event type as a const', (event) => {
    const item = obj(webhooks[event], event);
    expect(Object.keys(item)).toEqual(['post']);
    const op = obj(item.post, `${event} post`);
    expect(op.operationId).toEqual(expect.any(String));
    expect(op.description).toContain('410');
    const headers = parameters(op).map(
      (p) => `${p.name as string}@${p.in as string}:${String(p.required)}`,
    );
    expect(headers.sort()).toEqual(
      [
        'webhook-id@header:true',
        'webhook-signature@header:true',
        'webhook-timestamp@header:true',
      ].sort(),
    );
    const body = deref(op.requestBody, 'requestBody');
    const schema = schemaOf(obj(obj(body.content, 'content')['application/json'], 'media').schema);
    expect([...(schema.required as string[])].sort()).toEqual(['data', 'timestamp', 'type']);
    expect(obj(obj(schema.properties, 'properties').type, 'type').const).toBe(event);
    expect(Object.keys(responses(op)).sort()).toEqual(['2XX', '410']);
  });

  it('exports WebhookEvent, the union of the three, discriminated by type', () => {
    const union = obj(obj(components.schemas, 'schemas').WebhookEvent, 'WebhookEvent');
    const refs = (union.oneOf as Obj[]).map((s) => s.$ref);
    expect(refs).toEqual([
      '#/components/schemas/MessageStatusUpdatedEvent',
      '#/components/schemas/MessageReceivedEvent',
      '#/components/schemas/CampaignCompletedEvent',
    ]);
    expect(obj(union.discriminator, 'discriminator').propertyName).toBe('type');
    expect(Object.keys(obj(obj(union.discriminator, 'd').mapping, 'mapping')).sort()).toEqual(
      [...EVENTS].sort(),
    );
  });
});

describe('components', () => {
  // Stands in for Redocly's no-unused-components (off in redocly.yaml): WebhookEvent is the only
  // component that no $ref names, because it exists for the generated SDK types.
  it('are all referenced somewhere, except the exported WebhookEvent union', () => {
    const refs = new Set<string>();
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (isObj(node)) {
        if (typeof node.$ref === 'string') refs.add(node.$ref);
        Object.values(node).forEach(collect);
      }
    };
    collect(doc);
    const unused: string[] = [];
    for (const [kind, map] of Object.entries(components)) {
      if (kind === 'securitySchemes') continue;
      for (const name of Object.keys(obj(map, kind))) {
        const ref = `#/components/${kind}/${name}`;
        if (!refs.has(ref)) unused.push(ref);
      }
    }
    expect(unused).toEqual(['#/components/schemas/WebhookEvent']);
  });
});
