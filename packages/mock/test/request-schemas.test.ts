// The public API's request schemas are held to the contract itself: for random, nearly valid and
// hostile bodies, path parameters and list queries, the mock's schema accepts exactly what
// `openapi/openapi.yaml` accepts (a query also refuses a parameter the operation does not declare).
// The contract is the reference, so a bound, pattern or enum changed in one and not the other fails
// here. It replaced a hand-kept copy of the schemas in `zod`, which could only show that two hand
// copies agreed. The mock refuses more in one way only, by design: text a handset cannot show (an
// unpaired surrogate, NUL) is refused with its own message, and the bodies below never hold it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { contractValidator } from '../../../openapi/test/support/contract-validator';
import * as schemas from '../src/http/request-schemas';
import type { Schema } from '../src/http/validate';

const contract = contractValidator('openapi.yaml');

/** An object as `JSON.parse` builds it: `__proto__` is an own key like any other. */
function jsonObject(entries: readonly (readonly [string, unknown])[]): unknown {
  return JSON.parse(
    `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`,
  );
}

const text = fc.oneof(
  fc.constantFrom('', ' ', 'Olá', 'SMS', 'AO', 'ao', 'WHATSAPP', 'sms', '😀', 'x'.repeat(160)),
  fc.constantFrom('+244923000001', '923 000 001', '+1', '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3'),
  fc.constantFrom('0193A0C6-4E5F-7A6B-8C7D-8E9FA0B1C2D3', '0193a0c6-4e5f-4a6b-8c7d-8e9fa0b1c2d3'),
  fc.string({ maxLength: 12, unit: 'grapheme-ascii' }),
  fc.string({ minLength: 195, maxLength: 260, unit: 'grapheme-ascii' }),
);
/** Lengths one character either side of every length bound of the two bodies. */
const BOUNDS = [0, 1, 2, 6, 7, 30, 31, 199, 200, 201, 254, 255, 256, 4096, 4097, 10_000, 10_001];
const boundary = fc.constantFrom(...BOUNDS).map((length) => '9'.repeat(length));
const value = fc.oneof(
  text,
  boundary,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 4 }),
  fc.array(fc.constantFrom('+244923000001', '+244923000002', '+244923000003'), { maxLength: 3 }),
  fc.constant(Array.from({ length: 1001 }, (_, i) => `+2449230${String(i).padStart(5, '0')}`)),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);
const bodyKey = fc.constantFrom(
  'remitter_id',
  'content',
  'channel_type',
  'recipients',
  'name',
  'country_alpha2',
  'to',
  'body',
  'external_id',
  'extra',
  '__proto__',
  'constructor',
);
const randomBody = fc.array(fc.tuple(bodyKey, value), { maxLength: 8 }).map(jsonObject);

/**
 * A valid body with up to three fields changed: one set to any value, removed, or added (unknown
 * and prototype-named keys among them), so that both sides of the equivalence are tried often.
 */
function nearly(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const change = fc.oneof(
    fc
      .tuple(fc.constantFrom(...Object.keys(valid)), boundary)
      .map(([key, v]) => ['set', key, v] as const),
    fc.tuple(bodyKey, value).map(([key, v]) => ['set', key, v] as const),
    fc.constantFrom(...Object.keys(valid)).map((key) => ['delete', key, undefined] as const),
  );
  return fc.array(change, { maxLength: 3 }).map((changes) => {
    const entries = new Map(Object.entries(valid));
    for (const [kind, key, v] of changes) {
      if (kind === 'delete') entries.delete(key);
      else entries.set(key, v);
    }
    return jsonObject([...entries]);
  });
}
const VALID_MESSAGE = {
  to: '+244923000001',
  body: 'Olá',
  channel_type: 'SMS',
  remitter_id: '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3',
  external_id: 'order-1',
  country_alpha2: 'AO',
};
const VALID_BATCH = {
  remitter_id: '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3',
  content: 'Olá',
  channel_type: 'SMS',
  recipients: ['+244923000001', '923000002'],
  name: 'Natal',
  country_alpha2: 'AO',
};
const sendMessage = fc.oneof(randomBody, nearly(VALID_MESSAGE));
const sendBatch = fc.oneof(randomBody, nearly(VALID_BATCH));

const queryValue = fc.oneof(
  fc.constantFrom('1', '0', '200', '201', '30', '9'.repeat(400), '9007199254740992', '-1', '1.5'),
  fc.constantFrom('asc', 'desc', 'ASC', 'created_at', 'updated_at', 'DELIVERED', 'PENDING', 'sms'),
  fc.constantFrom('SMS', 'WHATSAPP', 'API_CLIENT', 'UNITEL', 'INVALID_PHONE_NUMBER', 'lower_code'),
  fc.constantFrom('2026-01-01T09:00:00Z', '2026-01-01T09:00:00+00:00', '2026-13-01', 'yesterday'),
  fc.constantFrom(
    '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3',
    '923100',
    'a'.repeat(100),
    'a'.repeat(101),
  ),
  fc.constantFrom('x', '', '__proto__'),
);
const queryKey = fc.constantFrom(
  'page',
  'size',
  'order',
  'order_by',
  'q',
  'created_at__ge',
  'created_at__le',
  'status',
  'channel_type',
  'contact_id',
  'campaign_id',
  'sms_remitter_id',
  'remitter_id',
  'error_code',
  'trigger_source',
  'channel_destination',
  'tag_id',
  'unknown',
  '__proto__',
);
/** A query as the pipeline hands it over: repeatable parameters as lists, the others one string. */
const query = fc
  .array(fc.tuple(queryKey, fc.array(queryValue, { minLength: 1, maxLength: 3 })), {
    maxLength: 4,
  })
  .map((entries) =>
    jsonObject(entries.map(([k, values]) => [k, schemas.REPEATABLE.has(k) ? values : values[0]])),
  );

type Json = Record<string, unknown>;

/**
 * What the contract says of a query: every parameter must be one the operation declares (the
 * service refuses the others), and its value, read as its schema's type (digits as an integer),
 * valid against that schema.
 */
function queryProblems(path: string, input: unknown): string[] {
  const operation = contract.at(`/paths/${path.replaceAll('/', '~1')}/get`) as Json;
  const declared = new Map<string, string>();
  for (const parameter of operation.parameters as Json[]) {
    const { node, pointer } = contract.deref(parameter, '');
    if (node.in === 'query') declared.set(node.name as string, `${pointer}/schema`);
  }
  return Object.entries(input as Json).flatMap(([name, value]) => {
    const pointer = declared.get(name);
    if (pointer === undefined) return [`${name}: not a parameter`];
    const integer = (contract.deref(contract.at(pointer), pointer).node as Json).type === 'integer';
    const read =
      integer && typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
    return contract.errors(pointer, read).map((problem) => `${name}: ${problem}`);
  });
}

const QUERIES = [
  ['listMessagesQuery', schemas.listMessagesQuery, '/messages'],
  ['listCampaignsQuery', schemas.listCampaignsQuery, '/campaigns'],
  [
    'listCampaignMessagesQuery',
    schemas.listCampaignMessagesQuery,
    '/campaigns/{campaign_id}/messages',
  ],
] as const;

const CASES: readonly (readonly [string, Schema, string, fc.Arbitrary<unknown>])[] = [
  [
    'sendMessageBody',
    schemas.sendMessageBody,
    '/components/schemas/SendMessageRequest',
    sendMessage,
  ],
  [
    'sendBatchBody',
    schemas.sendBatchBody,
    '/components/schemas/SendBatchCampaignRequest',
    sendBatch,
  ],
  ['messageIdParam', schemas.messageIdParam, '/components/schemas/UuidV7', value],
  ['campaignIdParam', schemas.campaignIdParam, '/components/schemas/Uuid', value],
];

describe('the request schemas accept exactly what the contract accepts', () => {
  for (const [name, schema, pointer, input] of CASES) {
    it(name, () => {
      let accepted = 0;
      fc.assert(
        fc.property(input, (x) => {
          const contractSays = contract.errors(pointer, x);
          if (contractSays.length === 0) accepted++;
          expect([safeParse(schema, x).success, contractSays]).toEqual([
            contractSays.length === 0,
            contractSays,
          ]);
        }),
        { numRuns: 600 },
      );
      // Both sides of the equivalence were tried: some inputs pass, most do not.
      expect(accepted).toBeGreaterThan(0);
    });
  }

  it.each([
    [
      'sendMessageBody',
      schemas.sendMessageBody,
      '/components/schemas/SendMessageRequest',
      VALID_MESSAGE,
    ],
    [
      'sendBatchBody',
      schemas.sendBatchBody,
      '/components/schemas/SendBatchCampaignRequest',
      VALID_BATCH,
    ],
  ] as const)(
    '%s: every field at every length bound, one at a time',
    (_name, schema, pointer, valid) => {
      for (const field of Object.keys(valid)) {
        for (const length of BOUNDS) {
          const x = { ...valid, [field]: '9'.repeat(length) };
          expect([field, length, schema.safeParse(x).success]).toEqual([
            field,
            length,
            contract.errors(pointer, x).length === 0,
          ]);
        }
      }
    },
  );

  for (const [name, schema, path] of QUERIES) {
    it(name, () => {
      let accepted = 0;
      fc.assert(
        fc.property(query, (x) => {
          const problems = queryProblems(path, x);
          if (problems.length === 0) accepted++;
          expect([schema.safeParse(x).success, problems]).toEqual([
            problems.length === 0,
            problems,
          ]);
        }),
        { numRuns: 1500 },
      );
      expect(accepted).toBeGreaterThan(0);
    });
  }

  it('a valid body and query parse to the data the handlers read', () => {
    const valid = { ...VALID_BATCH, remitter_id: '0193A0C6-4E5F-7A6B-8C7D-8E9FA0B1C2D3' };
    expect(schemas.sendBatchBody.safeParse(valid)).toMatchObject({
      success: true,
      data: { ...valid, remitter_id: valid.remitter_id.toLowerCase() },
    });
    const q = { size: '5', status: ['DELIVERED'], created_at__ge: '2026-01-01T09:00:00 00:00' };
    expect(schemas.listMessagesQuery.safeParse(q)).toMatchObject({
      success: true,
      data: { size: 5, page: 1, order: 'desc', order_by: 'created_at', status: ['DELIVERED'] },
    });
  });
});
