#!/usr/bin/env node
// The standalone executable, checked as a user without Node would run it (issue 24, item 4; E42):
// builds it (scripts/build-standalone.mjs), copies it into an empty temporary folder and runs it
// from there with a PATH that holds no `node` and an environment that names nothing of this
// repository. From the executable: `--help`, `verify --help` and `proxy --help` (the verify kit is
// compiled in), `world-schema`, `serve --port 0 --json` with a world file and a state file, the
// inspector page and its script, `trigger`; against that server the verify suite runs (under
// Node: it is the client, not the server under test) with every key it can use. Then the server
// stops on SIGTERM, saves its state, and a second start from the state file still has the first
// one's records. Prints the executable's size and its time to the JSON listening line, and writes
// them to .reports/standalone/report.json.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildStandalone, megabytes } from './build-standalone.mjs';
import { runCommand } from './run-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
const checks = [];
const check = (name, ok, detail = '') => {
  checks.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
};

const built = buildStandalone();
console.log(`built ${megabytes(built.bytes)} in ${built.seconds.toFixed(1)} s`);

const home = mkdtempSync(join(tmpdir(), 'msgsvc-standalone-'));
const bin = join(home, 'bin');
const emptyPath = join(home, 'empty-path');
mkdirSync(bin);
mkdirSync(emptyPath);
const exe = join(bin, 'msgsvc-mock');
copyFileSync(built.path, exe);
spawnSync('chmod', ['+x', exe]);
// What the executable sees: no node (nor anything else) on PATH, no variable of this process,
// started in a folder that is not the repository.
const env = { PATH: emptyPath, HOME: home, NO_COLOR: '1' };
const nodeOnPath = env.PATH.split(delimiter).some((dir) => existsSync(join(dir, 'node')));
check('no node on the PATH the executable runs with', !nodeOnPath, env.PATH);

const WORLD = {
  demo: true,
  organizations: [
    {
      name: 'Standalone',
      balance: '100000',
      sender_ids: [{ name: 'ALONE', default: true }],
      api_keys: [
        { environment: 'test', key: 'svc_test_standalone000000000000000001' },
        { environment: 'test', key: 'svc_test_standalonerestricted00000001', scopes: [] },
      ],
    },
    {
      name: 'Poor',
      balance: '0',
      sender_ids: [{ name: 'POOR', default: true }],
      api_keys: [{ environment: 'live', key: 'svc_live_standalonepoor000000000000001' }],
    },
    {
      name: 'Other',
      sender_ids: [{ name: 'OTHER', default: true }],
      api_keys: [{ environment: 'test', key: 'svc_test_standaloneother00000000000001' }],
    },
  ],
};
writeFileSync(join(home, 'world.json'), JSON.stringify(WORLD));
const stateFile = join(home, 'state.json');

let report;
try {
  const help = run(['--help']);
  check('--help', help.status === 0 && help.stdout.includes('msgsvc-mock serve'));
  const schema = run(['world-schema']);
  check(
    'world-schema',
    schema.status === 0 && JSON.parse(schema.stdout).title === 'msgsvc mock world',
  );
  // The executable finds no installed package, so it has the verify kit compiled in: its
  // `verify` and `proxy` answer, where the npm package asks for @msgsvc/verify to be installed.
  for (const command of ['verify', 'proxy']) {
    const kit = run([command, '--help']);
    check(
      `${command} --help (the verify kit compiled in)`,
      kit.status === 0 && kit.stdout.includes(`msgsvc-mock ${command}`),
      kit.status === 0 ? '' : kit.stderr.slice(0, 500),
    );
  }
  const badFlag = run(['serve', '--prot', '1']);
  check(
    'a bad flag exits 2 with one sentence',
    badFlag.status === 2 && /--prot/.test(badFlag.stderr),
  );

  const first = await serve();
  check(
    'serve --port 0 --json from the executable',
    true,
    `${first.ms.toFixed(0)} ms to listening`,
  );
  const { info } = first;
  try {
    const health = await fetch(info.health_url).then((r) => r.json());
    check('GET /__mock/health', health.status === 'ready', `version ${health.version}`);
    const page = await fetch(info.inspector_url);
    const html = await page.text();
    const scriptPath = /<script[^>]*src="([^"]+)"/.exec(html)?.[1];
    const script = scriptPath ? await fetch(new URL(scriptPath, info.inspector_url)) : undefined;
    check(
      'the inspector page and its bundled script',
      page.status === 200 &&
        script?.status === 200 &&
        (await script.text()).length > 1000 &&
        /javascript/.test(script.headers.get('content-type') ?? ''),
    );
    check(
      'the world file was loaded',
      info.organizations.some((org) => org.name === 'Standalone'),
    );

    // Asynchronous: a synchronous spawn would stall this process's event loop for the whole run,
    // and fetch would then reuse a keep-alive socket the server closed meanwhile.
    const verify = await runCommand(
      process.execPath,
      [
        join(root, 'packages/verify/bin/msgsvc-verify.js'),
        '--base-url',
        info.base_url,
        '--api-key',
        'svc_test_standalone000000000000000001',
        '--restricted-api-key',
        'svc_test_standalonerestricted00000001',
        '--poor-api-key',
        'svc_live_standalonepoor000000000000001',
        '--other-org-api-key',
        'svc_test_standaloneother00000000000001',
        // The poor organization's key is live: its balance only counts for live keys (D28).
        '--allow-live',
        '--json',
      ],
      { cwd: root, timeout: 300_000 },
    );
    report = parseJson(verify.stdout);
    check(
      'msgsvc-verify against the executable',
      verify.status === 0 && report?.failed === 0 && report.passed >= 50,
      report
        ? `${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped`
        : `exit ${verify.status}: ${verify.stderr.slice(0, 2000)}`,
    );

    const trigger = await runCommand(
      exe,
      [
        'trigger',
        'message.status_updated',
        '--url',
        info.control_url,
        '--organization',
        info.organization_id,
        '--status',
        'DELIVERED',
        '--json',
      ],
      { cwd: home, env, timeout: 30_000 },
    );
    const triggered = parseJson(trigger.stdout);
    const messageId = triggered?.subject?.id;
    const fetched =
      messageId === undefined
        ? undefined
        : await fetch(`${info.base_url}/messages/${messageId}`, {
            headers: { 'X-API-KEY': info.live_key },
          }).then((r) => r.json());
    check(
      'trigger from the executable, its message fetched through the public API',
      trigger.status === 0 && fetched?.status === 'DELIVERED',
      trigger.status === 0 ? messageId : trigger.stderr,
    );
    const sent = await fetch(`${info.base_url}/messages`, {
      method: 'POST',
      headers: { 'X-API-KEY': info.test_key, 'content-type': 'application/json' },
      body: JSON.stringify({ to: '+244900000001', body: 'kept across restarts' }),
    }).then((r) => r.json());
    first.rememberedMessage = sent.id;
  } finally {
    first.child.kill('SIGTERM');
    await first.exited;
  }
  check('SIGTERM stops it with exit 0', first.child.exitCode === 0);
  check(
    'the state file was saved',
    existsSync(stateFile) && parseJson(readFileSync(stateFile, 'utf8')) !== undefined,
  );

  const second = await serve();
  try {
    // A new connection: port 0 may hand the second server the first one's port, and fetch would
    // reuse its pooled keep-alive socket to the server that is gone.
    const status = await freshGet(`${second.info.base_url}/messages/${first.rememberedMessage}`, {
      'X-API-KEY': second.info.test_key,
    });
    check('a second start from the state file keeps the records', status === 200);
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
  const leftovers = readdirSync(home).filter((f) => !['bin', 'empty-path'].includes(f));
  check(
    'it wrote only in its folder',
    leftovers.every((f) => f.startsWith('state.json') || f === 'world.json'),
    leftovers.join(', '),
  );

  const reportFile = join(root, '.reports', 'standalone', 'report.json');
  writeFileSync(
    reportFile,
    `${JSON.stringify(
      {
        bytes: built.bytes,
        start_ms: [first.ms, second.ms],
        verify: report && { passed: report.passed, failed: report.failed, skipped: report.skipped },
        built_at: new Date().toISOString(),
      },
      null,
      2,
    )}\n`,
  );
  console.log(
    `standalone: ${megabytes(built.bytes)}, ${first.ms.toFixed(0)} ms to the listening line (cold), ${second.ms.toFixed(0)} ms (from the state file)`,
  );
} finally {
  rmSync(home, { recursive: true, force: true });
}

const failed = checks.filter((c) => !c.ok).length;
console.log(
  `standalone: ${((performance.now() - started) / 1000).toFixed(1)} s, ${checks.length - failed} passed, ${failed} failed`,
);
process.exit(failed > 0 ? 1 : 0);

/** Runs the executable to completion from its folder. */
function run(args) {
  return spawnSync(exe, args, { cwd: home, env, encoding: 'utf8', timeout: 30_000 });
}

/** Starts `serve` from the executable; resolves once its JSON line is read. */
async function serve() {
  const begin = performance.now();
  const child = spawn(
    exe,
    [
      'serve',
      '--port',
      '0',
      '--json',
      '--world',
      'world.json',
      '--state',
      'state.json',
      // Receipts a hundred times sooner: verify's progress checks wait for them.
      '--speed',
      '100',
    ],
    { cwd: home, env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  const line = await Promise.race([
    once(createInterface({ input: child.stdout }), 'line').then(([text]) => text),
    exited.then(([code]) => {
      throw new Error(`serve exited with ${code} before listening`);
    }),
  ]);
  const ms = performance.now() - begin;
  return { child, exited, ms, info: JSON.parse(line) };
}

/** The status of a GET on a connection of its own. */
function freshGet(url, headers) {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode);
    }).on('error', reject);
  });
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
