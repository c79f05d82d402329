#!/usr/bin/env node
// The project's one test command (`npm test`): every check CI relies on, then one summary line
// `N passed, N failed` that CI reads. Checks run even after an earlier one failed, so a single run
// shows everything that is wrong.
//
// Independent steps run side by side (E38): each step names the steps whose output it needs, and
// a step starts as soon as those are done and a slot is free (`MSGSVC_GATE_JOBS`, default the
// number of cores plus one: most steps wait on child processes, sockets, Chromium, npm's cache or
// the disk; four at a time starved the over-HTTP fault suite, E74). Each
// step's output is held and printed whole when it ends, so logs never interleave. The packages are
// built and packed once, by the package checks; every later step uses those builds and tarballs.
//
//   npm test                     the whole gate
//   npm test -- <vitest args>    every check, then vitest with those arguments only
//   MSGSVC_GATE_JOBS=1 npm test  one step at a time (the old order), for a readable log
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const started = Date.now();
const forwarded = process.argv.slice(2);
const JOBS = Math.max(1, Number(process.env.MSGSVC_GATE_JOBS ?? availableParallelism() + 1));
mkdirSync('.reports', { recursive: true });

/**
 * One vitest run, reporting to its own JSON file so that runs side by side never share one.
 * Without `--typecheck`: the type tests (`*.test-d.ts`) are checked by the typecheck step, whose
 * tsc reads tsconfig.json and so every type test; a vitest run with it would compile most of the
 * project a second time (about a minute of the SDK half under load, E66).
 */
const vitest = (id, args) => ({
  report: `.reports/vitest-${id}.json`,
  command: [
    'npx',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=.reports/vitest-${id}.json`,
    ...args,
  ],
});

/**
 * One half of the projects in a vitest process of its own: vitest gives a 2-core machine one
 * worker, so two processes keep both cores busy without running more tests at once in either
 * (E38). The verify kit's mutation run is the project `mutation`, a step of its own (E43).
 */
const half = (id, projects, after) => ({
  id,
  name: `tests (vitest: ${projects.join(', ')})`,
  after,
  ...vitest(
    id,
    projects.flatMap((project) => ['--project', project]),
  ),
});

const DOCS = {
  id: 'docs',
  name: 'docs site: TypeDoc (every export documented), Redocly, guides',
  command: ['node', 'scripts/docs.mjs'],
};

/**
 * The steps, in order of priority: the longest chains first (the package build and the SDK's
 * tests after it; the server's tests; the mutation run), so that they start at once and the short
 * steps fill the gaps. `after` names the steps whose output a step reads.
 */
const steps = [
  {
    id: 'packages',
    name: 'packages: build, manifest, publint, attw',
    command: ['node', 'scripts/check-packages.mjs'],
  },
  ...(forwarded.length === 0
    ? [
        // The server's, the inspector's and the verify kit's tests read nothing built: they start
        // at once, and they are the longest (processes, Chromium, waits on real sockets), so they
        // are two processes, each about half of the wall time the one process took (E72).
        half('tests-inspector', ['inspector'], []),
        half('tests-server', ['mock-server', 'verify'], []),
        {
          id: 'mutation',
          name: 'tests (vitest: the mutation run of the verify kit)',
          ...vitest('mutation', ['--project', 'mutation']),
        },
        // The SDK's dual-package test reads its build.
        half('tests-sdk', ['openapi', 'sdk', 'mock', 'realm', 'examples'], ['packages']),
        DOCS,
        {
          id: 'tests-docs',
          name: 'tests (vitest: docs, the site and the records)',
          after: ['docs'],
          ...vitest('docs', ['--project', 'docs']),
        },
      ]
    : [
        DOCS,
        {
          id: 'tests',
          name: 'tests (vitest)',
          after: ['packages', 'docs'],
          ...vitest('tests', forwarded),
        },
      ]),
  { id: 'lint', name: 'lint (code)', command: ['npx', 'biome', 'check', '.'] },
  {
    id: 'lint-spec',
    name: 'lint (spec)',
    command: ['npx', 'redocly', 'lint', '--config', 'openapi/redocly.yaml', '--format=stylish'],
  },
  { id: 'typecheck', name: 'typecheck', command: ['npx', 'tsc', '-p', 'tsconfig.json'] },
  {
    id: 'generated',
    name: 'generated code is fresh',
    command: ['node', 'scripts/generate.mjs', '--check'],
  },
  {
    id: 'lockfile',
    name: 'lockfile installs with npm ci',
    command: ['node', 'scripts/complete-lockfile.mjs', '--check'],
  },
  {
    id: 'setups',
    name: 'setups: the tarballs under Jest (ts-jest, ESM, babel), vitest 3 and 4 (pools, jsdom, happy-dom), node:test and Bun',
    after: ['packages'],
    command: ['node', 'scripts/setups.mjs'],
  },
  {
    id: 'runtimes',
    name: 'runtimes: the SDK smoke suite on Node 20, 22, 24, Bun, Deno and workerd; types under TS 5 and 7',
    after: ['packages'],
    command: ['node', 'scripts/runtimes.mjs'],
  },
  {
    id: 'pack-smoke',
    name: 'packages: install the tarballs and use them',
    after: ['packages'],
    command: ['node', 'scripts/pack-smoke.mjs'],
  },
  {
    id: 'worlds',
    name: 'worlds: vitest threads, Jest and Playwright workers, Python threads on one server, a world per test; a shared-world control run',
    command: ['node', 'scripts/worlds-recipes.mjs'],
  },
  {
    id: 'standalone',
    name: 'standalone: the msgsvc-mock executable (bun build --compile) passes verify with no node on PATH',
    command: ['node', 'scripts/standalone.mjs'],
  },
  {
    id: 'release',
    name: 'release dry run: changeset version and npm publish --dry-run, on a copy',
    after: ['packages'],
    command: ['node', 'scripts/release-dry-run.mjs'],
  },
  {
    id: 'size',
    name: 'SDK size budget',
    after: ['packages'],
    command: ['node', 'scripts/size-budget.mjs', '--built'],
  },
  ...(process.env.MSGSVC_EXTRA_STEPS ?? '')
    .split(';')
    .filter(Boolean)
    .map((cmd, index) => ({ id: `extra-${index}`, name: cmd, command: ['sh', '-c', cmd] })),
];

/**
 * CPU seconds (user + system) of this process's reaped children and their reaped descendants, from
 * `/proc/self/stat` (Linux; `undefined` elsewhere). Read when a step's process has exited, the
 * growth since the last read is that step's CPU: what bounds the gate on a machine with few cores.
 */
/** Clock ticks per second: 100 on every Linux build Node supports (USER_HZ). */
const TICKS = 100;
function childrenCpu() {
  try {
    // Fields after the command's closing parenthesis; cutime and cstime are the 16th and 17th.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS;
  } catch {
    return undefined;
  }
}
let cpuSeen = childrenCpu();

/** Runs one step with its output held; resolves with its outcome. */
function runStep(step) {
  return new Promise((resolve) => {
    const stepStarted = Date.now();
    const [command, ...args] = step.command;
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const finish = (code) => {
      const cpuNow = childrenCpu();
      const cpu = cpuNow === undefined || cpuSeen === undefined ? undefined : cpuNow - cpuSeen;
      cpuSeen = cpuNow;
      resolve({
        step,
        ok: code === 0,
        seconds: (Date.now() - stepStarted) / 1000,
        cpu,
        output: Buffer.concat(chunks).toString('utf8'),
      });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', finish);
  });
}

/** Runs every step, each once its `after` steps are done, at most JOBS at a time. */
async function runAll() {
  const results = new Map();
  const running = new Map();
  const pending = [...steps];
  while (pending.length > 0 || running.size > 0) {
    for (let i = 0; i < pending.length && running.size < JOBS; ) {
      const step = pending[i];
      if ((step.after ?? []).every((id) => results.has(id))) {
        pending.splice(i, 1);
        running.set(step.id, runStep(step));
      } else {
        i++;
      }
    }
    const done = await Promise.race(running.values());
    running.delete(done.step.id);
    results.set(done.step.id, done);
    const verdict = done.ok ? 'ok' : 'FAILED';
    const cpu = done.cpu === undefined ? '' : ` (${done.cpu.toFixed(0)} s of CPU)`;
    console.log(`\n▶ ${done.step.name} — ${verdict} in ${done.seconds.toFixed(1)} s${cpu}`);
    process.stdout.write(done.output.endsWith('\n') ? done.output : `${done.output}\n`);
  }
  return [...results.values()];
}

for (const step of steps) if (step.report !== undefined) rmSync(step.report, { force: true });
const results = await runAll();

let passed = 0;
let failed = 0;
const failedSteps = [];
for (const { step, ok } of results) {
  if (step.report === undefined) {
    if (!ok) failedSteps.push(step.name);
    continue;
  }
  try {
    const report = JSON.parse(readFileSync(step.report, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    // A file that fails to load has no test results but must still fail the run.
    if (!ok && report.numFailedTests === 0) failed += 1;
  } catch {
    failed += 1;
  }
}

if (failedSteps.length > 0) console.log(`\nFailed checks: ${failedSteps.join(', ')}`);
failed += failedSteps.length;
const seconds = (Date.now() - started) / 1000;
const cpuTotal = results.every((r) => r.cpu !== undefined)
  ? results.reduce((sum, r) => sum + r.cpu, 0)
  : undefined;
// On a machine whose cores are all busy, wall time cannot go below CPU ÷ cores.
const cpuLine =
  cpuTotal === undefined
    ? ''
    : ` ${cpuTotal.toFixed(0)} s of CPU (÷ ${availableParallelism()} cores = ${(cpuTotal / availableParallelism()).toFixed(0)} s).`;
console.log(
  `\nGate: ${seconds.toFixed(0)} s wall, ${results.length} steps, up to ${JOBS} at a time.${cpuLine} Longest: ${results
    .toSorted((a, b) => b.seconds - a.seconds)
    .slice(0, 4)
    .map((r) => `${r.step.id} ${r.seconds.toFixed(0)} s`)
    .join(', ')}.`,
);
// The gate's wall time, for the bench to show (it is too long to run there). Only a full run
// counts: arguments narrow the tests, and a narrowed run would understate it.
if (forwarded.length === 0) {
  writeFileSync(
    '.reports/test-wall-time.json',
    `${JSON.stringify(
      {
        seconds,
        finishedAt: new Date().toISOString(),
        cpus: availableParallelism(),
        jobs: JOBS,
        passed,
        failed,
        cpuSeconds: cpuTotal,
        steps: results.map(({ step, seconds: s, cpu, ok }) => ({
          id: step.id,
          name: step.name,
          seconds: s,
          cpuSeconds: cpu,
          ok,
        })),
      },
      null,
      2,
    )}\n`,
  );
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
