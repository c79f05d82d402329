/**
 * `msgsvc-mock` as a real process, started through the package's published bin (in a checkout it
 * runs the sources through tsx), exactly as a user's CI would: `--json` makes it print one start-up
 * line, read here for the port and the seeded credentials.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../../mock-server/bin/msgsvc-mock.js', import.meta.url));

/** The fields of the `--json` start-up line the SDK's tests read. */
interface StartupLine {
  readonly port: number;
  readonly live_key: string;
  readonly test_key: string;
  readonly sender_id: { readonly id: string; readonly name: string };
}

/** A running `msgsvc-mock` process. */
export interface MockProcess {
  /** The start-up line. */
  readonly info: StartupLine;
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** The child process. */
  readonly child: ChildProcess;
  /** Sends `signal` (default SIGTERM) and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `msgsvc-mock <args>` (the args must include `--json`) and waits for its start-up line.
 *
 * @param args - The command line, e.g. `['serve', '--port', '0', '--json']`.
 */
export function startMockProcess(args: readonly string[]): Promise<MockProcess> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`msgsvc-mock did not start within 30 s. stderr:\n${stderr}`));
    }, 30_000);
    const early = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`msgsvc-mock exited (${code}) before starting. stderr:\n${stderr}`));
    };
    child.once('exit', early);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const newline = stdout.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      child.off('exit', early);
      const info = JSON.parse(stdout.slice(0, newline)) as StartupLine;
      resolve({
        info,
        origin: `http://127.0.0.1:${info.port}`,
        child,
        stop: async (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      });
    });
  });
}
