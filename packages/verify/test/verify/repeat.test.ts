/**
 * Flake-freedom: the whole suite, 20 times in a row against one in-process server on the verify
 * world, alternating one test key and every key, each run at the defaults (`--max-sends 60`), every
 * one passing. The server's real clock runs 1,000 times fast, which makes rate-limit windows 60 ms
 * long: a check that does not follow `X-RateLimit-Reset` through a window that resets mid-count,
 * or that polls on a wall-clock assumption, fails here. Records accumulate from run to run, so the
 * later runs check an organization that already holds the earlier runs' messages and campaigns.
 */
import { join } from 'node:path';
import { type RunningServer, startServer } from '@msgsvc/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../mock-server/test/support/cli-process';
import { runVerify } from '../../src/conformance/run-verify';
import { KEYS, VERIFY_WORLD } from './support';

const RUNS = 20;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    world: join(REPO_ROOT, VERIFY_WORLD),
    speed: 1000,
  });
}, 60_000);
afterAll(() => server?.close());

describe('verify, run after run', () => {
  it(`passes ${RUNS} times in a row, in both credential modes`, async () => {
    const outcomes: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const everyKey = run % 2 === 1;
      const report = await runVerify({
        baseUrl: server.baseUrl,
        ...(everyKey
          ? {
              apiKey: KEYS.live,
              poorApiKey: KEYS.poor,
              restrictedApiKey: KEYS.restricted,
              otherOrgApiKey: KEYS.otherLive,
              allowLive: true,
            }
          : { apiKey: KEYS.main }),
        // Room for a starved machine's slow reads (the budget is wall time, reads included); a
        // run that passes returns as soon as its checks are done.
        timeBudgetMs: 60_000,
      });
      const bad = report.results.filter(
        (r) => r.outcome === 'fail' || (r.outcome === 'skip' && !/^needs --/.test(r.reason ?? '')),
      );
      outcomes.push(
        `run ${run + 1} (${everyKey ? 'every key' : 'one test key'}): ${report.passed} passed, ` +
          `${report.skipped} skipped for a missing key${bad.length === 0 ? '' : `; ${bad.map((r) => `${r.id} ${r.outcome}: ${r.got ?? r.reason}`).join('; ')}`}`,
      );
      expect(bad, outcomes.join('\n')).toEqual([]);
      if (everyKey) expect(report.skipped).toBe(0);
    }
  }, 300_000);
});
