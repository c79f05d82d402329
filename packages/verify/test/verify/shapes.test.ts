// verify's shape check (D100) against the mock with its answers changed on the way back: a field
// the contract does not name passes with a warning in the report; a missing or mistyped field fails.

import { createMockService } from '@msgsvc/mock';
import { describe, expect, it } from 'vitest';
import { reportText } from '../../src/conformance/reports';
import { runVerify } from '../../src/conformance/run-verify';

type Json = Record<string, unknown>;

/** Runs the shapes check against a demo mock whose Retrieve Message answers pass through `edit`. */
async function verifyWith(edit: (body: Json) => void) {
  const mock = createMockService();
  const demo = mock.seedDemo();
  const changing = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await mock.fetch(input, init);
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (!/^\/c\/v1\/messages\/[0-9a-f-]{36}$/.test(url.pathname) || response.status !== 200) {
      return response;
    }
    const body = (await response.json()) as Json;
    edit(body);
    return new Response(JSON.stringify(body), { status: 200, headers: response.headers });
  }) as typeof fetch;
  return runVerify({
    baseUrl: mock.baseUrl,
    apiKey: demo.testKey,
    only: ['shapes.responses'],
    fetch: changing,
    // Room for a starved machine (the budget is wall time); a check that is done returns at once.
    timeBudgetMs: 60_000,
  });
}

describe('verify shapes.responses', () => {
  it('passes on the mock as it is, without warnings', async () => {
    const report = await verifyWith(() => {});
    expect(report.results).toEqual([
      expect.objectContaining({ id: 'shapes.responses', outcome: 'pass' }),
    ]);
    expect(report.results[0]!.warnings).toBeUndefined();
  });

  it('an added field: still a pass, with a warning naming it', async () => {
    const report = await verifyWith((body) => {
      body.priority = 'high';
      (body.sms_remitter as Json).country = 'AO';
    });
    const [result] = report.results;
    expect(result?.outcome).toBe('pass');
    expect(result?.warnings).toEqual([
      expect.stringMatching(/^GET \/messages\/\S+ → 200: \/priority is not in the contract/),
      expect.stringMatching(/\/sms_remitter\/country is not in the contract/),
    ]);
    expect(report.failed).toBe(0);
    expect(reportText(report)).toContain('warning: GET /messages/');
  });

  it('a missing or mistyped field: a failure that says which', async () => {
    const missing = await verifyWith((body) => {
      delete body.cost;
    });
    expect(missing.results[0]).toMatchObject({
      outcome: 'fail',
      got: expect.stringMatching(/cost/),
    });
    const mistyped = await verifyWith((body) => {
      body.is_refunded = 'no';
      body.priority = 'high';
    });
    expect(mistyped.results[0]).toMatchObject({
      outcome: 'fail',
      got: expect.stringMatching(/is_refunded must be boolean/),
    });
  });
});
