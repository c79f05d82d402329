#!/usr/bin/env node
// Installs the packed tarballs into a fresh project, as a user would, and uses them: an ESM and a
// CommonJS program import every entry of every package and send a message through the mock; a
// TypeScript file type-checks against the installed declarations (node16 resolution, library
// files checked); the installed `msgsvc-mock` binary answers --help and serves the public API, and
// `msgsvc-verify` (and `msgsvc-mock verify`, its delegate) checks that server.
//
// Uses the tarballs scripts/check-packages.mjs left in .reports/packages/ (built and packed
// again when missing, or with --pack). Dependencies come from the registry, or from npm's cache
// when it has them (--prefer-offline). `npm test` runs it after the package checks.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildAndPack, PACK_DIR } from './check-packages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// The msw the repository is tested with: the smoke test installs that one from the npm cache.
const msw = JSON.parse(readFileSync(join(root, 'node_modules/msw/package.json'), 'utf8')).version;
// Likewise vitest, the optional peer of @msgsvc/mock/vitest (D110).
const vitest = JSON.parse(
  readFileSync(join(root, 'node_modules/vitest/package.json'), 'utf8'),
).version;
const started = performance.now();

const tarballs = () =>
  existsSync(PACK_DIR) ? readdirSync(PACK_DIR).filter((name) => name.endsWith('.tgz')) : [];
if (process.argv.includes('--pack') || tarballs().length < 4) {
  console.log('Building and packing the packages…');
  await buildAndPack({ quiet: true });
}
const tarball = (name) => {
  const found = tarballs().find((file) => new RegExp(`^msgsvc-${name}-\\d`).test(file));
  if (found === undefined) throw new Error(`No @msgsvc/${name} tarball in ${PACK_DIR}`);
  return found;
};
const sdk = tarball('sdk');
const mock = tarball('mock');
const verifyKit = tarball('verify');
const mockServer = tarball('mock-server');

const project = mkdtempSync(join(tmpdir(), 'msgsvc-pack-smoke-'));
const checks = [];
const run = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: project, encoding: 'utf8', ...options });

try {
  run('npm', ['init', '-y'], { stdio: 'ignore' });
  // Every tarball in one install: the dependencies between our packages (each at the same
  // version) are met by the tarballs, so nothing unpublished is looked up in the registry.
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      join(PACK_DIR, sdk),
      join(PACK_DIR, mock),
      join(PACK_DIR, verifyKit),
      join(PACK_DIR, mockServer),
      // msw is an optional peer of the mock (D86): installed by those who use @msgsvc/mock/msw.
      `msw@${msw}`,
      `vitest@${vitest}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  checks.push(
    `installed ${sdk}, ${mock}, ${verifyKit} and ${mockServer} (with msw ${msw} and vitest ${vitest}, the mock's optional peers)`,
  );

  // The same program in both module systems: every entry, then a send through the mock.
  const body = (load) => `${load}
const mock = createMockService();
const demo = mock.seedDemo();
const client = new MessagingClient({ apiKey: demo.liveKey, baseUrl: mock.baseUrl, fetch: mock.fetch });
const sent = await client.messages.send({ to: '+244900000001', body: 'Olá' });
mock.clock.runUntilIdle();
const message = await client.messages.retrieve(sent.id);
if (message.status !== 'DELIVERED') throw new Error('not delivered: ' + message.status);
if (countSegments('Olá').segments !== 1) throw new Error('countSegments');
if (!normalizePhoneNumber('923 000 001').ok) throw new Error('normalizePhoneNumber');
const headers = await signWebhook({ id: 'msg_1', timestamp: new Date(), body: '{}', secret: demo.webhookSecret });
await verifyWebhook('{}', headers, demo.webhookSecret);
if (createHandlers(mock).length !== 1) throw new Error('createHandlers');
const server = await startServer({ clock: 'virtual' });
const served = await fetch(server.baseUrl + '/messages', { headers: { 'x-api-key': DEMO_LIVE_KEY } });
const verified = await runVerify({ baseUrl: server.baseUrl, apiKey: DEMO_TEST_KEY, only: ['errors'] });
await server.close();
if (served.status !== 200) throw new Error('startServer answered ' + served.status);
if (verified.failed !== 0 || verified.passed === 0) throw new Error('runVerify: ' + JSON.stringify(verified));
try {
  await client.messages.send({ to: '12', body: 'x' });
  throw new Error('expected a ValidationError');
} catch (error) {
  if (!(error instanceof ValidationError)) throw error;
}
console.log('ok');
`;
  writeFileSync(
    join(project, 'esm.mjs'),
    body(`import { MessagingClient, ValidationError } from '@msgsvc/sdk';
import { countSegments } from '@msgsvc/sdk/sms';
import { normalizePhoneNumber } from '@msgsvc/sdk/phone';
import { signWebhook, verifyWebhook } from '@msgsvc/sdk/webhooks';
import { createMockService, DEMO_LIVE_KEY, DEMO_TEST_KEY } from '@msgsvc/mock';
import { createHandlers } from '@msgsvc/mock/msw';
import { startServer } from '@msgsvc/mock-server';
import { runVerify } from '@msgsvc/verify';`),
  );
  writeFileSync(
    join(project, 'cjs.cjs'),
    `(async () => {
${body(`const { MessagingClient, ValidationError } = require('@msgsvc/sdk');
const { countSegments } = require('@msgsvc/sdk/sms');
const { normalizePhoneNumber } = require('@msgsvc/sdk/phone');
const { signWebhook, verifyWebhook } = require('@msgsvc/sdk/webhooks');
const { createMockService, DEMO_LIVE_KEY, DEMO_TEST_KEY } = require('@msgsvc/mock');
const { createHandlers } = require('@msgsvc/mock/msw');
const { startServer } = require('@msgsvc/mock-server');
const { runVerify } = require('@msgsvc/verify');`)}
})().catch((error) => { console.error(error); process.exit(1); });
`,
  );
  for (const file of ['esm.mjs', 'cjs.cjs']) {
    const out = run(process.execPath, [file]).trim();
    if (out !== 'ok') throw new Error(`${file} printed ${out}`);
  }
  checks.push('ESM import and CJS require of every entry, a send through the mock in each');

  // The service entry never loads msw (D86), nor the verify kit's Ajv (E36).
  const loaded = run(process.execPath, [
    '-e',
    "require('@msgsvc/mock'); console.log(Object.keys(require.cache).filter((k) => /[\\\\/]node_modules[\\\\/](msw|ajv)[\\\\/]/.test(k)).length)",
  ]).trim();
  if (loaded !== '0')
    throw new Error(`require('@msgsvc/mock') loaded ${loaded} msw or ajv modules`);
  checks.push("require('@msgsvc/mock') loads no msw or ajv module");

  // The declarations as a TypeScript user compiles against them.
  writeFileSync(
    join(project, 'types.mts'),
    `import { type Message, MessagingClient, ValidationError, type WebhookEvent } from '@msgsvc/sdk';
import { type CostEstimate, estimateCost } from '@msgsvc/sdk/sms';
import { type NormalizedPhoneNumber, normalizePhoneNumber } from '@msgsvc/sdk/phone';
import { verifyWebhook } from '@msgsvc/sdk/webhooks';
import { createMockService, type MockService } from '@msgsvc/mock';
import { expect } from '@msgsvc/mock/vitest';
import { errorResponse, type HttpResponse } from '@msgsvc/mock/port';
import { createControlClient, type RunningServer } from '@msgsvc/mock-server';
import { runVerify, type VerifyReport } from '@msgsvc/verify';

export const control = (server: RunningServer) => createControlClient({ url: server.url });
export const verify = (baseUrl: string): Promise<VerifyReport> => runVerify({ baseUrl, apiKey: 'svc_test_x' });
export const refusal: HttpResponse = errorResponse({ code: 'NOT_FOUND', message: 'x' }, 't', 0);
const mock: MockService = createMockService();
export const matchers = (): void => expect(mock).toHaveSent({ to: '+244923000001', body: /x/ });
export const charged = (): void => expect(mock).toHaveCharged('8', { organizationId: 'x' });
const client = new MessagingClient({ apiKey: mock.seedDemo().liveKey, baseUrl: mock.baseUrl, fetch: mock.fetch });
export const status: Promise<Message['status']> = client.messages.retrieve('x').then((m) => m.status);
export const estimate: CostEstimate = estimateCost({ text: 'Olá', pricePerSegment: '4' });
export const phone: NormalizedPhoneNumber = normalizePhoneNumber('923000001');
export const event: Promise<WebhookEvent> = verifyWebhook('{}', {}, 'whsec_MDEyMzQ1Njc4OQ==');
export const isValidation = (error: unknown): boolean => error instanceof ValidationError;
`,
  );
  writeFileSync(
    join(project, 'types.cts'),
    `import { MessagingClient } from '@msgsvc/sdk';
import { countSegments } from '@msgsvc/sdk/sms';
import { createMockService } from '@msgsvc/mock';
export const client: MessagingClient | undefined = undefined;
export const segments: number = countSegments('Olá').segments;
export const mock = createMockService();
`,
  );
  const tsc = (file, ...flags) =>
    run(
      process.execPath,
      [
        join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
        '--noEmit',
        '--strict',
        '--module',
        'node16',
        '--moduleResolution',
        'node16',
        '--target',
        'es2022',
        '--lib',
        'es2023,dom',
        '--types',
        'node',
        '--typeRoots',
        join(root, 'node_modules', '@types'),
        ...flags,
        file,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
  tsc('types.mts');
  // msw 2.15's own CommonJS declarations import an ESM-only package (rettime), which TypeScript
  // reports inside node_modules/msw when library files are checked; that is msw's to fix, so the
  // CommonJS consumer is compiled as most projects are, with skipLibCheck.
  tsc('types.cts', '--skipLibCheck');
  checks.push('types.mts (declarations checked) and types.cts compile under node16 resolution');

  // The vitest entry in a vitest run: the fixture, the matchers and a failure's message.
  writeFileSync(
    join(project, 'smoke.test.mjs'),
    `import { expect, fictionalNumbers, test } from '@msgsvc/mock/vitest';
test('fixture and matchers', async ({ mock, client }) => {
  const [to] = fictionalNumbers(1);
  await client.messages.send({ to, body: 'Olá' });
  expect(mock).toHaveSent({ to, body: 'Olá' });
  expect(() => expect(mock).toHaveSent({ to, body: 'x' })).toThrow(/none of the 1 message/);
});
`,
  );
  const vitestRun = run(
    process.execPath,
    [join(project, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'smoke.test.mjs'],
    { env: { ...process.env, CI: 'true', NO_COLOR: '1' } },
  );
  if (!/1 passed/.test(vitestRun)) throw new Error(`vitest run of the entry:\n${vitestRun}`);
  checks.push('@msgsvc/mock/vitest: a vitest run with the fixture and matchers passes');

  // The installed binaries: the committed launchers, which run dist/cli.js (there are no sources
  // in the tarballs), through npx as the docs say (`-p` names the package; --offline proves npx
  // uses the installed one instead of looking the name up).
  for (const dir of ['mock-server', 'verify']) {
    const installed = join(project, 'node_modules', '@msgsvc', dir);
    if (existsSync(join(installed, 'src'))) throw new Error(`the ${dir} tarball ships its sources`);
  }
  // The server leaves the verify kit (its Ajv and HTTP parser) to those who install it: an
  // optional peer, which `msgsvc-mock verify` below finds because this project installed it.
  const serverManifest = JSON.parse(
    readFileSync(join(project, 'node_modules/@msgsvc/mock-server/package.json'), 'utf8'),
  );
  if (
    serverManifest.dependencies?.['@msgsvc/verify'] !== undefined ||
    serverManifest.peerDependenciesMeta?.['@msgsvc/verify']?.optional !== true
  )
    throw new Error('@msgsvc/mock-server must take @msgsvc/verify as an optional peer only');
  const help = run('npx', ['--offline', '-p', '@msgsvc/mock-server', 'msgsvc-mock', '--help']);
  if (!help.includes('msgsvc-mock serve')) throw new Error('msgsvc-mock --help printed no usage');
  const verifyHelp = run('npx', ['--offline', '-p', '@msgsvc/verify', 'msgsvc-verify', '--help']);
  if (!verifyHelp.includes('msgsvc-verify proxy'))
    throw new Error('msgsvc-verify --help: no usage');
  // The linked binaries themselves (not through npx), so that SIGTERM reaches the server.
  const bin = join(project, 'node_modules', '.bin', 'msgsvc-mock');
  const verifyBin = join(project, 'node_modules', '.bin', 'msgsvc-verify');
  const server = spawn(bin, ['serve', '--port', '0', '--json'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(server, 'exit');
  try {
    const [line] = await once(createInterface({ input: server.stdout }), 'line');
    const info = JSON.parse(line);
    const response = await fetch(`${info.base_url}/messages?size=1`, {
      headers: { 'X-API-KEY': info.live_key },
    });
    if (response.status !== 200) throw new Error(`GET /messages answered ${response.status}`);
    // verify from the installed verify kit, by its own name and through msgsvc-mock's delegate:
    // its dependencies (ajv) and the contract it carries as data are all there.
    for (const [command, ...prefix] of [[verifyBin], [bin, 'verify']]) {
      const flags = ['--base-url', info.base_url, '--api-key', info.test_key];
      const report = JSON.parse(run(command, [...prefix, ...flags, '--only', 'errors', '--json']));
      if (report.failed !== 0 || report.passed === 0)
        throw new Error(`${prefix.join(' ') || 'msgsvc-verify'}: ${JSON.stringify(report)}`);
    }
    const proxy = spawn(
      verifyBin,
      ['proxy', '--upstream', new URL(info.base_url).origin, '--port', '0', '--json'],
      { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const [started] = await once(createInterface({ input: proxy.stderr }), 'line');
      const url = /listening on (\S+),/.exec(started)?.[1];
      if (url === undefined) throw new Error(`proxy printed: ${started}`);
      const viaProxy = await fetch(`${url}/c/v1/messages?size=1&bogus=1`, {
        headers: { 'X-API-KEY': info.live_key },
      });
      if (viaProxy.status !== 422) throw new Error(`proxied GET answered ${viaProxy.status}`);
      const [violation] = await once(createInterface({ input: proxy.stdout }), 'line');
      if (JSON.parse(violation).rule !== 'parameter')
        throw new Error(`proxy reported ${violation}`);
    } finally {
      proxy.kill('SIGTERM');
    }
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
  if (server.exitCode !== 0) throw new Error(`serve exited with ${server.exitCode} on SIGTERM`);
  checks.push(
    'npx -p @msgsvc/mock-server msgsvc-mock --help and npx -p @msgsvc/verify msgsvc-verify --help; ' +
      'serve --port 0 --json answering GET /c/v1/messages; msgsvc-verify and msgsvc-mock verify ' +
      '(the kit an optional peer of the server) passing against it; msgsvc-verify proxy ' +
      'forwarding to it and reporting a bad parameter',
  );
} finally {
  rmSync(project, { recursive: true, force: true });
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Pack smoke test passed in ${seconds} s:\n- ${checks.join('\n- ')}`);
