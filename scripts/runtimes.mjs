#!/usr/bin/env node
// The SDK on every runtime it claims (E11): the smoke suite of runtimes/smoke/ (send, retrieve,
// list and iterate, a typed error, a retry with its key, webhook verification) on Node 20 (this
// process's), Node 22 and 24, Bun, Deno and workerd (through miniflare), each against a
// `msgsvc-mock` server this process starts; then the SDK's declarations compiled by a strict
// consumer under TypeScript 5 (the repository's) and 7. The runtimes come from runtimes/package.json
// and its lockfile (`npm ci --prefix runtimes`, which .ci/run does). Prints one line per runtime
// and `N passed, N failed`; exits 1 when a runtime that is expected to pass fails.
//
//   node scripts/runtimes.mjs            every runtime
//   node scripts/runtimes.mjs bun deno   only these
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const modules = join(root, 'runtimes', 'node_modules');
const smoke = join(root, 'runtimes', 'smoke');
const TIMEOUT_MS = 120_000;

/**
 * Runtimes that cannot pass, with the reason (README "Runtimes"); they still run and are reported,
 * but do not fail the step. Empty: every runtime passes.
 */
const KNOWN_FAILURES = {};

const binary = (...parts) => join(modules, ...parts);
const script = join(smoke, 'cli.mjs');
const RUNTIMES = {
  node20: { bin: process.execPath, args: [script], note: `this process's Node` },
  node22: { bin: binary('node22', 'bin', 'node'), args: [script] },
  node24: { bin: binary('node24', 'bin', 'node'), args: [script] },
  bun: { bin: binary('bun', 'bin', 'bun.exe'), args: ['run', script] },
  deno: {
    bin: binary('deno', 'deno'),
    // The SDK's ESM reaches openapi-fetch through the repository's node_modules (Deno reads the
    // package.json beside them); network for the server on loopback, reads for the modules.
    args: ['run', '--quiet', '--allow-net=127.0.0.1', '--allow-read', '--allow-env', script],
  },
  workerd: { worker: true },
};
const TYPESCRIPT = {
  // scripts/pack-smoke.mjs already compiles a consumer under TypeScript 5 with node16 resolution.
  'typescript 5': {
    tsc: join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
    resolutions: [['esnext', 'bundler']],
  },
  'typescript 7': {
    tsc: binary('typescript7', 'bin', 'tsc'),
    resolutions: [
      ['nodenext', 'nodenext'],
      ['esnext', 'bundler'],
    ],
  },
};

// In dependency order: each build's declarations resolve the packages before it through dist/.
for (const dir of ['sdk', 'mock', 'verify', 'mock-server']) {
  if (!existsSync(join(root, 'packages', dir, 'dist', 'index.js'))) {
    spawnSync('npx', ['tsup', '--silent'], { cwd: join(root, 'packages', dir), stdio: 'inherit' });
  }
}
if (!existsSync(modules)) {
  // `npm install && npm test` must work as written: the runtimes are installed on first use, from
  // their own lockfile (what .ci/run does up front).
  console.log('runtimes/node_modules is missing: installing it (npm ci --prefix runtimes)…');
  const install = spawnSync('npm', ['ci', '--prefix', 'runtimes', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (install.status !== 0 || !existsSync(modules)) {
    console.log('runtimes: `npm ci --prefix runtimes` failed; see above.');
    process.exit(1);
  }
}

const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.some((o) => name.startsWith(o));
const results = [];
const started = performance.now();

const { startServer } = await import(
  pathToFileURL(join(root, 'packages/mock-server/dist/index.js')).href
);
const { DEMO_LIVE_KEY } = await import(
  pathToFileURL(join(root, 'packages/mock/dist/index.js')).href
);

for (const [name, runtime] of Object.entries(RUNTIMES)) {
  if (!wanted(name)) continue;
  // A fresh server per runtime: each suite starts from the demo world.
  const server = await startServer({ clock: 'virtual' });
  const target = {
    baseUrl: server.baseUrl,
    controlUrl: `${server.url}/__mock`,
    apiKey: DEMO_LIVE_KEY,
  };
  const begin = performance.now();
  let outcome;
  try {
    outcome = runtime.worker ? await runWorker(target) : await runScript(runtime, target);
  } catch (error) {
    outcome = { passed: false, output: String(error?.stack ?? error) };
  } finally {
    await server.close();
  }
  results.push({ name, ...outcome, seconds: (performance.now() - begin) / 1000 });
}

for (const [name, { tsc, resolutions }] of Object.entries(TYPESCRIPT)) {
  if (!wanted(name)) continue;
  const begin = performance.now();
  results.push({
    name,
    ...typecheck(tsc, resolutions),
    seconds: (performance.now() - begin) / 1000,
  });
}

let passed = 0;
let failed = 0;
for (const result of results) {
  const known = KNOWN_FAILURES[result.name];
  const verdict = result.passed ? 'pass' : known ? `fail (known: ${known})` : 'FAIL';
  console.log(`${result.name.padEnd(14)} ${verdict.padEnd(6)} ${result.seconds.toFixed(1)} s`);
  if (!result.passed) {
    console.log(result.output.replace(/^/gm, '    '));
    if (!known) failed++;
  } else {
    passed++;
  }
}
console.log(`runtimes: ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** Runs the smoke program under a runtime's binary; passes when it exits 0. */
function runScript(runtime, { baseUrl, controlUrl, apiKey }) {
  if (!existsSync(runtime.bin)) {
    return Promise.resolve({ passed: false, output: `${runtime.bin} is not installed` });
  }
  return new Promise((resolve) => {
    const child = spawn(runtime.bin, [...runtime.args, baseUrl, controlUrl, apiKey], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const steps = output.split('\n').filter((line) => line.startsWith('ok ')).length;
      resolve({
        passed: code === 0 && steps === 6,
        output: `${output.trim()}\n(exit ${code ?? signal}, ${steps}/6 steps)`,
      });
    });
  });
}

/** Bundles the Worker with esbuild and runs it in workerd through miniflare. */
async function runWorker(target) {
  const { build } = await import('esbuild');
  const { Miniflare } = await import(
    pathToFileURL(binary('miniflare', 'dist', 'src', 'index.js')).href
  );
  const bundled = await build({
    entryPoints: [join(smoke, 'worker.mjs')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    logLevel: 'silent',
  });
  const mf = new Miniflare({
    modules: true,
    script: bundled.outputFiles[0].text,
    compatibilityDate: '2025-09-01',
  });
  try {
    const response = await mf.dispatchFetch('http://worker.test/', {
      method: 'POST',
      body: JSON.stringify(target),
    });
    const { passed, lines } = await response.json();
    return { passed: passed && lines.length === 6, output: lines.join('\n') };
  } finally {
    await mf.dispose();
  }
}

/**
 * Compiles a strict consumer of the SDK's built declarations (every entry, named types, errors)
 * under each module resolution given, with library files checked (no skipLibCheck).
 */
function typecheck(tsc, resolutions) {
  if (!existsSync(tsc)) return { passed: false, output: `${tsc} is not installed` };
  const dir = mkdtempSync(join(tmpdir(), 'msgsvc-types-'));
  try {
    const pkg = join(dir, 'node_modules', '@msgsvc');
    mkdirSync(pkg, { recursive: true });
    // The package as installed: its folder (with dist/ and package.json) under node_modules.
    spawnSync('ln', ['-s', join(root, 'packages', 'sdk'), join(pkg, 'sdk')]);
    spawnSync('ln', [
      '-s',
      join(root, 'node_modules', 'openapi-fetch'),
      join(dir, 'node_modules', 'openapi-fetch'),
    ]);
    spawnSync('ln', [
      '-s',
      join(root, 'node_modules', 'openapi-typescript-helpers'),
      join(dir, 'node_modules', 'openapi-typescript-helpers'),
    ]);
    spawnSync('ln', [
      '-s',
      join(root, 'node_modules', 'libphonenumber-js'),
      join(dir, 'node_modules', 'libphonenumber-js'),
    ]);
    writeFileSync(
      join(dir, 'consumer.mts'),
      `import { type Campaign, MessagingClient, type SentMessage, ValidationError, type WebhookEvent } from '@msgsvc/sdk';
import { countSegments } from '@msgsvc/sdk/sms';
import { normalizePhoneNumber } from '@msgsvc/sdk/phone';
import { verifyWebhook } from '@msgsvc/sdk/webhooks';

const client = new MessagingClient({ apiKey: 'svc_test_x', baseUrl: 'http://127.0.0.1:4780/c/v1' });
export const sent: Promise<SentMessage> = client.messages.send({ to: '+244923000001', body: 'Olá' });
export const campaign: Promise<Campaign> = client.campaigns.retrieve('x');
export const event: Promise<WebhookEvent> = verifyWebhook('{}', {}, 'whsec_MDEyMzQ1Njc4OQ==');
export const segments: number = countSegments('Olá').segments;
export const valid: boolean = normalizePhoneNumber('923000001').ok;
export const isValidation = (error: unknown): boolean => error instanceof ValidationError;
// @ts-expect-error -- the contract requires a body
client.messages.send({ to: '+244923000001' });
`,
    );
    const outputs = [];
    let ok = true;
    for (const [module, moduleResolution] of resolutions) {
      const compilerOptions = {
        strict: true,
        noEmit: true,
        target: 'es2022',
        lib: ['es2023', 'dom'],
        types: [],
        module,
        moduleResolution,
      };
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions, files: ['consumer.mts'] }),
      );
      const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {
        cwd: dir,
        encoding: 'utf8',
      });
      if (result.status !== 0) ok = false;
      outputs.push(
        `${moduleResolution}: exit ${result.status}\n${result.stdout}${result.stderr}`.trim(),
      );
    }
    return { passed: ok, output: outputs.join('\n') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
