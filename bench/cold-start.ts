/**
 * Benchmarks of starting up (issue 13): the cold `import('@msgsvc/mock')` + `createMockService()`
 * of the built package, which vitest pays once per test file (each file has its own module graph),
 * and the wall time of `npm test` as `scripts/test.mjs` last recorded it (the gate is far too long
 * to run inside the bench).
 *
 * Each cold import is its own fresh `node` process, measured from inside (from just before the
 * `import()` to just after `createMockService()` returns), so process start-up is left out; the
 * floor beside it is the same measurement of an empty module, which is what the machine charges
 * for any `import()` at all.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median, report } from './harness';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = 11;

/** Milliseconds from `import()` of `specifier` to the end of `then`, in a fresh process. */
function coldImport(specifier: string, then: string): number {
  const script = `
    const started = performance.now();
    const module = await import(${JSON.stringify(specifier)});
    ${then}
    console.log(performance.now() - started);`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`cold import of ${specifier} failed:\n${result.stderr}`);
  return Number(result.stdout.trim());
}

function coldStart(): void {
  const mock: number[] = [];
  const floor: number[] = [];
  // Alternated, so that both see the same machine; the first of each warms the disk cache.
  coldImport('@msgsvc/mock', 'module.createMockService();');
  for (let i = 0; i < RUNS; i++) {
    mock.push(coldImport('@msgsvc/mock', 'module.createMockService();'));
    floor.push(coldImport('data:text/javascript,export const x = 1;', ''));
  }
  const ms = median(mock);
  report(
    `cold import('@msgsvc/mock') + createMockService(), built (median of ${RUNS} processes)`,
    `${ms.toFixed(1)} ms vs empty module ${median(floor).toFixed(1)} ms`,
    '≤ 120 ms',
    ms <= 120,
  );
}

/** The last full `npm test` run's wall time, from `.reports/test-wall-time.json`. */
function testWallTime(): void {
  const file = `${ROOT}.reports/test-wall-time.json`;
  if (!existsSync(file)) {
    report('npm test wall time', 'not measured yet: run `npm test` once (not run by the bench)');
    return;
  }
  const last = JSON.parse(readFileSync(file, 'utf8')) as {
    seconds: number;
    finishedAt: string;
    cpus: number;
    passed: number;
    failed: number;
    steps: { name: string; seconds: number }[];
  };
  const vitest = last.steps.find((step) => step.name === 'tests (vitest)')?.seconds ?? Number.NaN;
  report(
    'npm test wall time (last full run, read from .reports/, not run by the bench)',
    `${last.seconds.toFixed(0)} s, of which vitest ${vitest.toFixed(0)} s`,
  );
  report(
    '  that run',
    `${last.finishedAt}, ${last.cpus} CPUs, ${last.passed} passed, ${last.failed} failed`,
  );
}

console.log('\n## Start-up (issue 13)');
coldStart();
testWallTime();
