// Names that every JavaScript object already has (`__proto__`, `constructor`, `toString`, …) used
// where a client's input becomes a key: body fields, query parameters and header names (D67). A
// body field or query parameter the operation does not define is a 422 naming it, like any other
// unknown name; an unknown header is ignored, like any other.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ApiResponse, api, call } from './support/api';
import { createMockService } from './support/mock';
import { batchBody } from './support/world';

/** Every property of `Object.prototype`: `__proto__`, `constructor`, `toString`, `valueOf`, … */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

function setup() {
  const mock = createMockService({ rateLimits: false });
  const demo = mock.seedDemo();
  const live = api(mock, demo.liveKey);
  return { mock, demo, live };
}

/** A JSON object text with `name` added last, as an own key whatever it is. */
function withField(body: Record<string, unknown>, name: string, value: unknown): string {
  const members = Object.entries(body).map(
    ([key, item]) => `${JSON.stringify(key)}:${JSON.stringify(item)}`,
  );
  members.push(`${JSON.stringify(name)}:${JSON.stringify(value)}`);
  return `{${members.join(',')}}`;
}

function expectUnknown(response: ApiResponse, field: string) {
  expect(response.status).toBe(422);
  expect(response.body.code).toBe('VALIDATION_ERROR');
  // The contract harness already refused `fields: {}`; this names the offender exactly.
  expect(Object.keys(response.body.fields)).toEqual([field]);
  expect(response.body.fields[field]).toBe('Unknown field.');
}

const name = fc.constantFrom(...PROTOTYPE_NAMES);
// fast-check's own JSON values: objects, arrays, strings, numbers, null.
const value = fc.jsonValue({ maxDepth: 2 });

describe('prototype names in bodies and query strings (D67)', () => {
  it('covers the names the issue found', () => {
    for (const known of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])
      expect(PROTOTYPE_NAMES).toContain(known);
  });

  it('a body field with such a name is a 422 naming it, on both POST operations', async () => {
    const { live, demo, mock } = setup();
    const bodies = {
      '/messages': { to: '+244923000001', body: 'Hello' },
      '/campaigns/batch': batchBody(demo.sender.id),
    };
    await fc.assert(
      fc.asyncProperty(
        name,
        value,
        fc.constantFrom(...(Object.keys(bodies) as (keyof typeof bodies)[])),
        async (field, json, path) => {
          expectUnknown(await live.post(path, withField(bodies[path], field, json)), field);
        },
      ),
      { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20261123) },
    );
    // Nothing was created by any of them.
    expect(mock.control.counts()).toMatchObject({ messages: 0, campaigns: 0 });
  });

  it('a query parameter with such a name is a 422 naming it, once or repeated', async () => {
    const { live, demo } = setup();
    const campaign = await live.post('/campaigns/batch', batchBody(demo.sender.id));
    const paths = ['/messages', '/campaigns', `/campaigns/${campaign.body.campaign_id}/messages`];
    await fc.assert(
      fc.asyncProperty(
        name,
        fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...paths),
        async (parameter, values, path) => {
          const query = values
            .map((v) => `${encodeURIComponent(parameter)}=${encodeURIComponent(v)}`)
            .join('&');
          expectUnknown(await live.get(path, `${query}&size=5`), parameter);
        },
      ),
      { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20261124) },
    );
  });

  it('a header with such a name changes nothing: it is ignored like any unknown header', async () => {
    const { mock, demo } = setup();
    await fc.assert(
      fc.asyncProperty(name, fc.string({ minLength: 1, maxLength: 8 }), async (header, text) => {
        // Header values are visible ASCII here; names are tokens, and these names are tokens.
        const headers: [string, string][] = [[header, `v${text.replace(/[^\x21-\x7e]/g, 'x')}`]];
        const listed = await mock.fetch(`${mock.baseUrl}/messages?size=1`, {
          headers: [['x-api-key', demo.liveKey], ...headers],
        });
        expect(listed.status).toBe(200);
        const sent = await call(mock, demo.liveKey, 'POST', '/messages', {
          body: { to: '+244923000001', body: 'Hello' },
          headers: Object.fromEntries(headers),
        });
        expect(sent.status).toBe(201);
      }),
      { numRuns: 60, seed: Number(process.env.FC_SEED ?? 20261125) },
    );
  });
});
