/**
 * The CLI as a real process, from the repository root: the bundle of its sources that the project's
 * global setup built for this run (`cli-bundle.global.ts`; tsconfig `paths` resolve `@msgsvc/sdk`
 * and `@msgsvc/mock` to their sources, as `npm start` does), or, where no setup ran, the sources
 * through tsx. `startCli` waits for the `--json` start-up line; `runCliToEnd` runs a command that
 * should exit.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

/** The repository root (the directory holding tsconfig.json). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The `--json` start-up line. */
export interface StartupLine {
  readonly event: 'listening';
  readonly pid: number;
  readonly host: string;
  readonly port: number;
  readonly base_url: string;
  readonly control_url: string;
  readonly inspector_url: string;
  readonly admin_token_required: boolean;
  readonly admin_token: string | null;
  readonly clock: 'real' | 'virtual';
  readonly seed: number;
  readonly organization_id: string;
  readonly live_key: string;
  readonly test_key: string;
  readonly sender_id: { readonly id: string; readonly name: string };
  readonly webhook_secret: string | null;
  readonly organizations: readonly {
    readonly id: string;
    readonly name: string;
    readonly api_keys: readonly { id: string; environment: string; key: string; name: string }[];
    readonly sender_ids: readonly { id: string; name: string; status: string }[];
    readonly webhook_secret: string | null;
  }[];
}

/** A running CLI. */
export interface StartedCli {
  readonly info: StartupLine;
  /** The origin to connect to: always a loopback address. */
  readonly origin: string;
  readonly child: ChildProcess;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Sends `signal` and resolves with the exit code (or the signal that killed it). */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** How the CLI is started: its bundle when one was built for this run (E69), else through tsx. */
function cliCommand(): string[] {
  const bundle = inject('msgsvcCliBundle');
  return bundle === undefined
    ? ['--import', 'tsx', 'packages/mock-server/src/bin.ts']
    : ['--enable-source-maps', bundle];
}

function spawnCli(args: readonly string[], env: Record<string, string | undefined>) {
  return spawn(process.execPath, [...cliCommand(), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts `msgsvc-mock <args>` (which must include `--json`) and reads its start-up line. */
export function startCli(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<StartedCli> {
  const child = spawnCli(args, env);
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The CLI did not start within 30 s. stderr:\n${stderr}`));
    }, 30_000);
    const early = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`The CLI exited (${code}) before starting. stderr:\n${stderr}`));
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
        stderr: () => stderr,
        stop: async (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    });
  });
}

/** Runs `msgsvc-mock <args>` to its end (a command expected to exit by itself). */
export function runCliToEnd(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnCli(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The CLI did not exit within 30 s. stderr:\n${stderr}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
