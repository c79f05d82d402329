// The request log redacts an entry when it is first read, not when it is recorded. Whenever it is
// read, and whatever the ring dropped meanwhile, it must show what a log that redacts every entry
// at once shows.

import type { HttpRequest, HttpResponse } from '@msgsvc/mock';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeyOwner } from '../src/worlds/request-log';
import { RequestLog } from '../src/worlds/request-log';

const KEY = 'sk_live_c2VjcmV0LWtleS1vZi10aGUtdGVzdC1ydW4';
const owner = (key: string): KeyOwner | null =>
  key === KEY ? { world: null, organization_id: 'org', environment: 'live' } : null;

const body = fc.oneof(
  fc.constant(null),
  fc.string(),
  fc.constant(`{"error":{"code":"MESSAGE_NOT_FOUND","key":"${KEY}"}}`),
  fc.uint8Array({ maxLength: 8 }),
);
const exchange = fc.record({
  method: fc.constantFrom('GET', 'POST'),
  path: fc.constantFrom('/c/v1/messages', `/c/v1/messages/${KEY}`, '/c/v1/campaigns'),
  query: fc.constantFrom('', 'size=2', `api_key=${KEY}`),
  key: fc.constantFrom(undefined, '', KEY, 'sk_test_unknown'),
  requestBody: body,
  status: fc.constantFrom(200, 201, 401, 404),
  responseBody: fc.oneof(fc.string(), fc.constant(`{"error":{"code":"MESSAGE_NOT_FOUND"}}`)),
  readNow: fc.boolean(),
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('request log', () => {
  it('reads each entry, whenever first read, as if redacted when recorded', () => {
    fc.assert(
      fc.property(fc.array(exchange, { maxLength: 30 }), (exchanges) => {
        const eager = new RequestLog(7);
        const lazy = new RequestLog(7);
        for (const log of [eager, lazy]) log.keyOwner = owner;
        for (const e of exchanges) {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (e.key !== undefined) headers['x-api-key'] = e.key;
          const request: HttpRequest = {
            method: e.method,
            path: e.path,
            query: e.query,
            headers,
            body: e.requestBody,
          };
          const response: HttpResponse = {
            status: e.status,
            headers: { 'x-trace-id': 't' },
            body: e.responseBody,
          };
          eager.record(request, response);
          lazy.record(request, response);
          eager.newestFirst().next();
          if (e.readNow) lazy.entries(2);
          vi.advanceTimersByTime(1000);
        }
        expect(lazy.entries()).toEqual(eager.entries());
        expect([...lazy.newestFirst()]).toEqual([...eager.newestFirst()]);
      }),
      { numRuns: 200 },
    );
  });
});
