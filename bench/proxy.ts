/**
 * Benchmark of `msgsvc-mock proxy` (issue 16): the latency it adds to each exchange. The same
 * requests go to the mock directly and through the proxy, one at a time on a kept-alive
 * connection, in alternating rounds so both see the same machine noise. The floor is the direct
 * exchange measured in the same run. The proxy forwards bytes and parses a copy of them once the
 * traffic is quiet (E48, E59): the parse and the contract check are not in the latency, but they
 * are in the CPU the proxy shares with the mock.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { fmt, median, percentile, report } from './harness';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = ['--import', 'tsx', 'packages/mock-server/src/bin.ts'];
const REQUESTS = Number(process.env.BENCH_PROXY_REQUESTS ?? 400);
const ROUNDS = 7;
const children: ChildProcess[] = [];

function start(args: string[], ready: RegExp): Promise<RegExpMatchArray> {
  const child = spawn(process.execPath, [...CLI, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = output.match(ready);
      if (match !== null) resolve(match);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited (${code}):\n${output}`)));
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET, its latency in nanoseconds. */
function exchange(url: string, key: string): Promise<number> {
  const begin = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    request(url, { agent, headers: { 'x-api-key': key } }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        else resolve(Number(process.hrtime.bigint() - begin));
      });
    })
      .on('error', reject)
      .end();
  });
}

async function round(url: string, key: string, samples: number[]): Promise<void> {
  for (let i = 0; i < REQUESTS; i++) samples.push(await exchange(url, key));
}

async function main() {
  console.log('\n## msgsvc-mock proxy (issue 16)');
  const [, line] = await start(
    ['serve', '--port', '0', '--json', '--clock', 'virtual'],
    /^(\{.*\})\n/m,
  );
  const info = JSON.parse(line!) as { port: number; live_key: string };
  const origin = `http://127.0.0.1:${info.port}`;
  await fetch(`${origin}/__mock/rate-limits`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ disabled: true }),
  });
  const [, proxyUrl] = await start(
    ['proxy', '--upstream', origin, '--port', '0'],
    /listening on (\S+),/,
  );
  const path = '/c/v1/messages?size=30&status=DELIVERED';
  const direct: number[] = [];
  const proxied: number[] = [];
  await round(`${origin}${path}`, info.live_key, []);
  await round(`${proxyUrl}${path}`, info.live_key, []);
  for (let r = 0; r < ROUNDS; r++) {
    await round(`${origin}${path}`, info.live_key, direct);
    await round(`${proxyUrl}${path}`, info.live_key, proxied);
  }
  const d50 = median(direct);
  const p50 = median(proxied);
  const added = p50 - d50;
  console.log(`\nLatency of GET ${path}, ${ROUNDS} × ${REQUESTS} sequential requests each way`);
  report('direct to the mock (floor), median', fmt(d50));
  report('through the proxy, median', fmt(p50));
  report('direct, p99', fmt(percentile(direct, 99)));
  report('through the proxy, p99', fmt(percentile(proxied, 99)));
  report('proxy: added latency, median', fmt(added), '≤ 2 ms', added <= 2e6);
  // Issue 26: at most twice the direct request at the median (was ≤ 4×, issue 16). The proxy
  // forwards bytes and checks a copy later (E59): what remains is the extra loopback hop.
  report('proxy: ratio to direct, median', `${(p50 / d50).toFixed(2)}×`, '≤ 2×', p50 / d50 <= 2);
  if (added > 2e6 || p50 / d50 > 2) process.exitCode = 1;
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    agent.destroy();
    for (const child of children) child.kill('SIGTERM');
  });
