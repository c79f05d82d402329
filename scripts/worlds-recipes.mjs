#!/usr/bin/env node
// The worlds recipes (issue 24, D133): one `msgsvc-mock serve` process, several test runners with
// parallel workers against it, each test in a world of its own (POST /__mock/worlds), each test
// checking that it sees exactly its own messages, balance, rate-limit window and clock
// (examples/worlds/scenario.mjs and its Python twin):
//
//   - vitest, pool 'threads', 4 files × 6 concurrent tests (examples/worlds/vitest);
//   - Jest 30 with 2 workers, 4 files × 5 concurrent tests (examples/worlds/jest, installed in a
//     temporary folder with `npm install --prefer-offline` like scripts/setups.mjs);
//   - Playwright Test with 4 workers, fully parallel, 4 files × 4 tests (examples/worlds/playwright,
//     API tests with no browser, installed like Jest);
//   - Python threads, 8 × 6 tests, 3 runs (examples/worlds/python, standard library only);
//   - the control run: Python threads sharing ONE world, which must show interference, or the
//     check above could not fail.
//
// Prints one line per recipe with its figures and exits 1 when any fails. `npm test` runs it.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const WORLDS = join(root, 'examples', 'worlds');
const started = Date.now();
const failures = [];

/** Runs a command to its end; resolves with its exit code and output. */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', (error) => resolve({ code: -1, output: `${output}${error.message}` }));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

function line(name, ok, detail) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(44)} ${detail}`);
  if (!ok) failures.push(name);
}

/** Starts the server from the sources, as `npm start` does; resolves with its origin. */
function startServer() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'packages/mock-server/src/bin.ts', 'serve', '--port', '0', '--json'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const end = out.indexOf('\n');
      if (end >= 0) resolve(`http://127.0.0.1:${JSON.parse(out.slice(0, end)).port}`);
    });
    child.once('exit', (code) => reject(new Error(`msgsvc-mock serve exited (${code})`)));
  });
  return { child, ready };
}

// Jest's and Playwright's installs are the slow part: they run while the server starts and
// vitest runs.
const jestDir = mkdtempSync(join(tmpdir(), 'msgsvc-worlds-'));
cpSync(WORLDS, join(jestDir, 'worlds'), { recursive: true });
const jestProject = join(jestDir, 'worlds', 'jest');
const playwrightProject = join(jestDir, 'worlds', 'playwright');
const install = (cwd) =>
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
  });
const jestInstall = install(jestProject);
const playwrightInstall = install(playwrightProject);

const server = startServer();
try {
  const origin = await server.ready;
  const env = { ...process.env, MSGSVC_MOCK_URL: origin };

  const vitest = await run(
    process.execPath,
    [
      join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--config',
      join(WORLDS, 'vitest', 'vitest.config.mjs'),
    ],
    { cwd: root, env: { ...env, NO_COLOR: '1' } },
  );
  const vitestCount = /Tests\s+(?:\S+\s+)*?(\d+) passed/.exec(
    // Without colours: NO_COLOR is set for the run.
    vitest.output,
  );
  line(
    'vitest, pool threads: 4 files × 6 tests',
    vitest.code === 0,
    vitest.code === 0 ? `${vitestCount?.[1] ?? '?'} tests, each in its own world` : vitest.output,
  );

  const python = join(WORLDS, 'python', 'worlds_threads.py');
  const isolated = await run('python3', [
    python,
    origin,
    '--threads',
    '8',
    '--tests',
    '6',
    '--runs',
    '3',
  ]);
  let figures;
  try {
    figures = JSON.parse(isolated.output.trim().split('\n').at(-1));
  } catch {
    figures = undefined;
  }
  line(
    'Python threads: 8 × 6 tests, 3 runs',
    isolated.code === 0 && figures?.tests === 144 && figures.interfered === 0,
    figures === undefined
      ? isolated.output
      : `${figures.tests} tests, ${figures.interfered} saw another test ${figures.problems.join('; ')}`,
  );

  const shared = await run('python3', [
    python,
    origin,
    '--threads',
    '8',
    '--tests',
    '3',
    '--runs',
    '1',
    '--shared',
  ]);
  let control;
  try {
    control = JSON.parse(shared.output.trim().split('\n').at(-1));
  } catch {
    control = undefined;
  }
  line(
    'control run: 8 threads × 3 tests in ONE world',
    shared.code === 0 && control !== undefined && control.interfered > 0,
    control === undefined
      ? shared.output
      : `${control.interfered} of ${control.tests} tests saw another (must be > 0), e.g. ${control.problems[0] ?? 'none'}`,
  );

  const installed = await jestInstall;
  if (installed.code !== 0) {
    line('Jest, 2 workers: 4 files × 5 tests', false, `npm install failed:\n${installed.output}`);
  } else {
    const jest = await run('npm', ['test', '--silent'], { cwd: jestProject, env });
    const count = /Tests:\s+(\d+) passed/.exec(jest.output);
    line(
      'Jest, 2 workers: 4 files × 5 tests',
      jest.code === 0,
      jest.code === 0 ? `${count?.[1] ?? '?'} tests, each in its own world` : jest.output,
    );
  }

  const playwrightInstalled = await playwrightInstall;
  if (playwrightInstalled.code !== 0) {
    line(
      'Playwright, 4 workers: 4 files × 4 tests',
      false,
      `npm install failed:\n${playwrightInstalled.output}`,
    );
  } else {
    const playwright = await run('npm', ['test', '--silent'], {
      cwd: playwrightProject,
      env: { ...env, NO_COLOR: '1', CI: 'true' },
    });
    const count = /(\d+) passed/.exec(playwright.output);
    line(
      'Playwright, 4 workers: 4 files × 4 tests',
      playwright.code === 0 && count?.[1] === '16',
      playwright.code === 0
        ? `${count?.[1] ?? '?'} tests, each in its own world`
        : playwright.output,
    );
  }

  // Every test deleted its world: only the default one is left.
  const health = await (await fetch(`${origin}/__mock/health`)).json();
  line('every world freed after its test', health.worlds === 1, `${health.worlds} world(s) left`);
} catch (error) {
  line('worlds recipes', false, String(error));
} finally {
  server.child.kill('SIGTERM');
  rmSync(jestDir, { recursive: true, force: true });
}
console.log(`worlds recipes: ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failures.length > 0 ? 1 : 0);
