/**
 * Stopping what the docs tell people to start (D78, D79): `npm start` and the `msgsvc-mock` bin
 * (through npx, and under any parent) stop the real server on a SIGTERM or SIGINT to the process
 * that was started, and also when that process is killed outright. Each case starts the real
 * command, reads its `--json` line (with the server's pid), signals it and polls until the port is
 * closed and the server process is gone. How fast that is (well within a second on a quiet
 * machine) is the bench's to measure; a test only holds the stop to a bound a starved machine
 * cannot break.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { meterLoopDelay } from '../../sdk/test/support/loop-delay';
import { REPO_ROOT, type StartupLine } from './support/cli-process';

/**
 * How long a stop may take, from the signal to a closed port and no server process, plus however
 * long this process's event loop was held up meanwhile (a starved machine, measured). Below the
 * 5 s after which a stopping server gives up on busy connections: a stop that waited for one still
 * fails.
 */
const DEADLINE_MS = 4_000;
const PROCESS = { timeout: 60_000 };

interface Started {
  /** The process the test started (npm, npx, or a parent of the bin). */
  readonly child: ChildProcess;
  readonly info: StartupLine;
  /** Every stdout line up to and including the JSON line. */
  readonly lines: readonly string[];
}

const started: Started[] = [];

afterEach(() => {
  // Whatever a failed test left behind: the server (by the pid it printed), then its starter.
  for (const { child, info } of started.splice(0)) {
    for (const pid of [info.pid, child.pid]) {
      try {
        if (pid !== undefined) process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
});

/**
 * Starts `command args` in the repository and waits for the server's JSON line. `group` starts it
 * in a process group of its own, as a terminal runs a command (Ctrl+C signals the whole group).
 */
function start(command: string, args: readonly string[], group = false): Promise<Started> {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} did not start within 30 s. stderr:\n${stderr}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}) before listening. stderr:\n${stderr}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      if (!line.startsWith('{"event":"listening"')) return;
      clearTimeout(timer);
      const run = { child, info: JSON.parse(line) as StartupLine, lines };
      started.push(run);
      resolve(run);
    });
  });
}

/** Whether a process runs: a zombie (dead, not yet reaped by its adoptive parent) does not. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return !existsSync('/proc'); // gone between the two looks, or no /proc to ask
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Polls until the server's port is closed and its process gone, or until `DEADLINE_MS` plus the
 * measured event-loop delay has passed (then it throws, saying what is left).
 */
async function stopped(info: StartupLine, since: number): Promise<void> {
  await until(
    async () => !alive(info.pid) && !(await portOpen(info.port)),
    since,
    async () =>
      `server process ${alive(info.pid) ? 'still running' : 'gone'}, port ${info.port} ${(await portOpen(info.port)) ? 'open' : 'closed'}`,
  );
}

/** Polls `done` every 20 ms until it holds, or throws past the deadline (see `DEADLINE_MS`). */
async function until(
  done: () => Promise<boolean>,
  since: number,
  left: () => Promise<string>,
): Promise<void> {
  const meter = meterLoopDelay();
  try {
    for (;;) {
      if (await done()) return;
      const elapsed = performance.now() - since;
      if (elapsed > DEADLINE_MS + meter.heldMs()) {
        throw new Error(
          `after ${Math.round(elapsed)} ms (event loop held up ${Math.round(meter.heldMs())} ms): ${await left()}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    meter.stop();
  }
}

/** Signals the started process and waits for the server to be gone. */
async function stop({ child, info }: Started, signal: NodeJS.Signals): Promise<void> {
  expect(alive(info.pid)).toBe(true);
  expect(info.pid).not.toBe(child.pid); // the server runs below the process that was started
  const since = performance.now();
  child.kill(signal);
  await stopped(info, since);
}

describe('npm start', PROCESS, () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGKILL'] as const)(
    '%s to npm stops the server',
    async (signal) => {
      const run = await start('npm', ['start', '-s', '--', '--port', '0', '--json']);
      await stop(run, signal);
    },
  );
});

describe('npm start, as a person runs it (the banner, no --json)', PROCESS, () => {
  it('SIGTERM to npm stops the server cleanly', async () => {
    const child = spawn('npm', ['start', '-s', '--', '--port', '0'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const port = await new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`npm exited (${code}):\n${stderr}`)));
      let banner = '';
      createInterface({ input: child.stdout! }).on('line', (line) => {
        banner += `${line}\n`;
        if (line !== 'Press Ctrl+C to stop.') return;
        resolve(Number(/listening on 127\.0\.0\.1:(\d+)/.exec(banner)?.[1]));
      });
    });
    // Closed once every process holding the pipes is gone: npm and the server below it.
    const closed = new Promise((resolve) => child.once('close', resolve));
    try {
      expect(await portOpen(port)).toBe(true);
      const since = performance.now();
      child.kill('SIGTERM');
      await until(
        async () => !(await portOpen(port)),
        since,
        async () => `port ${port} still open`,
      );
      await closed;
      // Said by the server's own stop handler: the signal reached it, the state was saved.
      expect(stderr).toContain('msgsvc-mock: stopped.');
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('the msgsvc-mock bin', PROCESS, () => {
  it.each(['SIGTERM', 'SIGKILL'] as const)(
    'through npx: %s to npx stops the server',
    async (signal) => {
      const run = await start('npx', [
        '--no-install',
        'msgsvc-mock',
        'serve',
        '--port',
        '0',
        '--json',
      ]);
      await stop(run, signal);
    },
  );

  it('through npx: Ctrl+C (SIGINT to the process group) stops the server', async () => {
    const run = await start(
      'npx',
      ['--no-install', 'msgsvc-mock', 'serve', '--port', '0', '--json'],
      true,
    );
    const since = performance.now();
    process.kill(-run.child.pid!, 'SIGINT');
    await stopped(run.info, since);
  });

  it('run by any parent: the server stops when that parent is killed outright', async () => {
    // A parent that is neither npm nor a shell: a test harness in another language, say.
    const harness = `require('node:child_process').spawn(${JSON.stringify(`${REPO_ROOT}node_modules/.bin/msgsvc-mock`)}, ['serve', '--port', '0', '--json'], { stdio: 'inherit' }); setInterval(() => {}, 1000);`;
    const run = await start(process.execPath, ['-e', harness]);
    await stop(run, 'SIGKILL');
  });

  it('with --detached, outlives its parent (and still stops on SIGTERM)', async () => {
    const harness = `require('node:child_process').spawn(${JSON.stringify(`${REPO_ROOT}node_modules/.bin/msgsvc-mock`)}, ['serve', '--port', '0', '--json', '--detached'], { stdio: 'inherit' }); setInterval(() => {}, 1000);`;
    const run = await start(process.execPath, ['-e', harness]);
    const exited = once(run.child, 'exit');
    run.child.kill('SIGKILL');
    await exited;
    // Five of the server's looks for its parent later (one each 100 ms), it still serves. A
    // starved machine can only delay a look, never make one that stops it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(alive(run.info.pid)).toBe(true);
    expect(await portOpen(run.info.port)).toBe(true);
    const since = performance.now();
    process.kill(run.info.pid, 'SIGTERM');
    await stopped(run.info, since);
  });
});

describe('npm start --json (D79)', PROCESS, () => {
  it('with -s, the JSON line is the first line on stdout', async () => {
    const run = await start('npm', ['start', '-s', '--', '--port', '0', '--json']);
    expect(run.lines).toHaveLength(1);
    expect(JSON.parse(run.lines[0]!)).toMatchObject({ event: 'listening', pid: run.info.pid });
    await stop(run, 'SIGTERM');
  });

  it('without -s, npm’s banner comes first, and stderr says to use -s', async () => {
    const child = spawn('npm', ['start', '--', '--port', '0', '--json'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const lines: string[] = [];
    const info = await new Promise<StartupLine>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`npm exited (${code}):\n${stderr}`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        lines.push(line);
        if (line.startsWith('{"event":"listening"')) resolve(JSON.parse(line) as StartupLine);
      });
    });
    started.push({ child, info, lines });
    expect(lines[0]).not.toMatch(/^\{/);
    expect(lines.join('\n')).toMatch(/^> .*scripts\/start\.mjs/m);
    expect(stderr).toContain('run "npm start -s -- --json" to get the JSON line alone');
    await stop({ child, info, lines }, 'SIGTERM');
  });
});
