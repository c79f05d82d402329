#!/usr/bin/env node
// The project's one test command (`npm test`): every check CI relies on, in order, then one summary
// line `N passed, N failed` that CI reads. Checks run even after an earlier one failed, so a single
// run shows everything that is wrong.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const started = Date.now();
/** How long each step took, for `.reports/test-wall-time.json` (read by `npm run bench`). */
const timings = [];

const steps = [
  ['lint (code)', 'npx', ['biome', 'check', '.']],
  [
    'lint (spec)',
    'npx',
    ['redocly', 'lint', '--config', 'openapi/redocly.yaml', '--format=stylish'],
  ],
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['generated code is fresh', 'node', ['scripts/generate.mjs', '--check']],
  ['lockfile installs with npm ci', 'node', ['scripts/complete-lockfile.mjs', '--check']],
  ['SDK size budget', 'node', ['scripts/size-budget.mjs']],
  ['docs site: TypeDoc (every export documented), Redocly, guides', 'node', ['scripts/docs.mjs']],
  ['packages: manifest, publint, attw', 'node', ['scripts/check-packages.mjs']],
  ['packages: install the tarballs and use them', 'node', ['scripts/pack-smoke.mjs']],
  [
    'setups: the tarballs under Jest (ts-jest, ESM, babel), vitest 3 and 4 (pools, jsdom, happy-dom), node:test and Bun',
    'node',
    ['scripts/setups.mjs'],
  ],
  [
    'worlds: vitest threads, Jest workers and Python threads on one server, a world per test; a shared-world control run',
    'node',
    ['scripts/worlds-recipes.mjs'],
  ],
  [
    'runtimes: the SDK smoke suite on Node 20, 22, 24, Bun, Deno and workerd; types under TS 5 and 7',
    'node',
    ['scripts/runtimes.mjs'],
  ],
  [
    'release dry run: changeset version and npm publish --dry-run, on a copy',
    'node',
    ['scripts/release-dry-run.mjs'],
  ],
  ...(process.env.MSGSVC_EXTRA_STEPS ?? '')
    .split(';')
    .filter(Boolean)
    .map((cmd) => [cmd, 'sh', ['-c', cmd]]),
];

const failedSteps = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const stepStarted = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  timings.push({ name, seconds: (Date.now() - stepStarted) / 1000, ok: result.status === 0 });
  if (result.status !== 0) failedSteps.push(name);
}

console.log('\n▶ tests (vitest)');
mkdirSync('.reports', { recursive: true });
const reportFile = '.reports/vitest.json';
rmSync(reportFile, { force: true });
const forwarded = process.argv.slice(2);
const vitestStarted = Date.now();
const vitest = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
    ...forwarded,
  ],
  { stdio: 'inherit' },
);
timings.push({
  name: 'tests (vitest)',
  seconds: (Date.now() - vitestStarted) / 1000,
  ok: vitest.status === 0,
});

let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests;
  // A file that fails to load has no test results but must still fail the run.
  if (vitest.status !== 0 && failed === 0) failed = 1;
} catch {
  failed += 1;
}

if (failedSteps.length > 0) {
  console.log(`\nFailed checks: ${failedSteps.join(', ')}`);
}
failed += failedSteps.length;
// The gate's wall time, for the bench to show (it is too long to run there). Only a full run
// counts: arguments narrow the tests, and a narrowed run would understate it.
if (forwarded.length === 0) {
  writeFileSync(
    '.reports/test-wall-time.json',
    `${JSON.stringify(
      {
        seconds: (Date.now() - started) / 1000,
        finishedAt: new Date().toISOString(),
        cpus: availableParallelism(),
        passed,
        failed,
        steps: timings,
      },
      null,
      2,
    )}\n`,
  );
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || vitest.status !== 0 ? 1 : 0);
