/**
 * Webhooks from a real `msgsvc-mock serve` process verify with stock Standard Webhooks verifiers
 * in both clock modes, for every delivery (D31): the `standardwebhooks` npm package in a Node
 * receiver, and a Python receiver written with the standard library
 * (`support/webhook_receiver.py`). Both check the timestamp against their own wall clock, with
 * the usual 5-minute tolerance, while the world's clock is days (virtual, advanced through the
 * control API) or many minutes (real, `--speed 1000`) away from it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedCli, startCli } from './support/cli-process';
import { controlApi, publicApi } from './support/http';

const PYTHON = spawnSync('python3', ['--version']).status === 0;
const PYTHON_RECEIVER = fileURLToPath(new URL('./support/webhook_receiver.py', import.meta.url));
const TWO_DAYS_MS = 2 * 86_400_000;
/** Two messages to a number delivered 1 s after sending: SENT and DELIVERED for each. */
const EXPECTED_DELIVERIES = 4;

/** What a receiver made of one delivery. */
interface Verdict {
  readonly id: string;
  readonly ok: boolean;
  readonly detail: string;
}

/** A receiver in this process that verifies with the `standardwebhooks` package, on the real Date. */
function nodeReceiver(
  secret: string,
): Promise<{ server: Server; url: string; verdicts: Verdict[] }> {
  const verdicts: Verdict[] = [];
  const webhook = new Webhook(secret);
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
      );
      let detail = 'verified';
      try {
        webhook.verify(body, headers);
      } catch (error) {
        detail = `${(error as Error).message} (webhook-timestamp ${headers['webhook-timestamp']}, now ${Math.floor(Date.now() / 1000)})`;
      }
      verdicts.push({ id: headers['webhook-id'] ?? '', ok: detail === 'verified', detail });
      res.writeHead(detail === 'verified' ? 204 : 400).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/hooks`, verdicts });
    }),
  );
}

/** The Python receiver as a child process; its verdicts are its stdout lines. */
function pythonReceiver(
  secret: string,
): Promise<{ child: ChildProcess; url: string; verdicts: Verdict[] }> {
  const child = spawn('python3', [PYTHON_RECEIVER, secret], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
  });
  const verdicts: Verdict[] = [];
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`python3 exited (${code}) before listening`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const parsed = JSON.parse(line) as {
        port?: number;
        id: string;
        signed: boolean;
        fresh: boolean;
      };
      if (parsed.port !== undefined) {
        resolve({ child, url: `http://127.0.0.1:${parsed.port}/hooks`, verdicts });
        return;
      }
      verdicts.push({ id: parsed.id, ok: parsed.signed && parsed.fresh, detail: line });
    });
  });
}

describe.each([
  { clock: 'virtual', flags: ['--clock', 'virtual'] },
  { clock: 'real', flags: ['--clock', 'real', '--speed', '1000'] },
])('a server on a $clock clock', { timeout: 90_000 }, ({ clock, flags }) => {
  let cli: StartedCli;
  let node: Awaited<ReturnType<typeof nodeReceiver>>;
  let python: Awaited<ReturnType<typeof pythonReceiver>> | undefined;
  const endpoints: { id: string; verdicts: Verdict[] }[] = [];

  beforeAll(async () => {
    cli = await startCli(['serve', '--port', '0', '--json', ...flags]);
    const secret = cli.info.webhook_secret!;
    node = await nodeReceiver(secret);
    python = PYTHON ? await pythonReceiver(secret) : undefined;
    const control = controlApi(cli.origin);
    for (const receiver of [node, ...(python === undefined ? [] : [python])]) {
      const created = await control.post(
        `/organizations/${cli.info.organization_id}/webhook-endpoints`,
        { url: receiver.url }, // signed with the organization's secret
      );
      expect(created.status).toBe(201);
      endpoints.push({ id: created.body.id, verdicts: receiver.verdicts });
    }

    const api = publicApi(cli.origin, cli.info.live_key);
    const worldAhead = async () => Date.parse((await control.get('/clock')).body.now) - Date.now();
    expect((await api.post('/messages', { to: '+244900000001', body: 'first' })).status).toBe(201);
    if (clock === 'virtual') {
      await control.post('/clock/run-until-idle');
      // Days later in the world; the wall clock has not moved.
      await control.post('/clock/advance', { ms: TWO_DAYS_MS });
      expect(await worldAhead()).toBeGreaterThan(TWO_DAYS_MS - 60_000);
    } else {
      // A thousand times faster: the world runs minutes ahead of the wall clock within a second.
      while ((await worldAhead()) < 10 * 60_000) await new Promise((r) => setTimeout(r, 50));
    }
    expect((await api.post('/messages', { to: '+244900000001', body: 'second' })).status).toBe(201);
    if (clock === 'virtual') await control.post('/clock/run-until-idle');
    // Every delivery reaches its end: delivered once the receiver says 2xx, retried otherwise.
    const deadline = Date.now() + 45_000;
    for (;;) {
      const outbox = (await control.get('/webhooks/outbox')).body.entries as { state: string }[];
      const done = outbox.filter((d) => d.state === 'delivered' || d.state === 'failed');
      if (done.length >= EXPECTED_DELIVERIES * endpoints.length && done.length === outbox.length)
        break;
      if (Date.now() > deadline) {
        const states = outbox.map((d) => d.state).join(', ');
        throw new Error(`the outbox did not settle within 45 s: ${states}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 90_000);

  afterAll(async () => {
    await cli?.stop();
    node?.server.close();
    python?.child.kill();
  });

  it('the standardwebhooks package verifies every delivery on the real clock', async () => {
    const [mine] = endpoints;
    expect(mine!.verdicts.length).toBeGreaterThanOrEqual(EXPECTED_DELIVERIES);
    expect(mine!.verdicts.filter((v) => !v.ok)).toEqual([]);
    const outbox = await controlApi(cli.origin).get('/webhooks/outbox', `endpoint_id=${mine!.id}`);
    expect(outbox.body.entries.map((d: { state: string }) => d.state)).toEqual(
      Array(EXPECTED_DELIVERIES).fill('delivered'),
    );
  });

  it.skipIf(!PYTHON)(
    'a Python receiver (hmac, base64, http.server) verifies every delivery',
    async () => {
      const theirs = endpoints[1]!;
      expect(theirs.verdicts.length).toBe(EXPECTED_DELIVERIES);
      expect(theirs.verdicts.filter((v) => !v.ok)).toEqual([]);
      const outbox = await controlApi(cli.origin).get(
        '/webhooks/outbox',
        `endpoint_id=${theirs.id}`,
      );
      expect(outbox.body.entries.map((d: { state: string }) => d.state)).toEqual(
        Array(EXPECTED_DELIVERIES).fill('delivered'),
      );
    },
  );
});
