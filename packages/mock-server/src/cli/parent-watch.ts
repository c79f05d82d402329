/**
 * Stopping with whoever started the server. `npm start` and `npx msgsvc-mock` run the server
 * as `npm → sh -c … → node`: a SIGTERM to npm kills the shell without passing the signal on, and a
 * SIGKILL to npm leaves the shell waiting, so signals alone leaked servers. The server therefore
 * watches its parent — and, when that parent is the shell of an npm script, npm itself — and stops
 * when one of them is gone.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { processExists } from '../state/state-lock';

/** How often the watch looks, in milliseconds: well inside the one second a stop may take. */
const PARENT_POLL_MS = 100;

const SHELLS = new Set(['sh', 'dash', 'bash', 'zsh', 'ash', 'cmd.exe']);

/**
 * The processes whose end means "stop": the parent, and npm above the shell of an npm script.
 * Empty when there is nothing to watch (the parent is init, as for a daemon or a container's
 * entry process).
 */
export function ownersOf(view: ProcessView): number[] {
  // The parent at start, not now: a starter killed while the server was starting is still watched
  // (and found gone at the first look).
  const parent = view.startParent;
  if (parent <= 1) return [];
  const owners = [parent];
  const underNpm = view.env.npm_lifecycle_event !== undefined;
  const shell = underNpm ? view.describe(parent) : undefined;
  if (
    shell !== undefined &&
    SHELLS.has(basename(shell.command).replace(/^-/, '')) &&
    shell.parent > 1
  ) {
    owners.push(shell.parent);
  }
  return owners;
}

/**
 * Calls `onGone` once, when the parent is no longer the one the process started with or a watched
 * owner no longer exists — at the first look, right away, if that happened during start-up.
 * Returns a function that stops watching. The timer never keeps the process alive by itself.
 */
export function watchParent(onGone: () => void, view: ProcessView = PROCESS_VIEW): () => void {
  const owners = ownersOf(view);
  if (owners.length === 0) return () => {};
  const present = () =>
    view.parentPid() === view.startParent && owners.every((pid) => view.alive(pid));
  const look = () => {
    if (present()) return;
    clearInterval(timer);
    onGone();
  };
  const timer = setInterval(look, PARENT_POLL_MS);
  timer.unref();
  // The first look is not left to the timer: the starter may have gone while the server started.
  queueMicrotask(look);
  return () => clearInterval(timer);
}

/** What the watch needs of the running process (injectable for tests). */
export type ProcessView = typeof PROCESS_VIEW;

/** The real process, read through `/proc` on Linux and `ps` elsewhere. */
const PROCESS_VIEW = {
  /** The parent this process was started by (`process.ppid`, read by Node at start). */
  startParent: process.ppid,
  /** The current parent: read again at each look, it changes when the parent dies. */
  parentPid: () => process.ppid,
  alive: processExists,
  /** A process's parent pid and command name, when they can be read. */
  describe(pid: number): { readonly parent: number; readonly command: string } | undefined {
    try {
      // `pid (command) state ppid …`; the command may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const open = stat.indexOf('(');
      const close = stat.lastIndexOf(')');
      const parent = Number(stat.slice(close + 2).split(' ')[1]);
      return { parent, command: stat.slice(open + 1, close) };
    } catch {
      // No /proc (macOS, the BSDs): ask ps (once, at start).
    }
    try {
      const out = execFileSync('ps', ['-o', 'ppid=,comm=', '-p', String(pid)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
      const match = /^(\d+)\s+(.+)$/.exec(out);
      return match === null ? undefined : { parent: Number(match[1]), command: match[2]! };
    } catch {
      return undefined;
    }
  },
  /** The environment: npm marks the scripts it runs with `npm_lifecycle_event`. */
  env: process.env,
};
