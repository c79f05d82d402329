#!/usr/bin/env node
// The packed tarballs in every test-runner setup a user may have (examples/setups/<name>/): each
// project is copied to a temporary folder, gets both tarballs and its own pinned dev dependencies
// (`npm install --prefer-offline`: from npm's cache when it has them), and runs its `npm test` —
// Jest with ts-jest, native ESM and babel-jest, vitest 3 and 4 under each pool, vitest's jsdom and
// happy-dom environments, node:test, and Bun's runner. Prints one line per setup (`ok`/`FAIL` and
// seconds) and the output of each failure; exits 1 when any fails. Two setups run at a time (the
// machines have two cores). `npm test` runs it after the pack smoke test.
//
//   node scripts/setups.mjs                 every setup
//   node scripts/setups.mjs --only jest-esm one (repeat --only for more)
//   node scripts/setups.mjs --pack          build and pack the packages first
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAndPack, PACK_DIR } from './check-packages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SETUPS_DIR = join(root, 'examples', 'setups');
const PARALLEL = 2;
/** A setup that takes longer than this is stopped and fails. */
const TIMEOUT_MS = 5 * 60_000;
// Bun comes from the runtime matrix's manifest (E11), as scripts/runtimes.mjs uses it.
const BUN = join(root, 'runtimes', 'node_modules', 'bun', 'bin', 'bun.exe');

const args = process.argv.slice(2);
const only = args.flatMap((arg, i) => (arg === '--only' && args[i + 1] ? [args[i + 1]] : []));
const all = readdirSync(SETUPS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const unknown = only.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`No setup named ${unknown.join(', ')}; the setups are: ${all.join(', ')}`);
  process.exit(2);
}
const setups = only.length > 0 ? all.filter((name) => only.includes(name)) : all;

const tarballs = () =>
  existsSync(PACK_DIR) ? readdirSync(PACK_DIR).filter((name) => name.endsWith('.tgz')) : [];
if (args.includes('--pack') || tarballs().length < 4) {
  console.log('Building and packing the packages…');
  await buildAndPack({ quiet: true });
}
const sdk = tarballs().find((name) => name.startsWith('msgsvc-sdk-'));
const mock = tarballs().find((name) => /^msgsvc-mock-\d/.test(name));
if (sdk === undefined || mock === undefined) throw new Error(`No tarballs in ${PACK_DIR}`);

if (setups.includes('bun-test') && !existsSync(BUN)) {
  // `npm install && npm test` must work as written: the runtimes install on first use (E11).
  console.log('runtimes/node_modules is missing: installing it (npm ci --prefix runtimes)…');
  spawnSync('npm', ['ci', '--prefix', 'runtimes', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
}

// The package's binary is `bun.exe`; a setup's `bun test` needs a `bun` on PATH (and no more of
// runtimes/node_modules/.bin, whose `node` is another version).
const binDir = mkdtempSync(join(tmpdir(), 'msgsvc-setups-bin-'));
symlinkSync(BUN, join(binDir, 'bun'));
process.on('exit', () => rmSync(binDir, { recursive: true, force: true }));

/** Runs `command` in `cwd`; resolves with its exit code (or a signal) and interleaved output. */
function run(command, commandArgs, cwd, env) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    // The whole process group: npm's children (jest workers, vitest pools) go with it.
    const timer = setTimeout(() => {
      output += `\n(stopped after ${TIMEOUT_MS / 1000} s)`;
      process.kill(-child.pid, 'SIGKILL');
    }, TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, output, code: code ?? signal });
    });
  });
}

async function runSetup(name) {
  const started = performance.now();
  const project = mkdtempSync(join(tmpdir(), `msgsvc-setup-${name}-`));
  const env = {
    ...process.env,
    CI: 'true',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    // The setups' own tools only: not this repository's node_modules/.bin, which npm puts on PATH
    // when this script runs from `npm test`.
    PATH: [
      binDir,
      ...(process.env.PATH ?? '').split(delimiter).filter((dir) => !dir.startsWith(root)),
    ].join(delimiter),
  };
  delete env.NODE_OPTIONS;
  let result;
  try {
    cpSync(join(SETUPS_DIR, name), project, { recursive: true });
    const install = await run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        join(PACK_DIR, sdk),
        join(PACK_DIR, mock),
      ],
      project,
      env,
    );
    result = install.ok
      ? await run('npm', ['test', '--silent'], project, env)
      : { ...install, output: `npm install failed:\n${install.output}` };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${name.padEnd(18)} ${seconds.toFixed(1)} s`);
  if (!result.ok) {
    console.log(
      result.output
        .trimEnd()
        .split('\n')
        .slice(-60)
        .map((line) => `  │ ${line}`)
        .join('\n'),
    );
  }
  return { name, ok: result.ok, seconds };
}

const started = performance.now();
const queue = [...setups];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
    while (queue.length > 0) results.push(await runSetup(queue.shift()));
  }),
);
const failed = results.filter((result) => !result.ok).map((result) => result.name);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  failed.length === 0
    ? `${results.length} setups passed in ${seconds} s`
    : `${failed.length} of ${results.length} setups failed (${failed.join(', ')}) in ${seconds} s`,
);
process.exit(failed.length === 0 ? 0 : 1);
