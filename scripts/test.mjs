#!/usr/bin/env node
// The project's two test tiers, one runner. Each ends with one line `N passed, N failed`.
//
//   npm test               the per-change gate: lint, spec lint, typecheck, the generated code and
//                          the lockfile, and every vitest project of the four packages (unit,
//                          integration, in-process and over-HTTP, the fault suites, the inspector
//                          in Chromium, the repository's structure tests)
//   npm run test:release   what guards a release: the packages built, packed and checked (publint,
//                          attw, manifests, size budget), the tarballs under every test-runner
//                          setup and installed as a user would, the runtime matrix, the worlds
//                          recipes, the standalone executable, the docs site built and driven in
//                          Chromium, the verify kit's full mutation run, the release dry run
//
// `.ci/run` runs both, the gate first, and ends with the line of both added together
// (scripts/ci-summary.mjs). Nothing runs only in CI: every check of either tier runs there.
//
// Independent steps run side by side: each step names the steps whose output it needs, and a step
// starts as soon as those are done and a slot is free (`MSGSVC_GATE_JOBS`, default the number of
// cores plus one: most steps wait on child processes, sockets, Chromium, npm's cache or the disk).
// Each step's output is held and printed whole when it ends, so logs never interleave. Checks run
// even after an earlier one failed, so a single run shows everything that is wrong.
//
//   npm test                     the per-change gate
//   npm test -- <vitest args>    the gate's checks, then vitest with those arguments only
//   npm run test:release         the release tier
//   MSGSVC_GATE_JOBS=1 npm test  one step at a time, for a readable log
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { gateSteps, RELEASE } from './test-tiers.mjs';

const started = Date.now();
const release = process.argv.includes('--release');
const forwarded = process.argv.slice(2).filter((arg) => arg !== '--release');
const tier = release ? 'release' : 'gate';
const JOBS = Math.max(1, Number(process.env.MSGSVC_GATE_JOBS ?? availableParallelism() + 1));
mkdirSync('.reports', { recursive: true });

const steps = [
  ...(release ? RELEASE : gateSteps(forwarded)),
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
  `\n${release ? 'Release tier' : 'Gate'}: ${seconds.toFixed(0)} s wall, ${results.length} steps, up to ${JOBS} at a time.${cpuLine} Longest: ${results
    .toSorted((a, b) => b.seconds - a.seconds)
    .slice(0, 4)
    .map((r) => `${r.step.id} ${r.seconds.toFixed(0)} s`)
    .join(', ')}.`,
);
// The tier's wall time and CPU, for the bench to show (it is too long to run there), and its
// counts, for scripts/ci-summary.mjs. Only a full run is recorded: arguments narrow the tests, and
// a narrowed run would understate it.
if (forwarded.length === 0) {
  writeFileSync(
    `.reports/tier-${tier}.json`,
    `${JSON.stringify(
      {
        seconds,
        tier,
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
