/**
 * A deployment that leaves every campaign in PROCESSING (issue 35, item 8): the mock on the verify
 * world, its campaigns shown as PROCESSING on the way back to verify. With every key and a 5 s
 * time budget, the run ends and reports the stuck campaign by id. The budget is the run's, so
 * the run takes it once, not once per check that waits on the campaign: the bound asserted is the
 * budget plus 30 s, generous for a loaded machine, where a budget per wait took minutes.
 */
import { join } from 'node:path';
import { type RunningServer, startServer } from '@msgsvc/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../mock-server/test/support/cli-process';
import { meterLoopDelay } from '../../../sdk/test/support/loop-delay';
import { runVerify } from '../../src/conformance/run-verify';
import { KEYS, VERIFY_WORLD } from './support';

type Json = Record<string, unknown>;

const BUDGET_MS = 5_000;

/** A campaign as a stuck deployment shows it. */
function stuck(campaign: Json): void {
  if (campaign.status === 'COMPLETED' || campaign.status === 'FAILED') {
    campaign.status = 'PROCESSING';
    campaign.completed_at = null;
  }
}

/** The deployment's fetch, with every campaign it answers left in PROCESSING. */
function stuckCampaigns(server: RunningServer): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fetch(input, init);
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (!/^\/c\/v1\/campaigns(\/[0-9a-f-]{36})?$/.test(url.pathname) || response.status !== 200) {
      return response;
    }
    expect(url.origin).toBe(new URL(server.baseUrl).origin);
    const body = (await response.json()) as Json;
    if (Array.isArray(body.entries)) for (const entry of body.entries) stuck(entry as Json);
    else stuck(body);
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(body), { status: 200, headers });
  }) as typeof fetch;
}

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

describe('verify against a deployment whose campaigns never finish', () => {
  it('reports the stuck campaign within its time budget, with every key', async () => {
    const meter = meterLoopDelay();
    const started = Date.now();
    const report = await runVerify({
      baseUrl: server.baseUrl,
      apiKey: KEYS.live,
      poorApiKey: KEYS.poor,
      restrictedApiKey: KEYS.restricted,
      otherOrgApiKey: KEYS.otherLive,
      allowLive: true,
      maxSends: 1200,
      timeBudgetMs: BUDGET_MS,
      fetch: stuckCampaigns(server),
    });
    meter.stop();
    // The budget once, not once per check (57 s before): the run's wall time less the time its
    // event loop was busy or held up (its own work, or a starved machine; measured) is waiting.
    const waited = Date.now() - started - meter.heldMs();
    expect(waited).toBeLessThan(BUDGET_MS + 30_000);

    const completes = report.results.find((r) => r.id === 'progress.campaign-completes');
    expect(completes).toMatchObject({ outcome: 'fail' });
    expect(completes!.expected).toMatch(
      /^campaign [0-9a-f-]{36} COMPLETED within the run's time budget \(--time-budget 5 s of waiting, shared by every check\)/,
    );
    expect(completes!.got).toMatch(/^still PROCESSING when the time budget ran out: /);
    // Every check ran and reported.
    expect(report.results.length).toBeGreaterThan(40);
  }, 600_000);
});
