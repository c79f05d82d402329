/**
 * `--state FILE` (D112), tested on the real CLI process: the world survives a stop by signal and a
 * restart; the periodic save survives a SIGKILL; a bad file stops the start with its own message;
 * saves are atomic (no temporary file is left, the file is always whole JSON).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockService } from '@msgsvc/mock';
import { SNAPSHOT_VERSION } from '@msgsvc/mock/port';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../src/cli/cli-options';
import { readStateFile, writeStateFile } from '../src/state/state-file';
import { runCliToEnd, type StartedCli, startCli } from './support/cli-process';

const PROCESS = { timeout: 60_000 };
let dir: string;
const running: StartedCli[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'msgsvc-state-'));
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

async function send(cli: StartedCli, to: string): Promise<string> {
  const response = await fetch(`${cli.info.base_url}/messages`, {
    method: 'POST',
    headers: { 'x-api-key': cli.info.live_key, 'content-type': 'application/json' },
    body: JSON.stringify({ to, body: 'Olá' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function retrieve(cli: StartedCli, id: string): Promise<number> {
  const response = await fetch(`${cli.info.base_url}/messages/${id}`, {
    headers: { 'x-api-key': cli.info.live_key },
  });
  await response.body?.cancel();
  return response.status;
}

describe('a world kept across restarts', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`is saved on ${signal} and loaded at the next start`, PROCESS, async () => {
      const file = join(dir, 'world.json');
      const first = await start('--state', file, '--clock', 'virtual');
      const id = await send(first, '+244923000001');
      running.splice(running.indexOf(first), 1);
      expect(await first.stop(signal)).toEqual({ code: 0, signal: null });
      expect(existsSync(file)).toBe(true);

      const second = await start('--state', file, '--clock', 'virtual');
      expect(await retrieve(second, id)).toBe(200);
      // The id streams continue: a new message does not reuse the first one's id.
      const next = await send(second, '+244923000002');
      expect(next).not.toBe(id);
    });
  }

  it('is saved while serving, so a SIGKILL loses at most one interval', PROCESS, async () => {
    const file = join(dir, 'world.json');
    const cli = await start('--state', file, '--state-interval', '0.2');
    const id = await send(cli, '+244923000001');
    // Poll for the periodic save to include the message (bounded: 10 s).
    const deadline = Date.now() + 10_000;
    while (!(existsSync(file) && readFileSync(file, 'utf8').includes(id))) {
      if (Date.now() > deadline) throw new Error('the state file never held the message');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    running.splice(running.indexOf(cli), 1);
    await cli.stop('SIGKILL');
    // Whole JSON, no temporary file left beside it; only the lock the killed server held (D122).
    expect(readStateFile(file)?.version).toBe(SNAPSHOT_VERSION);
    expect(readdirSync(dir).sort()).toEqual(['world.json', 'world.json.lock']);

    const again = await start('--state', file);
    expect(await retrieve(again, id)).toBe(200);
  });

  it(
    'starts from the demo (and creates the file on stop) when the file does not exist',
    PROCESS,
    async () => {
      const file = join(dir, 'new.json');
      const cli = await start('--state', file);
      expect(existsSync(file)).toBe(false);
      running.splice(running.indexOf(cli), 1);
      await cli.stop('SIGTERM');
      const saved = readStateFile(file)!;
      const mock = createMockService();
      mock.restore(saved);
      expect(mock.control.organizations().map((o) => o.name)).toEqual(['Demo Organization']);
    },
  );
});

describe('a state file that cannot be used', () => {
  it('stops the start with a sentence naming the file', PROCESS, async () => {
    const notJson = join(dir, 'bad.json');
    writeFileSync(notJson, '{ nope');
    const bad = await runCliToEnd(['serve', '--port', '0', '--state', notJson]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`msgsvc-mock: state file ${notJson}: not JSON`);

    const otherVersion = join(dir, 'v9.json');
    writeFileSync(otherVersion, JSON.stringify({ version: 9 }));
    const old = await runCliToEnd(['serve', '--port', '0', '--state', otherVersion]);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain(
      `not a world snapshot of version ${SNAPSHOT_VERSION} (found version 9)`,
    );
  });

  it('refuses --state-interval without --state, or out of range', () => {
    expect(() => parseCommandLine(['serve', '--state-interval', '5'])).toThrow(
      /--state-interval applies to a state file/,
    );
    expect(() => parseCommandLine(['serve', '--state', 'x.json', '--state-interval', '0'])).toThrow(
      /--state-interval must be a number of seconds/,
    );
    expect(() => parseCommandLine(['serve', '--state', ''])).toThrow(/--state needs a file name/);
    const parsed = parseCommandLine(['serve', '--state', 'w.json', '--state-interval', '2.5']);
    expect(parsed.kind === 'serve' && [parsed.options.state, parsed.options.stateInterval]).toEqual(
      ['w.json', 2.5],
    );
  });
});

it('writeStateFile replaces the file whole, leaving no temporary file', () => {
  const file = join(dir, 'world.json');
  const mock = createMockService({ demo: true });
  writeStateFile(file, mock.snapshot());
  writeStateFile(file, mock.snapshot());
  expect(readdirSync(dir)).toEqual(['world.json']);
  // Read back, each key is a stand-in for its hash (D125); everything else is the snapshot.
  const { apiKeys, ...rest } = readStateFile(file)!;
  const { apiKeys: original, ...expected } = JSON.parse(JSON.stringify(mock.snapshot()));
  expect(rest).toEqual(expected);
  expect(apiKeys.map((k) => k.id)).toEqual(original.map((k: { id: string }) => k.id));
});
