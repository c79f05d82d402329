// The public API's request schemas moved from `zod` to `zod/mini` so that the service's entry
// loads a fraction of zod (E17). Clients must not notice: for random and hostile bodies and
// queries, each schema accepts exactly what the `zod` schema it replaced accepts, with the same
// data, and refuses the rest with the same issues and the same `fields`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { config } from 'zod/v4/core';
import { issuesToFields } from '../src/http/fields';
import * as mini from '../src/http/schemas';
import type { Schema } from '../src/http/validate';
import * as classic from './support/classic-schemas';

/**
 * What a parse tells: the data, or the issues (kind and place) and the `fields` a client reads.
 * (The raw message of an unknown key differs, zod's wording against "Unknown field.": `fields`
 * shows "Unknown field." either way.)
 */
function outcome(schema: Schema, input: unknown, flat: boolean) {
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data };
  return {
    issues: result.error.issues.map(({ code, path }) => ({ code, path })),
    fields: issuesToFields(result.error.issues, input, flat),
  };
}

/** An object as `JSON.parse` builds it: `__proto__` is an own key like any other. */
function jsonObject(entries: readonly (readonly [string, unknown])[]): unknown {
  return JSON.parse(
    `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`,
  );
}

const text = fc.oneof(
  fc.constantFrom('', ' ', 'Olá', 'SMS', 'AO', 'ao', 'WHATSAPP', '\ud800', 'a\u0000b', '😀'),
  fc.constantFrom('+244923000001', '923 000 001', '+1', '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3'),
  fc.constantFrom('0193A0C6-4E5F-7A6B-8C7D-8E9FA0B1C2D3', '0193a0c6-4e5f-4a6b-8c7d-8e9fa0b1c2d3'),
  fc.string({ maxLength: 12 }),
  fc.string({ minLength: 195, maxLength: 260 }),
);
const value = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 4 }),
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
const body = fc.array(fc.tuple(bodyKey, value), { maxLength: 8 }).map(jsonObject);

const queryValue = fc.oneof(
  fc.constantFrom('1', '0', '200', '201', '30', '9'.repeat(400), '-1', '1.5', 'x', ''),
  fc.constantFrom('asc', 'desc', 'ASC', 'created_at', 'updated_at', 'DELIVERED', 'PENDING', 'sms'),
  fc.constantFrom('SMS', 'WHATSAPP', 'API_CLIENT', 'UNITEL', 'INVALID_PHONE_NUMBER', 'lower_code'),
  fc.constantFrom('2026-01-01T09:00:00Z', '2026-01-01T09:00:00 00:00', '2026-13-01', 'yesterday'),
  fc.constantFrom('0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3', '923100', '\ud800', 'a'.repeat(101)),
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
// As `queryObject` builds it: repeatable parameters are non-empty lists, the others one string.
const query = fc
  .array(fc.tuple(queryKey, fc.array(queryValue, { minLength: 1, maxLength: 3 })), {
    maxLength: 6,
  })
  .map((entries) =>
    jsonObject(
      entries.map(([k, values]) => [k, mini.REPEATABLE.has(k) ? values : values[0]] as const),
    ),
  );

/**
 * The new schema's outcome with no zod locale installed: the bundled zod/mini never installs one,
 * so every message a client can see must be the schema's own.
 */
function withoutLocale(schema: Schema, input: unknown, flat: boolean) {
  const { localeError } = config();
  config({ localeError: undefined });
  try {
    return outcome(schema, input, flat);
  } finally {
    config({ localeError });
  }
}

const PAIRS = [
  ['sendBatchBody', mini.sendBatchBody, classic.sendBatchBody, body, false],
  ['sendMessageBody', mini.sendMessageBody, classic.sendMessageBody, body, false],
  ['messageIdParam', mini.messageIdParam, classic.messageIdParam, value, false],
  ['campaignIdParam', mini.campaignIdParam, classic.campaignIdParam, value, false],
  ['listMessagesQuery', mini.listMessagesQuery, classic.listMessagesQuery, query, true],
  [
    'listCampaignMessagesQuery',
    mini.listCampaignMessagesQuery,
    classic.listCampaignMessagesQuery,
    query,
    true,
  ],
  ['listCampaignsQuery', mini.listCampaignsQuery, classic.listCampaignsQuery, query, true],
] as const;

describe('request schemas on zod/mini answer as their zod originals did', () => {
  for (const [name, now, before, input, flat] of PAIRS) {
    it(name, () => {
      fc.assert(
        fc.property(input as fc.Arbitrary<unknown>, (x) => {
          expect(withoutLocale(now, x, flat)).toEqual(outcome(before, x, flat));
        }),
        { numRuns: 400 },
      );
    });
  }

  it('a valid body and query parse to the same data', () => {
    const valid = {
      remitter_id: '0193A0C6-4E5F-7A6B-8C7D-8E9FA0B1C2D3',
      content: 'Olá',
      channel_type: 'SMS',
      recipients: ['+244923000001', '+244923000002'],
    };
    expect(outcome(mini.sendBatchBody, valid, false)).toEqual({
      data: { ...valid, remitter_id: valid.remitter_id.toLowerCase() },
    });
    const q = { size: '5', status: ['DELIVERED'], created_at__ge: '2026-01-01T09:00:00 00:00' };
    expect(outcome(mini.listMessagesQuery, q, true)).toEqual(
      outcome(classic.listMessagesQuery, q, true),
    );
    expect(outcome(mini.listMessagesQuery, q, true)).toMatchObject({ data: { size: 5, page: 1 } });
  });
});
