/**
 * The exclusive lock of a `--state FILE`: `FILE.lock`, holding who has it. Two servers on one state
 * file would each save their own world over the other's, so the second one refuses to start; a lock
 * whose holder is dead (a `kill -9`) is taken over. The lock file is hard-linked into place from a
 * private temporary file: `link` fails when the name exists (like `O_EXCL`), and a reader never
 * sees a lock file still being written.
 */
import { linkSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';

/** Who holds a lock, as its file says. */
export interface LockHolder {
  /** The holder's process id. */
  readonly pid: number;
  /** The host it runs on. */
  readonly host: string;
  /** The port it serves on, once it listens. */
  readonly port?: number | undefined;
  /** When it took the lock (ISO 8601). */
  readonly since: string;
}

/** A state file another live server holds; the CLI prints the message and exits with 1. */
export class StateFileLockedError extends Error {
  /** Always `'StateFileLockedError'`. */
  override name = 'StateFileLockedError';
  /**
   * @param message - the one line to print.
   * @param holder - who holds the lock.
   */
  constructor(
    message: string,
    readonly holder: LockHolder,
  ) {
    super(message);
  }
}

/**
 * Takes the lock of `stateFile`.
 *
 * @throws {StateFileLockedError} when a live process holds it.
 * @throws the file system's error (`EACCES`, `ENOENT`, `EROFS`…) when the folder cannot be written.
 */
export function lockStateFile(stateFile: string) {
  const path = `${stateFile}.lock`;
  const mine: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  let tookOverFrom: LockHolder | undefined;
  // Two rounds at most: the first may find a stale lock and set it aside.
  for (let round = 0; round < 2; round++) {
    if (tryLink(path, mine)) {
      if (tookOverFrom !== undefined) {
        process.stderr.write(
          `msgsvc-mock: took over the lock of ${stateFile} from ${describeHolder(tookOverFrom)}, which is no longer running.\n`,
        );
      }
      return held(path, mine);
    }
    const text = readLock(path);
    if (text === undefined) continue; // released in between: try again
    const holder = parseHolder(text);
    // A holder on another host (a shared folder) cannot be checked, so it counts as alive; our own
    // pid, in a lock this process does not hold, was left by an earlier process that had it.
    const alive =
      holder !== undefined &&
      (holder.host !== hostname() || (holder.pid !== process.pid && processExists(holder.pid)));
    if (holder !== undefined && (HELD.has(path) || alive)) {
      throw new StateFileLockedError(
        `state file ${stateFile} is in use by ${describeHolder(holder)} (lock ${path}); stop that server, or remove the lock file if ${holder.host} no longer runs it.`,
        holder,
      );
    }
    // Stale: set aside under a name of our own, and check it was still the stale lock we read (a
    // second starter may have taken it over in between; then we give its lock back).
    const aside = `${path}.${process.pid}.stale`;
    try {
      renameSync(path, aside);
    } catch {
      continue;
    }
    if (readLock(aside) === text) {
      tookOverFrom = holder ?? { pid: 0, host: 'unknown', since: 'unknown' };
    } else {
      try {
        linkSync(aside, path);
      } catch {
        // Another one is there by now; it wins either way.
      }
    }
    rmSync(aside, { force: true });
  }
  const holder = parseHolder(readLock(path) ?? '') ?? { pid: 0, host: 'unknown', since: '' };
  throw new StateFileLockedError(
    `state file ${stateFile} is in use by ${describeHolder(holder)} (lock ${path}).`,
    holder,
  );
}

/** Lock files this process holds: a second server in this process on one file is refused too. */
const HELD = new Set<string>();

/**
 * The lock this process holds: `setPort` records the port it serves on (so that a refused second
 * server can name it), `release` removes the lock file (idempotent; also done on exit).
 */
function held(path: string, mine: LockHolder) {
  HELD.add(path);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    HELD.delete(path);
    process.off('exit', release);
    // Only our own lock: never remove one a later server took over after we were thought dead.
    if (parseHolder(readLock(path) ?? '')?.pid === process.pid) rmSync(path, { force: true });
  };
  // `exit` listeners run on every normal end, including `process.exit` after the stop grace.
  process.on('exit', release);
  return {
    setPort(port: number) {
      // Rewritten through a rename, so a reader still sees a whole lock file.
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ ...mine, port }), { mode: 0o600 });
      renameSync(temporary, path);
    },
    release,
  };
}

function tryLink(path: string, holder: LockHolder): boolean {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.new`);
  writeFileSync(temporary, JSON.stringify(holder), { mode: 0o600 });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

function readLock(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A lock file's holder; a port or time it lacks (or garbles) is left out. */
const HOLDER = z.object({
  pid: z.number(),
  host: z.string(),
  port: z.number().optional().catch(undefined),
  since: z.string().catch(''),
});

function parseHolder(text: string): LockHolder | undefined {
  try {
    return HOLDER.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** "pid 1234 on host.local, port 4010". */
function describeHolder(holder: LockHolder): string {
  const port = holder.port === undefined ? '' : `, port ${holder.port}`;
  return `pid ${holder.pid} on ${holder.host}${port}`;
}

/** Whether a process exists on this host: signal 0 reaches it (`EPERM`: another user's). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
