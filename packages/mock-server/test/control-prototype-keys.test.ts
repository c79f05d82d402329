// The control API with names every JavaScript object already has (`__proto__`, `constructor`,
// `toString`, …) where a client's input becomes a key (D67): body fields, nested keys (rate limits
// by operation id), query parameters, scope names and header names. Over real HTTP, in this process;
// every answer is checked against openapi/control.yaml.

import { createMockService, type MockService } from '@msgsvc/mock';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { controlApi, type Exchange } from './support/http';

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const RUNS = { numRuns: 40 };

let mock: MockService;
let server: MockServer;
let control: ReturnType<typeof controlApi>;
let organizationId: string;

beforeAll(async () => {
  mock = createMockService();
  organizationId = mock.seedDemo().organization.id;
  server = createMockServer({ mock });
  control = controlApi((await server.listen(0, '127.0.0.1')).origin);
});

afterAll(async () => {
  await server.close();
});

/** A JSON object text with `name` added last, as an own key whatever it is. */
function withField(body: Record<string, unknown>, name: string, value: unknown): string {
  const members = Object.entries(body).map(
    ([key, item]) => `${JSON.stringify(key)}:${JSON.stringify(item)}`,
  );
  members.push(`${JSON.stringify(name)}:${JSON.stringify(value)}`);
  return `{${members.join(',')}}`;
}

function expectNamed(
  exchange: Exchange,
  field: string,
  message: string | RegExp = 'Unknown field.',
) {
  expect(exchange.status).toBe(422);
  expect(exchange.body.code).toBe('VALIDATION_ERROR');
  expect(Object.keys(exchange.body.fields)).toEqual([field]);
  expect(exchange.body.fields[field]).toMatch(message);
}

const name = fc.constantFrom(...PROTOTYPE_NAMES);

describe('prototype names in the control API (D67)', () => {
  it('a body field with such a name is a 422 naming it', async () => {
    const bodies: [string, string, Record<string, unknown>][] = [
      ['POST', '/organizations', { name: 'Shop' }],
      ['POST', `/organizations/${organizationId}/fund`, { amount: '1.00' }],
      ['POST', `/organizations/${organizationId}/api-keys`, {}],
      ['POST', `/organizations/${organizationId}/tags`, { name: 'vip' }],
      ['POST', '/clock/advance', { ms: 0 }],
      ['PUT', '/rate-limits', {}],
      ['POST', '/inbound', { from: '+244923000001', to: 'MSGSVC', body: 'hi' }],
    ];
    const before = mock.control.counts();
    await fc.assert(
      fc.asyncProperty(name, fc.constantFrom(...bodies), async (field, [method, path, body]) => {
        const exchange = await control.request(method, path, {
          body: withField(body, field, 1),
          headers: { 'content-type': 'application/json' },
        });
        expectNamed(exchange, field);
      }),
      RUNS,
    );
    expect(mock.control.organizations()).toHaveLength(1);
    expect(mock.control.counts()).toEqual(before);
  });

  it('a rate limit keyed by such a name is a 422 naming it, and the table is unchanged', async () => {
    const limits = (await control.get('/rate-limits')).body.limits;
    await fc.assert(
      fc.asyncProperty(name, async (key) => {
        const exchange = await control.request('PUT', '/rate-limits', {
          body: `{"limits":{${JSON.stringify(key)}:5}}`,
          headers: { 'content-type': 'application/json' },
        });
        expectNamed(exchange, `limits.${key}`, /^Must be one of sendMessage, /);
      }),
      RUNS,
    );
    expect((await control.get('/rate-limits')).body.limits).toEqual(limits);
  });

  it('a query parameter with such a name is a 422 naming it', async () => {
    const paths = [`/organizations/${organizationId}/campaigns`, '/webhooks/outbox'];
    await fc.assert(
      fc.asyncProperty(name, fc.constantFrom(...paths), fc.nat(2), async (parameter, path, n) => {
        const once = `${encodeURIComponent(parameter)}=1`;
        expectNamed(
          await control.get(
            path,
            Array(n + 1)
              .fill(once)
              .join('&'),
          ),
          parameter,
        );
      }),
      RUNS,
    );
  });

  it('a scope with such a name is an unknown scope, in-process and over HTTP', async () => {
    await fc.assert(
      fc.asyncProperty(name, async (scope) => {
        const exchange = await control.post(`/organizations/${organizationId}/api-keys`, {
          scopes: [scope],
        });
        expectNamed(exchange, 'scopes', `Unknown scope: ${scope}`);
        expect(() =>
          mock.control.issueApiKey({ organization_id: organizationId, scopes: [scope] }),
        ).toThrow(expect.objectContaining({ fields: { scopes: `Unknown scope: ${scope}` } }));
      }),
      RUNS,
    );
  });

  it('a header with such a name is ignored like any unknown header', async () => {
    await fc.assert(
      fc.asyncProperty(name, async (header) => {
        const exchange = await control.request('GET', '/clock', { headers: { [header]: 'x' } });
        expect(exchange.status).toBe(200);
      }),
      RUNS,
    );
  });
});
