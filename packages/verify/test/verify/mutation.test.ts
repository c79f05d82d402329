/**
 * The mutation run: proof that `msgsvc-verify` catches drift. Each mutation of `mutations.ts`
 * is applied to a copy of the mock's sources, bundled with the server's (esbuild, as tsup builds
 * the bin, with `@msgsvc/mock` pointed at the copy),
 * served as `msgsvc-mock serve` (the verify world, a fast real clock), and verified; a mutation is killed when at least one check fails.
 * The unmutated copy must pass every check. Prints the kill rate and the check that killed each.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleCli } from '../../../mock-server/test/support/cli-bundle.global';
import { REPO_ROOT } from '../../../mock-server/test/support/cli-process';
import { runVerify, type VerifyReport } from '../../src/conformance/run-verify';
import { anchorProblems, MUTATIONS, type Mutation } from './mutations';
import { KEYS, VERIFY_WORLD } from './support';

const SOURCE = join(REPO_ROOT, 'packages/mock/src');
// Copies live outside the repository: a link to the repository's node_modules resolves zod, uuid
// and ajv, and the repository's tsconfig (given to esbuild) bundles @msgsvc/sdk from its sources.
const WORK = mkdtempSync(join(tmpdir(), 'msgsvc-mutants-'));
symlinkSync(join(REPO_ROOT, 'node_modules'), join(WORK, 'node_modules'), 'dir');
// Four at a time: a run spends much of its time waiting on requests, not computing.
const CONCURRENCY = 4;
const children = new Set<ChildProcess>();

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(WORK, { recursive: true, force: true });
});

/**
 * A copy of the sources with `mutation` applied (none for the baseline), bundled into one file:
 * a bundle starts in a fraction of the time tsx needs to compile every file of a new copy.
 */
async function mutant(name: string, mutation?: Mutation): Promise<string> {
  const dir = join(WORK, name);
  mkdirSync(dir, { recursive: true });
  cpSync(SOURCE, join(dir, 'src'), { recursive: true });
  if (mutation !== undefined) {
    const path = join(dir, 'src', mutation.file);
    writeFileSync(path, readFileSync(path, 'utf8').replace(mutation.search, mutation.replace));
  }
  // The server as it is, on the mutated service: its two imports of the mock name the copy.
  await bundleCli(join(dir, 'serve.mjs'), {
    alias: {
      '@msgsvc/mock': join(dir, 'src/index.ts'),
      '@msgsvc/mock/port': join(dir, 'src/port.ts'),
    },
    sourcemap: false,
  });
  return dir;
}

/** Serves a copy and resolves with its base URL and a stop function. */
function serve(dir: string): Promise<{ baseUrl: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    [
      join(dir, 'serve.mjs'),
      'serve',
      '--port',
      '0',
      '--json',
      '--world',
      VERIFY_WORLD,
      '--speed',
      '1000',
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  const stop = () => {
    child.kill('SIGKILL');
    children.delete(child);
  };
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk;
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      if (line !== undefined)
        resolve({ baseUrl: (JSON.parse(line) as { base_url: string }).base_url, stop });
    });
    child.once('exit', (code) =>
      reject(new Error(`${dir} exited (${code}) before serving:\n${stderr}`)),
    );
  });
}

/** The two ways verify is run: one test key, or every credential (D141). */
type Mode = 'test-key' | 'every-key';
const MODES: readonly Mode[] = ['test-key', 'every-key'];

/** What each mode is given. */
function modeOptions(mode: Mode) {
  return mode === 'test-key'
    ? // What most users have: one test key and the default budget.
      { apiKey: KEYS.main }
    : {
        // A live key: refunds are observable (D19, D28); the mock sends nothing anywhere.
        apiKey: KEYS.live,
        poorApiKey: KEYS.poor,
        restrictedApiKey: KEYS.restricted,
        // The other organization's key of the same environment, so isolation discriminates (D140).
        otherOrgApiKey: KEYS.otherLive,
        allowLive: true,
      };
}

/**
 * Verifies one copy in both modes at once, against one server (their keys share nothing). A
 * mutant's runs stop at their first failing check (`bail`): one failure kills it, and the checks
 * after it would cost about two thirds of the run's requests (E69). The baseline runs every check.
 */
async function verifyCopy(name: string, mutation?: Mutation): Promise<Record<Mode, VerifyReport>> {
  const dir = await mutant(name, mutation);
  const server = await serve(dir);
  try {
    const [testKey, everyKey] = await Promise.all(
      MODES.map((mode) =>
        runVerify({
          baseUrl: server.baseUrl,
          ...modeOptions(mode),
          // A mutant that stalls progress is killed when the budget runs out, so mutants get 5 s;
          // the baseline must pass, so it gets room for a starved machine's slow reads (the
          // budget is wall time, reads included) and returns as soon as its checks are done.
          timeBudgetMs: mutation === undefined ? 60_000 : 5_000,
          bail: mutation !== undefined,
        }),
      ),
    );
    return { 'test-key': testKey!, 'every-key': everyKey! };
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function pool<T, R>(items: readonly T[], size: number, run: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await run(items[i]!);
      }
    }),
  );
  return results;
}

describe('the mutation run', () => {
  it('kills ≥ 95 % with one test key and every mutation with every key; the unmutated mock passes', async () => {
    expect(MUTATIONS.length).toBeGreaterThanOrEqual(60);
    expect(anchorProblems()).toEqual([]);
    const baseline = await verifyCopy('baseline');
    // Every check passes; with one test key the only skips are the checks needing another key.
    expect(baseline['every-key'].results.filter((r) => r.outcome !== 'pass')).toEqual([]);
    expect(
      baseline['test-key'].results.filter(
        (r) => r.outcome === 'fail' || (r.outcome === 'skip' && !/^needs --/.test(r.reason ?? '')),
      ),
    ).toEqual([]);

    const reports = await pool(MUTATIONS, CONCURRENCY, (mutation) =>
      verifyCopy(mutation.id, mutation),
    );
    const rows = MUTATIONS.map((mutation, i) => {
      const failed = (mode: Mode) =>
        reports[i]![mode].results.filter((r) => r.outcome === 'fail').map((r) => r.id);
      return {
        mutation: mutation.id,
        breaks: mutation.breaks,
        testKey: failed('test-key'),
        everyKey: failed('every-key'),
      };
    });
    const rate = (mode: 'testKey' | 'everyKey') =>
      (100 * rows.filter((row) => row[mode].length > 0).length) / rows.length;
    const mark = (by: readonly string[]) => (by.length > 0 ? 'killed  ' : 'SURVIVED');
    console.log(
      [
        `verify mutation run: ${rows.length} mutants; killed with one test key ` +
          `${rows.filter((r) => r.testKey.length > 0).length} (${rate('testKey').toFixed(1)} %), ` +
          `with every key ${rows.filter((r) => r.everyKey.length > 0).length} (${rate('everyKey').toFixed(1)} %); ` +
          `baseline ${baseline['test-key'].passed}/${baseline['test-key'].results.length} and ` +
          `${baseline['every-key'].passed}/${baseline['every-key'].results.length} checks passed`,
        `  ${'mutant'.padEnd(40)} ${'test key'.padEnd(8)} every key  first failing check (test key | every key)`,
        ...rows.map(
          (row) =>
            `  ${row.mutation.padEnd(40)} ${mark(row.testKey)} ${mark(row.everyKey)}   ${row.testKey.join(', ')} | ${row.everyKey.join(', ')}`,
        ),
      ].join('\n'),
    );
    expect(
      rows
        .filter((row) => row.everyKey.length === 0)
        .map((row) => `${row.mutation}: ${row.breaks}`),
    ).toEqual([]);
    expect(rate('testKey')).toBeGreaterThanOrEqual(95);
  }, 1_500_000);
});
