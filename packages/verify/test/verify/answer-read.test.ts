/**
 * The verify kit reads each answer's body once, so a `fetch` whose answers cannot be read twice
 * works: node-fetch (what cross-fetch and isomorphic-fetch give in Node) stalls a clone read
 * before its original once the body passes its 16 KiB buffer.
 */
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/conformance/check-kit/api';

describe("the verify kit's answers", () => {
  it('are read once: a fetch whose bodies cannot be read twice still works', async () => {
    const body = JSON.stringify({ entries: ['x'.repeat(20_000)] });
    const readOnce = (async () => {
      const response = new Response(body, { headers: { 'content-type': 'application/json' } });
      response.clone = () => {
        throw new Error('this fetch’s answers can be read once');
      };
      return response;
    }) as unknown as typeof fetch;
    const api = createApi({
      baseUrl: 'http://verify.test/c/v1',
      apiKey: 'svc_test_verify',
      budget: { used: 0, max: 0 },
      deadline: 0,
      fetch: readOnce,
    });
    const answer = await api.request('GET', '/messages');
    expect(answer.text).toBe(body);
    expect(answer.json).toEqual(JSON.parse(body));
  });
});
