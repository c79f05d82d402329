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
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
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

type TierReport = {
  seconds: number;
  finishedAt: string;
  cpus: number;
  passed: number;
  failed: number;
  cpuSeconds?: number;
  steps: { id?: string; name: string; seconds: number; cpuSeconds?: number }[];
};

/**
 * The last full run of each test tier, from `.reports/tier-<tier>.json` (scripts/test.mjs): the
 * per-change gate's wall time and CPU against its five minutes and 600 s, the release tier's for
 * the record. CPU ÷ cores is the least wall time the same work can take on this machine.
 */
function testWallTime(): void {
  for (const [tier, label, targets] of [
    ['gate', 'npm test', { seconds: 300, cpu: 600 }],
    ['release', 'npm run test:release', undefined],
  ] as const) {
    const file = `${ROOT}.reports/tier-${tier}.json`;
    if (!existsSync(file)) {
      report(
        `${label} wall time`,
        `not measured yet: run \`${label}\` once (not run by the bench)`,
      );
      continue;
    }
    const last = JSON.parse(readFileSync(file, 'utf8')) as TierReport;
    const cpu = last.cpuSeconds ?? Number.NaN;
    report(
      `${label} wall time (last full run, read from .reports/, not run by the bench)`,
      `${last.seconds.toFixed(0)} s`,
      targets === undefined ? undefined : `≤ ${targets.seconds} s`,
      targets === undefined ? undefined : last.seconds <= targets.seconds,
    );
    report(
      `${label} CPU`,
      `${cpu.toFixed(0)} s, ÷ ${last.cpus} cores = ${(cpu / last.cpus).toFixed(0)} s at the least`,
      targets === undefined ? undefined : `≤ ${targets.cpu} s`,
      targets === undefined ? undefined : cpu <= targets.cpu,
    );
    report(
      '  that run',
      `${last.finishedAt}, ${last.cpus} CPUs, ${last.passed} passed, ${last.failed} failed`,
    );
    const heaviest = last.steps
      .filter((step) => step.cpuSeconds !== undefined)
      .toSorted((a, b) => (b.cpuSeconds ?? 0) - (a.cpuSeconds ?? 0));
    for (const step of heaviest) {
      report(
        `  ${step.id ?? step.name}`,
        `${step.cpuSeconds?.toFixed(0)} s of CPU, ${step.seconds.toFixed(0)} s wall`,
      );
    }
  }
}

/** Milliseconds from spawning `command` to its `--json` listening line (then it is stopped). */
async function timeToListening(command: string, args: readonly string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(command, [...args, 'serve', '--port', '0', '--json'], {
    cwd: tmpdir(),
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await once(createInterface({ input: child.stdout }), 'line');
  const ms = performance.now() - started;
  child.kill('SIGTERM');
  await once(child, 'exit');
  return ms;
}

/**
 * The standalone executable (issue 24, E42): its size, and its time to the listening line beside
 * the same server run by Node from the built package (the floor a user with Node already has).
 */
async function standaloneStart(): Promise<void> {
  const executable = `${ROOT}.reports/standalone/msgsvc-mock`;
  if (!existsSync(executable)) {
    spawnSync(process.execPath, [`${ROOT}scripts/build-standalone.mjs`], { stdio: 'inherit' });
  }
  const cli = `${ROOT}packages/mock-server/dist/cli.js`;
  if (!existsSync(cli)) {
    report('standalone msgsvc-mock', 'not measured: build the packages first (npm run build)');
    return;
  }
  const standalone: number[] = [];
  const node: number[] = [];
  await timeToListening(executable, []); // the first of each warms the disk cache
  await timeToListening(process.execPath, [cli]);
  for (let i = 0; i < RUNS; i++) {
    standalone.push(await timeToListening(executable, []));
    node.push(await timeToListening(process.execPath, [cli]));
  }
  const ms = median(standalone);
  report(
    `standalone msgsvc-mock: spawn to --json line (median of ${RUNS})`,
    `${ms.toFixed(0)} ms vs node dist/cli.js ${median(node).toFixed(0)} ms`,
    '≤ 500 ms',
    ms <= 500,
  );
  report(
    '  its size',
    `${(statSync(executable).size / 1024 / 1024).toFixed(1)} MB (Bun runtime included)`,
  );
}

console.log('\n## Start-up (issue 13)');
coldStart();
await standaloneStart();
testWallTime();
