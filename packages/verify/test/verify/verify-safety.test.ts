/**
 * What makes verify safe against a real service, and honest when it finds drift: live keys are
 * refused without --allow-live, the send budget holds even against a service that accepts
 * everything, drift exits 1 with expected and got, an unreachable URL and bad flags exit 2.
 */

import { startServer } from '@msgsvc/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerifyCli } from '../../src/conformance/verify-cli';
import { type CliRun, KEYS, runCaptured, VERIFY_WORLD } from './support';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({ world: VERIFY_WORLD, speed: 100 });
});
afterAll(() => server?.close());

async function verifyWith(argv: readonly string[], fetchImpl: typeof fetch): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runVerifyCli(
    argv,
    {
      stdout: (t) => {
        stdout += `${t}\n`;
      },
      stderr: (t) => {
        stderr += `${t}\n`;
      },
      env: {},
    },
    fetchImpl,
  );
  return { code, stdout, stderr };
}

/** A service that accepts every send, counting the messages it would have created. */
function acceptEverything() {
  const counter = { created: 0 };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fake: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (init?.method === 'POST' && url.pathname.endsWith('/messages')) {
      counter.created += 1;
      return json(201, {
        id: crypto.randomUUID(),
        remitter_id: crypto.randomUUID(),
        to: '+244900000001',
        status: 'PENDING',
        created_at: '2026-01-01T00:00:00.000000+00:00',
        cost: '4.000000',
        segments: 1,
      });
    }
    if (init?.method === 'POST' && url.pathname.endsWith('/campaigns/batch')) {
      let recipients = 0;
      try {
        recipients =
          (JSON.parse(String(init.body)) as { recipients?: unknown[] }).recipients?.length ?? 0;
      } catch {}
      counter.created += recipients;
      return json(202, { message: 'ok', campaign_id: crypto.randomUUID() });
    }
    return json(200, { total: 0, page: 1, size: 30, pages: 0, entries: [] });
  };
  return { fake, counter };
}

describe('verify: safety', () => {
  it('refuses a live key without --allow-live, naming it by prefix only', async () => {
    for (const flag of [
      '--api-key',
      '--poor-api-key',
      '--other-org-api-key',
      '--restricted-api-key',
    ]) {
      const argv = ['verify', '--base-url', server.baseUrl, '--api-key', KEYS.main];
      const run = await runCaptured(
        flag === '--api-key' ? [...argv.slice(0, 4), KEYS.live] : [...argv, flag, KEYS.live],
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${flag} is a live key (svc_live_veri…)`);
      expect(run.stderr + run.stdout).not.toContain(KEYS.live);
    }
  });

  it('never creates more messages than --max-sends, even on a service that accepts everything', async () => {
    for (const max of [0, 1, 5, 17]) {
      const { fake, counter } = acceptEverything();
      const run = await verifyWith(
        [
          '--base-url',
          'http://fake.test/c/v1',
          '--api-key',
          KEYS.main,
          '--max-sends',
          String(max),
          '--time-budget',
          '1',
          '--json',
        ],
        fake,
      );
      const report = JSON.parse(run.stdout) as {
        sends_used: number;
        results: { outcome: string; reason?: string }[];
      };
      expect(counter.created).toBeLessThanOrEqual(max);
      expect(report.sends_used).toBeLessThanOrEqual(max);
      expect(run.code).toBe(1); // the fake drifts everywhere
      expect(
        report.results.some((r) => r.outcome === 'skip' && r.reason?.includes('--max-sends')),
      ).toBe(true);
    }
  }, 60_000);

  it('keeps to the budget against the mock: messages created ≤ --max-sends', async () => {
    const before = await fetch(`${server.baseUrl}/messages?size=1`, {
      headers: { 'x-api-key': KEYS.main },
    }).then((r) => r.json() as Promise<{ total: number }>);
    const run = await runCaptured([
      'verify',
      '--base-url',
      server.baseUrl,
      '--api-key',
      KEYS.main,
      '--max-sends',
      '4',
      '--json',
    ]);
    const after = await fetch(`${server.baseUrl}/messages?size=1`, {
      headers: { 'x-api-key': KEYS.main },
    }).then((r) => r.json() as Promise<{ total: number }>);
    const report = JSON.parse(run.stdout) as { failed: number; sends_used: number };
    expect(after.total - before.total).toBeLessThanOrEqual(4);
    expect(report.sends_used).toBeLessThanOrEqual(4);
    expect(report.failed).toBe(0);
  }, 60_000);

  it('exits 1 on drift and says what was expected and what came back', async () => {
    // The deployment "forgets" X-Trace-Id on successes.
    const drifting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (response.status >= 400) return response;
      const headers = new Headers(response.headers);
      headers.delete('x-trace-id');
      return new Response(await response.arrayBuffer(), { status: response.status, headers });
    };
    const run = await verifyWith(
      [
        '--base-url',
        server.baseUrl,
        '--api-key',
        KEYS.main,
        '--only',
        'errors.trace-id-on-success',
      ],
      drifting,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('FAIL    errors.trace-id-on-success');
    expect(run.stdout).toContain('expected: X-Trace-Id of 32 lowercase hex digits');
    expect(run.stdout).toContain('got:      null');
    expect(run.stdout).toContain('0 passed, 1 failed, 0 skipped');
  });

  it('with --bail, stops at the first failure: later checks are skipped and send nothing', async () => {
    // The deployment "forgets" X-Trace-Id on successes: errors.trace-id-on-success fails.
    let requests = 0;
    const drifting: typeof fetch = async (input, init) => {
      requests += 1;
      const response = await fetch(input, init);
      if (response.status >= 400) return response;
      const headers = new Headers(response.headers);
      headers.delete('x-trace-id');
      return new Response(await response.arrayBuffer(), { status: response.status, headers });
    };
    const report = async (argv: readonly string[]) => {
      requests = 0;
      const run = await verifyWith(
        ['--base-url', server.baseUrl, '--api-key', KEYS.main, '--json', ...argv],
        drifting,
      );
      const body = JSON.parse(run.stdout) as {
        failed: number;
        results: { id: string; outcome: string; reason?: string }[];
      };
      return { code: run.code, requests, ...body };
    };
    // The failing check first, then the list checks (which pass against this deployment).
    const selection = ['--only', 'errors.trace-id-on-success', '--only', 'lists'];

    const alone = await report(['--only', 'errors.trace-id-on-success']);
    const all = await report(selection);
    const bailed = await report([...selection, '--bail']);

    expect(alone.failed).toBe(1);
    expect(all.results.filter((r) => r.outcome === 'pass').length).toBeGreaterThan(3);
    expect(bailed.code).toBe(1);
    expect(bailed.failed).toBe(1);
    // Every check is still in the report, in order; those after the failure did not run...
    expect(bailed.results.map((r) => r.id)).toEqual(all.results.map((r) => r.id));
    expect(bailed.results[0]).toMatchObject({ id: 'errors.trace-id-on-success', outcome: 'fail' });
    for (const result of bailed.results.slice(1)) {
      expect(result).toMatchObject({
        outcome: 'skip',
        reason: 'not run: --bail, and errors.trace-id-on-success failed',
      });
    }
    // ...and sent nothing: the run made the requests of the failing check alone.
    expect(bailed.requests).toBe(alone.requests);
    expect(all.requests).toBeGreaterThan(alone.requests);
  });

  it('exits 2 for an unreachable URL and for bad flags', async () => {
    const down = await runCaptured([
      'verify',
      '--base-url',
      'http://127.0.0.1:9/c/v1',
      '--api-key',
      KEYS.main,
    ]);
    expect(down.code).toBe(2);
    expect(down.stderr).toContain('does not answer');
    for (const [argv, message] of [
      [['--api-key', KEYS.main], '--base-url is required'],
      [['--base-url', 'ftp://x', '--api-key', KEYS.main], '--base-url must be an http(s) URL'],
      [['--base-url', server.baseUrl], '--api-key is required'],
      [
        ['--base-url', server.baseUrl, '--api-key', KEYS.main, '--max-sends', 'many'],
        '--max-sends must be an integer',
      ],
      [
        ['--base-url', server.baseUrl, '--api-key', KEYS.main, '--delivered-number', 'abc'],
        '--delivered-number must be a phone number',
      ],
      [['--base-url', server.baseUrl, '--api-key', 'hello'], '--api-key is not an API key'],
      [['--bogus'], "Unknown option '--bogus'"],
    ] as const) {
      const run = await runCaptured(['verify', ...argv]);
      expect(run.code, message).toBe(2);
      expect(run.stderr).toContain(message);
    }
  });

  it('reads the URL and key from the environment, and prints its help', async () => {
    const run = await runCaptured(['verify', '--only', 'errors.unknown-route'], {
      MSGSVC_BASE_URL: server.baseUrl,
      MSGSVC_API_KEY: KEYS.main,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 passed, 0 failed');
    const help = await runCaptured(['verify', '--help']);
    expect(help.stdout).toContain('--max-sends N');
  });
});
