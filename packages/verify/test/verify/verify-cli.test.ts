/**
 * `msgsvc-mock verify` against `msgsvc-mock serve` (a real process on the verify world): every
 * check passes with a test key and with a live key, checks needing absent keys are skipped, and
 * the three outputs (table, --json, --junit) say the same thing.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedCli, startCli } from '../../../mock-server/test/support/cli-process';
import type { VerifyReport } from '../../src/conformance/run-verify';
import { allKeys, KEYS, runCaptured, VERIFY_WORLD } from './support';

let server: StartedCli;
beforeAll(async () => {
  server = await startCli([
    'serve',
    '--port',
    '0',
    '--json',
    '--world',
    VERIFY_WORLD,
    '--speed',
    '100',
  ]);
}, 60_000);
afterAll(() => server?.stop());

describe('verify against msgsvc-mock serve', () => {
  it('passes every check with a test key and every extra credential', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verify-'));
    const junit = join(dir, 'verify.xml');
    const run = await runCaptured([
      'verify',
      ...allKeys(server.info.base_url),
      '--json',
      '--junit',
      junit,
    ]);
    const report = JSON.parse(run.stdout) as VerifyReport;
    const failures = report.results.filter((r) => r.outcome !== 'pass');
    expect(failures).toEqual([]);
    expect(run.code).toBe(0);
    expect(report.passed).toBeGreaterThanOrEqual(50);
    expect(report.api_key).toBe('svc_test_veri…');
    expect(report.sends_used).toBeLessThanOrEqual(report.max_sends);
    // No key in full anywhere in what verify printed or wrote.
    const xml = readFileSync(junit, 'utf8');
    for (const key of Object.values(KEYS)) {
      expect(run.stdout).not.toContain(key);
      expect(xml).not.toContain(key);
    }
    expect(xml).toContain(`tests="${report.results.length}" failures="0"`);
    expect(xml.match(/<testcase /g)).toHaveLength(report.results.length);
  }, 120_000);

  it('passes with a live key too (refunds observed), and prints the table by default', async () => {
    const args = allKeys(server.info.base_url);
    args[3] = KEYS.live;
    const run = await runCaptured(['verify', ...args, '--only', 'progress', '--only', 'cost']);
    expect(run.stdout).toMatch(/PASS +progress\.message-refund/);
    expect(run.stdout).toMatch(/\b0 failed, 0 skipped/);
    expect(run.stdout).toContain('(LIVE)');
    expect(run.code).toBe(0);
  }, 60_000);

  it('skips, never fails, the checks whose credentials are absent', async () => {
    const run = await runCaptured([
      'verify',
      '--base-url',
      server.info.base_url,
      '--api-key',
      KEYS.main,
      '--only',
      'auth',
      '--only',
      'billing',
      '--only',
      'isolation',
      '--json',
    ]);
    const report = JSON.parse(run.stdout) as VerifyReport;
    const skipped = report.results.filter((r) => r.outcome === 'skip').map((r) => [r.id, r.reason]);
    expect(skipped).toEqual([
      ['auth.scope-send', 'needs --restricted-api-key'],
      ['auth.scope-read', 'needs --restricted-api-key'],
      ['billing.insufficient-funds', 'needs --poor-api-key'],
      ['isolation.messages', 'needs --other-org-api-key'],
      ['isolation.campaigns', 'needs --other-org-api-key'],
      ['isolation.message-filters', 'needs --other-org-api-key'],
      ['isolation.campaign-filters', 'needs --other-org-api-key'],
      ['isolation.other-way', 'needs --other-org-api-key'],
    ]);
    expect(report.failed).toBe(0);
    expect(run.code).toBe(0);
  }, 60_000);
});
