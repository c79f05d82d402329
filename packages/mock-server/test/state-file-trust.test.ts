/**
 * State files you can trust (issue 22), on the real CLI process: one server per file (D122); a
 * damaged file refused with its JSON path, exit 2 (D123); a folder that cannot be written refused at
 * start (D124); the file is 0600 and holds keys by hash only (D125); a `kill -9` in the middle of a
 * save leaves a file that loads.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockService, DEMO_LIVE_KEY, DEMO_TEST_KEY } from '@msgsvc/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../src/serve';
import { readStateFile, StateFileError, writeStateFile } from '../src/state/state-file';
import { StateFileLockedError } from '../src/state/state-lock';
import { runCliToEnd, type StartedCli, startCli } from './support/cli-process';

const PROCESS = { timeout: 120_000 };
let dir: string;
const running: StartedCli[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'msgsvc-trust-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((cli) => cli.stop('SIGKILL')));
  rmSync(dir, { recursive: true, force: true });
});

async function start(...args: string[]): Promise<StartedCli> {
  const cli = await startCli(['serve', '--port', '0', '--json', ...args]);
  running.push(cli);
  return cli;
}

async function stop(cli: StartedCli, signal: NodeJS.Signals = 'SIGTERM') {
  running.splice(running.indexOf(cli), 1);
  return cli.stop(signal);
}

async function send(cli: StartedCli, key = cli.info.live_key): Promise<Response> {
  return fetch(`${cli.info.base_url}/messages`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ to: '+244923000001', body: 'Olá' }),
  });
}

/** A valid state file of the demo world (with a message), as JSON to damage. */
/** A state file's JSON, loosely: its lists of records. */
type Row = Record<string, unknown>;
type State = Record<'organizations' | 'accounts' | 'apiKeys' | 'senders' | 'contacts', Row[]> &
  Record<string, unknown>;

function demoState(): State {
  const file = join(dir, 'seed.json');
  const mock = createMockService({ demo: true });
  writeStateFile(file, mock.snapshot());
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** A pid that is surely not running: a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('one server per state file (D122)', () => {
  it(
    'refuses a second server on the file, naming the holder; the lock goes with the first',
    PROCESS,
    async () => {
      const file = join(dir, 'world.json');
      const first = await start('--state', file);
      const second = await runCliToEnd(['serve', '--port', '0', '--state', file]);
      expect(second.code).toBe(1);
      const line = second.stderr.trim();
      expect(line.split('\n')).toHaveLength(1);
      expect(line).toContain(`state file ${file} is in use by pid ${first.info.pid}`);
      expect(line).toContain(`port ${first.info.port}`);
      // The first one was not disturbed, and releases the lock on SIGTERM.
      expect((await send(first)).status).toBe(201);
      expect(await stop(first)).toEqual({ code: 0, signal: null });
      expect(existsSync(`${file}.lock`)).toBe(false);
      expect(readdirSync(dir)).toEqual(['world.json']);
    },
  );

  it('takes over the lock of a server that died, and says so', PROCESS, async () => {
    const file = join(dir, 'world.json');
    const pid = deadPid();
    writeFileSync(
      `${file}.lock`,
      JSON.stringify({ pid, host: hostname(), port: 4010, since: new Date().toISOString() }),
    );
    const cli = await start('--state', file);
    expect(cli.stderr()).toContain(
      `took over the lock of ${file} from pid ${pid} on ${hostname()}, port 4010`,
    );
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toMatchObject({
      pid: cli.info.pid,
      port: cli.info.port,
    });
    expect(await stop(cli, 'SIGINT')).toEqual({ code: 0, signal: null });
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});

describe('one server per state file, in one process (D122)', () => {
  it('startServer refuses a file this process already serves, and frees it on close', async () => {
    const file = join(dir, 'world.json');
    const first = await startServer({ state: file });
    const refused = await startServer({ state: file }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StateFileLockedError);
    expect((refused as StateFileLockedError).holder).toMatchObject({
      pid: process.pid,
      port: first.info.port,
    });
    await first.close();
    expect(existsSync(`${file}.lock`)).toBe(false);
    const second = await startServer({ state: file });
    await second.close();
  });
});

describe('a damaged state file is refused whole (D123)', () => {
  const damages: [string, (state: State) => string, RegExp][] = [
    [
      'a balance that is not a number',
      (s) => JSON.stringify({ ...s, accounts: [{ ...s.accounts[0], balance: 'abc' }] }),
      /at \$\.accounts\[0\]\.balance: must be whole micro-units/,
    ],
    ['a garbage time', (s) => JSON.stringify({ ...s, time: 'garbage' }), /at \$\.time: /],
    [
      'a world that lost its organizations',
      (s) => JSON.stringify({ ...s, organizations: [] }),
      /at \$\.apiKeys\[0\]\.organizationId: names organization "[^"]+", which is not in the file/,
    ],
    [
      'a dangling reference',
      (s) => JSON.stringify({ ...s, contacts: [{ ...s.contacts[0], tagIds: ['no-such-tag'] }] }),
      /at \$\.contacts\[0\]\.tagIds\[0\]: names tag "no-such-tag"/,
    ],
    ['invalid JSON', () => '{ "version": 2, nope }', /not JSON \(/],
    ['a truncated file', (s) => JSON.stringify(s).slice(0, 700), /not JSON \(.*truncated/],
    ['an empty file', () => '', /is empty/],
  ];

  it('exits 2 with one line naming the file, the JSON path and the fault', PROCESS, async () => {
    const state = demoState();
    const runs = damages.map(async ([name, damage, expected]) => {
      const file = join(dir, `${name.replaceAll(' ', '-')}.json`);
      writeFileSync(file, damage(state));
      const result = await runCliToEnd(['serve', '--port', '0', '--state', file]);
      return { name, file, expected, ...result };
    });
    for (const { name, file, expected, code, stderr, stdout } of await Promise.all(runs)) {
      expect({ name, code }).toEqual({ name, code: 2 });
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toContain(`msgsvc-mock: state file ${file}: `);
      expect(stderr).toMatch(expected);
      // Refused before anything: not even the lock is left behind.
      expect(existsSync(`${file}.lock`)).toBe(false);
    }
  });

  it('reports every kind of record reference in-process too', () => {
    const state = demoState();
    const file = join(dir, 'refs.json');
    const refuse = (changed: object) => {
      writeFileSync(file, JSON.stringify({ ...state, ...changed }));
      return () => readStateFile(file);
    };
    expect(
      refuse({ organizations: [{ ...state.organizations[0], defaultSenderId: 'gone' }] }),
    ).toThrow(/\$\.organizations\[0\]\.defaultSenderId: names sender ID "gone"/);
    expect(refuse({ accounts: [...state.accounts, ...state.accounts] })).toThrow(
      /\$\.accounts\[1\]\.id: "[^"]+" appears twice/,
    );
    // A stored key matches neither form; the message is that of the closer one.
    expect(refuse({ apiKeys: [{ ...state.apiKeys[0], keySha256: 'x' }] })).toThrow(
      /\$\.apiKeys\[0\]\.keySha256: must be 64 lower-case hex digits/,
    );
    expect(refuse({ apiKeys: [{ ...state.apiKeys[0], revoked: 'no' }] })).toThrow(StateFileError);
    expect(refuse({ senders: [{ ...state.senders[0], status: 'MAYBE' }] })).toThrow(
      /\$\.senders\[0\]\.status/,
    );
    expect(refuse({ apiKeys: [state.apiKeys[0], state.apiKeys[0]] })).toThrow(
      /\$\.apiKeys\[1\]: the same key appears twice/,
    );
    const task = { type: 'webhook.deliver', deliveryId: 'gone' };
    expect(refuse({ scheduler: { tasks: [{ at: 0, seq: 0, task }], nextSeq: 1 } })).toThrow(
      /\$\.scheduler\.tasks\[0\]\.task\.deliveryId: names webhook delivery "gone"/,
    );
    const { history } = state as unknown as { history: { messages: { at: number[] } } };
    const uneven = {
      ...history,
      messages: { ...history.messages, at: [...history.messages.at, 0] },
    };
    expect(refuse({ history: uneven })).toThrow(/\$\.history\.messages\.at: has \d+ entries/);
  });

  it(
    'loads a consistent empty world, and warns that the printed keys are not in it',
    PROCESS,
    async () => {
      const state = demoState();
      const file = join(dir, 'empty.json');
      const emptied = [
        'organizations',
        'accounts',
        'ledger',
        'apiKeys',
        'senders',
        'contacts',
        'tags',
      ];
      writeFileSync(
        file,
        JSON.stringify({ ...state, ...Object.fromEntries(emptied.map((k) => [k, []])) }),
      );
      const cli = await start('--state', file);
      expect(cli.stderr()).toContain(
        `the world loaded from ${file} has none of the keys printed below (it has 0 active keys of its own)`,
      );
      expect((await send(cli)).status).toBe(401);
    },
  );
});

describe('a folder that cannot be written (D124)', () => {
  it('is refused at start, in one line, exit 2', PROCESS, async () => {
    const missing = join(dir, 'no-such-folder', 'world.json');
    const notAFolder = join(dir, 'a-file');
    writeFileSync(notAFolder, '');
    const cases = [
      [missing, 'ENOENT'],
      [join(notAFolder, 'world.json'), 'ENOTDIR'],
    ] as const;
    for (const [file, code] of cases) {
      const result = await runCliToEnd(['serve', '--port', '0', '--state', file]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim()).toMatch(
        new RegExp(
          `^msgsvc-mock: state file ${escapeRegExp(file)}: its folder .* cannot be written \\(${code}\\)`,
        ),
      );
    }
  });

  // Root writes anywhere, so a read-only folder is tested only as another user.
  it.skipIf(process.getuid?.() === 0)('refuses a read-only folder', PROCESS, async () => {
    const folder = join(dir, 'read-only');
    mkdirSync(folder, { mode: 0o555 });
    const result = await runCliToEnd(['serve', '--port', '0', '--state', join(folder, 'w.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot be written \((EACCES|EPERM|EROFS)\)/);
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('a busy world', () => {
  it('round-trips through the file: every part the world uses passes the checks', async () => {
    const mock = createMockService({ demo: true });
    const client = mock.client();
    const org = mock.control.organizations()[0]!.id;
    const sender = mock.control.senderIds(org)[0]!.id;
    const kept = mock.control.addWebhookEndpoint({ organization_id: org, listener: () => 200 });
    const removed = mock.control.addWebhookEndpoint({ organization_id: org, listener: () => 500 });
    mock.control.failNextDispatch({ count: 1 });
    const sent = await client.messages.send(
      { to: '+244923000001', body: 'Olá' },
      { idempotencyKey: 'order-1' },
    );
    await client.campaigns.sendBatch({
      remitter_id: sender,
      channel_type: 'SMS',
      content: 'Promo',
      recipients: ['+244923000002', '+244923000003'],
    });
    mock.clock.advance(2_000);
    mock.control.removeWebhookEndpoint(removed.id);
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'STOP' });
    mock.control.failNextRequests({ operation_id: 'sendMessage', count: 2 });
    mock.control.addLatency({ ms: 5, count: 1 });
    mock.control.carrierOutage({
      destination: 'UNITEL',
      from: '2026-01-01T10:00:00Z',
      to: '2026-01-01T11:00:00Z',
    });
    const other = mock.control.createOrganization({ name: 'Other', balance: '10' });
    mock.control.revokeApiKey(mock.control.issueApiKey({ organization_id: other.id }).id);
    mock.clock.advance(500);

    const file = join(dir, 'busy.json');
    writeStateFile(file, mock.snapshot());
    const loaded = readStateFile(file)!;
    const restored = createMockService();
    restored.restore(loaded);
    expect(restored.control.message(sent.id).id).toBe(sent.id);
    expect(restored.control.webhookEndpoints().map((e) => e.id)).toEqual([kept.id]);
    expect(loaded.webhooks.outbox.length).toBeGreaterThan(0);
    const { apiKeys, ...rest } = loaded;
    const { apiKeys: original, ...expected } = JSON.parse(JSON.stringify(mock.snapshot()));
    expect(rest).toEqual(expected);
    expect(apiKeys).toHaveLength(original.length);
  });
});

describe('what the file holds (D125)', () => {
  it(
    'is 0600 and holds keys by prefix and hash, yet the keys work after a restart',
    PROCESS,
    async () => {
      const file = join(dir, 'world.json');
      const first = await start('--state', file, '--clock', 'virtual');
      expect((await send(first)).status).toBe(201);
      await stop(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const text = readFileSync(file, 'utf8');
      for (const key of [DEMO_LIVE_KEY, DEMO_TEST_KEY]) {
        expect(text).not.toContain(key);
        expect(text).not.toContain(key.slice(9));
      }
      expect(text).toContain('"keyPrefix":"svc_live_demo"');
      expect(text).toMatch(/"keySha256":"[0-9a-f]{64}"/);

      const second = await start('--state', file, '--clock', 'virtual');
      // A key presented since the load is back in memory, never in the file.
      expect((await send(second, DEMO_TEST_KEY)).status).toBe(201);
      expect((await send(second, `${DEMO_LIVE_KEY.slice(0, -1)}X`)).status).toBe(401);
      await stop(second);
      expect(readFileSync(file, 'utf8')).not.toContain(DEMO_TEST_KEY);
      expect(readStateFile(file)?.messages).toHaveLength(2);
    },
  );

  it('still loads a file that holds the keys themselves (written before D125)', () => {
    const file = join(dir, 'old.json');
    const mock = createMockService({ demo: true });
    writeFileSync(file, JSON.stringify(mock.snapshot()));
    const loaded = readStateFile(file)!;
    expect(loaded.apiKeys.map((k) => k.key)).toContain(DEMO_LIVE_KEY);
  });
});

describe('kill -9 during a save', () => {
  /** A state file of some megabytes, so that a save takes long enough to be interrupted. */
  async function bigState(file: string): Promise<void> {
    const mock = createMockService({ demo: true });
    const client = mock.client();
    const sender = mock.control.senderIds(mock.control.organizations()[0]!.id)[0]!.id;
    for (let batch = 0; batch < 3; batch++) {
      await client.campaigns.sendBatch({
        remitter_id: sender,
        channel_type: 'SMS',
        content: 'x'.repeat(1500),
        recipients: Array.from(
          { length: 1000 },
          (_, i) => `+244923${String(batch * 1000 + i + 1).padStart(6, '0')}`,
        ),
      });
    }
    mock.clock.runUntilIdle();
    writeStateFile(file, mock.snapshot());
  }

  it('leaves the previous or the new state, whole, every time', PROCESS, async () => {
    const file = join(dir, 'world.json');
    await bigState(file);
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      const cli = await start('--state', file, '--state-interval', '0.1');
      // Every request changes the world, so every interval saves it.
      const sending = (async () => {
        for (let i = 0; i < 1000 && cli.child.exitCode === null; i++) {
          await send(cli).catch(() => undefined);
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 600));
      await stop(cli, 'SIGKILL');
      await sending;
      const loaded = readStateFile(file);
      expect(loaded?.messages.length).toBeGreaterThanOrEqual(3000);
    }
    // And the CLI loads it too (the killed server's lock is taken over) and answers with its keys.
    // A read, not a send: the rounds may have spent the minute's 300 sends (the rate limit's
    // window is part of the saved state), and how many they sent depends on the machine's speed.
    const last = await start('--state', file);
    const listed = await fetch(`${last.info.base_url}/messages?size=1`, {
      headers: { 'x-api-key': last.info.live_key },
    });
    expect(listed.status).toBe(200);
    // Saves a killed server left half-written are gone (read by nobody: never the file itself).
    expect(readdirSync(dir).sort()).toEqual(['world.json', 'world.json.lock']);
  });
});
