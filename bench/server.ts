/**
 * Benchmark of the mock's HTTP server (issues 6 and 13): requests per second on
 * `GET /messages/{id}` and on a filtered `GET /messages`, against two floors measured in the same
 * run —
 *
 * - a bare `node:http` server answering the mock's own answer, the same body and headers (target:
 *   the mock serves ≥ 60% of it on the retrieve, ≥ 50% on the filtered list);
 * - Prism's mock server (`prism mock openapi/openapi.yaml`, target: the mock serves ≥ 20× it on
 *   the retrieve, ≥ 10× on the filtered list).
 *
 * Every server runs in its own process and the load generator (autocannon) in another, all on
 * loopback, each run bounded in time. Rate limits are off in the bench world.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from './harness';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const AUTOCANNON = require.resolve('autocannon/autocannon.js');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;
/** Alternating mock/bare rounds per case. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * How the server runs: from the sources through tsx by default (what `npm start` runs; no build
 * needed); `BENCH_CLI=packages/mock-server/dist/cli.js` measures the built executable instead.
 */
const CLI =
  process.env.BENCH_CLI === undefined
    ? ['--import', 'tsx', 'packages/mock-server/src/bin.ts']
    : [process.env.BENCH_CLI];
const children: ChildProcess[] = [];

/** Starts a process and resolves with the first stdout line matching `ready`. */
function start(command: string, args: string[], ready: RegExp, env: NodeJS.ProcessEnv = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise<{ child: ChildProcess; match: RegExpMatchArray }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} did not start:\n${output}`)),
      60_000,
    );
    let done = false;
    // Prism logs to stderr, the others to stdout: watch both.
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = output.match(ready);
      if (match !== null && !done) {
        done = true;
        clearTimeout(timer);
        resolve({ child, match });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      if (!done) reject(new Error(`${command} exited (${code}):\n${output}`));
    });
  });
}

/** Requests per second of one autocannon run (fails on errors or non-2xx answers). */
async function load(
  url: string,
  headers: Record<string, string>,
  seconds = SECONDS,
): Promise<number> {
  const args = [AUTOCANNON, '-j', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  await new Promise((resolve) => child.once('exit', resolve));
  const result = JSON.parse(out) as {
    requests: { average: number };
    errors: number;
    non2xx: number;
  };
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  }
  return result.requests.average;
}

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return { text: await response.text(), headers: response.headers };
}

/** The mock server with a bench world: 5000 messages, rate limits off. */
async function startMock() {
  const { match } = await start(
    process.execPath,
    [...CLI, 'serve', '--port', '0', '--json', '--clock', 'virtual'],
    /^(\{.*\})\n/m,
  );
  const info = JSON.parse(match[1]!) as {
    port: number;
    live_key: string;
    sender_id: { id: string };
  };
  const origin = `http://127.0.0.1:${info.port}`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    json(`${origin}${path}`, {
      method: path.startsWith('/__mock/rate') ? 'PUT' : 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  await post('/__mock/rate-limits', { disabled: true });
  for (let c = 0; c < 5; c++) {
    const recipients = Array.from(
      { length: 1000 },
      (_, i) => `+2449${[2, 3, 4, 5, 1][i % 5]}${String(10_000_000 + c * 1000 + i).slice(1)}`,
    );
    await post(
      '/c/v1/campaigns/batch',
      { remitter_id: info.sender_id.id, channel_type: 'SMS', content: `Bench ${c}`, recipients },
      { 'x-api-key': info.live_key },
    );
  }
  await post('/__mock/clock/run-until-idle', {});
  return { origin, key: info.live_key };
}

/** Headers Node's http server writes itself (the bare server gets them the same way). */
const NODE_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * A bare node:http server answering every request with the mock's own answer: the same body and
 * the same headers (rate-limit headers and trace id included), so both sides put the same bytes on
 * the wire and the floor differs from the mock only by the mock's work.
 */
async function startBare(body: string, headers: Headers) {
  const replayed: Record<string, string> = {};
  for (const [name, value] of headers) if (!NODE_HEADERS.has(name)) replayed[name] = value;
  const script = `
    const http = require('node:http');
    const body = process.env.BENCH_BODY;
    const headers = JSON.parse(process.env.BENCH_HEADERS);
    http.createServer((req, res) => {
      res.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    }).listen(0, '127.0.0.1', function () { console.log('port=' + this.address().port); });`;
  const { match } = await start(process.execPath, ['-e', script], /port=(\d+)/, {
    BENCH_BODY: body,
    BENCH_HEADERS: JSON.stringify(replayed),
  });
  return `http://127.0.0.1:${match[1]}`;
}

async function startPrism() {
  const port = 45_000 + Math.floor(Math.random() * 5000);
  const bin = join(ROOT, 'node_modules', '.bin', 'prism');
  await start(
    bin,
    ['mock', 'openapi/openapi.yaml', '-p', String(port), '-h', '127.0.0.1'],
    /Prism is listening/,
  );
  return `http://127.0.0.1:${port}`;
}

interface Case {
  readonly name: string;
  /** Path under `/c/v1` (Prism serves it without the prefix). */
  readonly path: string;
  /** The least share of the bare server's rate the mock must reach. */
  readonly ofBare: number;
  /** The least multiple of Prism's rate the mock must reach. */
  readonly overPrism: number;
}

async function main() {
  console.log('\n## Mock HTTP server (issue 6)');
  const mock = await startMock();
  const headers = { 'x-api-key': mock.key };
  const list = await json(`${mock.origin}/c/v1/messages?size=1`, { headers });
  const id = (JSON.parse(list.text) as { entries: { id: string }[] }).entries[0]!.id;
  const cases: Case[] = [
    { name: 'GET /messages/{id}', path: `/messages/${id}`, ofBare: 0.6, overPrism: 20 },
    {
      name: 'GET /messages (filtered)',
      path: '/messages?status=DELIVERED&channel_type=SMS&channel_destination=UNITEL&size=30',
      ofBare: 0.5,
      overPrism: 10,
    },
  ];
  const prism = await startPrism();

  console.log(
    `\nServer throughput (autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run, loopback, 5000 messages)`,
  );
  for (const c of cases) {
    const sample = await json(`${mock.origin}/c/v1${c.path}`, { headers });
    const bare = await startBare(sample.text, sample.headers);
    // Warm both up (JIT, connection pools), then alternate so both see the same machine noise.
    await load(`${mock.origin}/c/v1${c.path}`, headers, 1);
    await load(`${bare}${c.path}`, headers, 1);
    // Alternating rounds; each side keeps its best, since noise on a shared machine only ever
    // takes throughput away.
    const mockRates: number[] = [];
    const bareRates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bareRates.push(await load(`${bare}${c.path}`, headers));
      mockRates.push(await load(`${mock.origin}/c/v1${c.path}`, headers));
    }
    await load(`${prism}${c.path}`, headers, 1);
    const prismRate = await load(`${prism}${c.path}`, headers);
    const mockRate = Math.max(...mockRates);
    const bareRate = Math.max(...bareRates);
    const ofBare = mockRate / bareRate;
    const overPrism = mockRate / prismRate;
    report(`${c.name}: mock server`, `${Math.round(mockRate)} req/s`);
    report(`  bare node:http, same answer`, `${Math.round(bareRate)} req/s`);
    report(
      `  mock / bare`,
      `${(ofBare * 100).toFixed(0)}%`,
      `≥ ${c.ofBare * 100}%`,
      ofBare >= c.ofBare,
    );
    report(`  Prism mock`, `${Math.round(prismRate)} req/s`);
    report(
      `  mock / Prism`,
      `${overPrism.toFixed(1)}×`,
      `≥ ${c.overPrism}×`,
      overPrism >= c.overPrism,
    );
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
  });
