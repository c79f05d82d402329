/**
 * Benchmark of worlds on one server (issue 24, item 6):
 *
 * - creating a world over HTTP (`POST /__mock/worlds`, demo world, virtual clock): ≤ 1 ms at the
 *   median above the floor — the same client's median `GET /__mock/health` round trip, measured in
 *   the same run, interleaved: the HTTP cost alone, which on a shared machine is itself about a
 *   millisecond (E39); the raw round trip is shown too;
 * - the heap of an empty world (service, demo organization, request log, inspector tracker,
 *   snapshot store) measured over many worlds with `--expose-gc`: ≤ 50 kB each;
 * - server throughput with 64 worlds under concurrent traffic (each request a `GET
 *   /messages/{id}` with one of 64 worlds' keys, rotating) against the same load on one world:
 *   ≥ 80 % of it. Both loads come from one generator script in another process, alternating.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createMockService } from '../packages/mock/src/index';
import { createMockServer } from '../packages/mock-server/src/server/node-server';
import { median, report } from './harness';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const AUTOCANNON = require.resolve('autocannon');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WORLDS = 64;
const children: ChildProcess[] = [];

async function startServer(): Promise<{ origin: string; key: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/mock-server/src/bin.ts',
      'serve',
      '--port',
      '0',
      '--json',
      '--clock',
      'virtual',
      '--max-worlds',
      '10000',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  let out = '';
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const end = out.indexOf('\n');
      if (end >= 0) resolve(out.slice(0, end));
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  const info = JSON.parse(line) as { port: number; live_key: string };
  return { origin: `http://127.0.0.1:${info.port}`, key: info.live_key };
}

async function call(url: string, method = 'GET', body?: unknown, key?: string) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key === undefined ? {} : { 'x-api-key': key }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Median milliseconds of `fn` over `n` sequential calls. */
async function medianMs(n: number, fn: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

/** A world ready for the load: rate limits off, one delivered message; its key and path. */
async function prepare(control: string, key: string, origin: string) {
  await call(`${control}/rate-limits`, 'PUT', { disabled: true });
  const sent = await call(
    `${origin}/c/v1/messages`,
    'POST',
    { to: '+244923000001', body: 'Olá' },
    key,
  );
  await call(`${control}/clock/run-until-idle`, 'POST', {});
  return { key, path: `/c/v1/messages/${sent.id as string}` };
}

/** Requests per second of one load, rotating over the targets (fails on any non-2xx). */
async function load(origin: string, targets: { key: string; path: string }[]): Promise<number> {
  const script = `
    const autocannon = require(${JSON.stringify(AUTOCANNON)});
    const targets = ${JSON.stringify(targets)};
    let next = 0;
    autocannon({
      url: ${JSON.stringify(origin)}, connections: 32, duration: ${SECONDS},
      requests: [{ method: 'GET', setupRequest: (request) => {
        const t = targets[next++ % targets.length];
        return { ...request, path: t.path, headers: { 'x-api-key': t.key } };
      } }],
    }, (error, result) => {
      if (error) throw error;
      process.stdout.write(JSON.stringify({ rate: result.requests.average, non2xx: result.non2xx, errors: result.errors }));
    });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  await new Promise((resolve) => child.once('exit', resolve));
  const result = JSON.parse(out) as { rate: number; non2xx: number; errors: number };
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.rate;
}

/** Heap bytes per empty world, created in this process through the server's own registry. */
function heapPerWorld(count: number): number {
  const mock = createMockService({ onError: false });
  mock.seedDemo();
  const server = createMockServer({ mock, worldTtl: 0, maxWorlds: count + 10 });
  const settings = server.worlds.default.settings;
  // Warm the code paths up so the figure is data, not compiled code.
  for (let i = 0; i < 20; i++) server.worlds.delete(server.worlds.create(settings).id);
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with --expose-gc (npm run bench does)');
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < count; i++) server.worlds.create(settings);
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  if (server.worlds.size !== count + 1) throw new Error('worlds were freed during the count');
  // It never listened: only the worlds' inspector followers need stopping.
  server.worlds.close();
  return (after - before) / count;
}

async function main() {
  console.log('\n## Worlds on one server (issue 24)');
  const perWorld = heapPerWorld(1000);
  report(
    'Heap of an empty world (1000 worlds, demo organization)',
    `${(perWorld / 1024).toFixed(1)} kB`,
    '≤ 50 kB',
    perWorld <= 50 * 1024,
  );

  const server = await startServer();
  const control = `${server.origin}/__mock`;
  // Warm-up: JIT and the connection pool.
  for (let i = 0; i < 200; i++) await call(`${control}/health`);
  for (let i = 0; i < 100; i++) await call(`${control}/worlds`, 'POST', {});
  const created: { id: string; live_key: string; control_url: string }[] = [];
  // Interleaved, so both see the same moments of a noisy machine.
  const createSamples: number[] = [];
  const healthSamples: number[] = [];
  for (let i = 0; i < 500; i++) {
    createSamples.push(
      await medianMs(1, async () => {
        created.push((await call(`${control}/worlds`, 'POST', {})) as (typeof created)[number]);
      }),
    );
    healthSamples.push(await medianMs(1, () => call(`${control}/health`)));
  }
  const createMs = median(createSamples);
  const healthMs = median(healthSamples);
  const above = createMs - healthMs;
  report('POST /__mock/worlds over HTTP, median of 500', `${createMs.toFixed(3)} ms round trip`);
  report('  GET /__mock/health, same client (HTTP floor)', `${healthMs.toFixed(3)} ms round trip`);
  report('  creating a world, above the floor', `${above.toFixed(3)} ms`, '≤ 1 ms', above <= 1);
  // Keep the server lean for the throughput rows: only the 64 worlds under load stay.
  for (const world of created.slice(WORLDS)) await call(`${control}/worlds/${world.id}`, 'DELETE');

  const one = [await prepare(control, server.key, server.origin)];
  const many = await Promise.all(
    created
      .slice(0, WORLDS)
      .map((world) => prepare(world.control_url, world.live_key, server.origin)),
  );
  await load(server.origin, one);
  await load(server.origin, many);
  const single: number[] = [];
  const spread: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    single.push(await load(server.origin, one));
    spread.push(await load(server.origin, many));
  }
  const best1 = Math.max(...single);
  const best64 = Math.max(...spread);
  report(`GET /messages/{id}, 1 world`, `${Math.round(best1)} req/s`);
  report(`GET /messages/{id}, ${WORLDS} worlds (keys rotating)`, `${Math.round(best64)} req/s`);
  report(
    `  ${WORLDS} worlds / 1 world`,
    `${((best64 / best1) * 100).toFixed(0)}%`,
    '≥ 80%',
    best64 / best1 >= 0.8,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
  });
