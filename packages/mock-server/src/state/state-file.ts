/**
 * `--state FILE`: a dev server keeps its world across restarts. The snapshot is written atomically
 * every few seconds while something changed and once more on stop, so a crash loses at most the
 * last interval and a torn file is never seen; it holds keys by prefix and hash only, mode 0600.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { MockService, WorldSnapshot } from '@msgsvc/mock';
import { SNAPSHOT_VERSION } from '@msgsvc/mock/port';
import { z } from 'zod';
import { type StateFile, stateFileSchema } from './state-file-schema';
import { lockStateFile } from './state-lock';
import { standIn, storedKey } from './stored-keys';

/**
 * A state file that cannot be used: damaged, of another version, or in a folder that cannot be
 * written. The CLI prints the message (one line naming the file) and exits with 2.
 */
export class StateFileError extends Error {
  /** Always `'StateFileError'`. */
  override name = 'StateFileError';
}

/**
 * Reads and checks a state file: `undefined` when there is none yet (the server starts from its
 * world file or the demo and creates it on the first save).
 *
 * @throws {StateFileError} for a file that is not a whole, consistent snapshot this version can
 * load; the message names the file, the JSON path at fault and what is wrong.
 */
export function readStateFile(path: string): WorldSnapshot | undefined {
  if (!existsSync(path)) return undefined;
  const unusable = (why: string) => new StateFileError(`state file ${path}: ${why}`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw unusable(`cannot be read (${(error as Error).message}).`);
  }
  if (text.trim() === '') {
    throw unusable('is empty; move it away to start afresh, or restore it from a backup.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw unusable(`not JSON (${(error as Error).message}); it may be truncated or hand-edited.`);
  }
  const version = (value as { version?: unknown } | null)?.version;
  if (typeof value !== 'object' || value === null || version !== SNAPSHOT_VERSION) {
    throw unusable(
      `not a world snapshot of version ${SNAPSHOT_VERSION} (found version ${JSON.stringify(version ?? null)}); move it away to start afresh.`,
    );
  }
  const parsed = stateFileSchema(value).safeParse(value);
  if (!parsed.success) {
    const first = closest(parsed.error.issues[0]!);
    const more = parsed.error.issues.length - 1;
    throw unusable(
      `at ${jsonPath(first.path)}: ${first.message.replace(/\.$/, '')}${more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : ''}.`,
    );
  }
  return toSnapshot(parsed.data);
}

/** `$.accounts[0].balance`: zod's dotted path, from the document's root. */
function jsonPath(path: readonly PropertyKey[]): string {
  const dotted = z.core.toDotPath(path);
  return dotted === '' || dotted.startsWith('[') ? `$${dotted}` : `$.${dotted}`;
}

/**
 * For a value that matches none of a union's forms (an API key, stored by hash or in full), the
 * problem of the form it came closest to, rather than "matches none".
 */
function closest(issue: z.core.$ZodIssue): { path: PropertyKey[]; message: string } {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const best = issue.errors.reduce((a, b) => (b.length < a.length ? b : a));
  const inner = best[0];
  if (inner === undefined) return issue;
  const found = closest(inner);
  return { path: [...issue.path, ...found.path], message: found.message };
}

/** Turns a checked file into the snapshot the service restores: keys become stand-ins. */
function toSnapshot(file: StateFile): WorldSnapshot {
  const snapshot = {
    ...file,
    // JSON drops an `undefined` (the default prefix table, no history); the snapshot names them.
    config: { ...file.config, prefixTable: file.config.prefixTable },
    history: file.history,
    apiKeys: file.apiKeys.map((key) => {
      if ('key' in key) return key;
      const { keyPrefix, keySha256, ...rest } = key;
      return { ...rest, key: standIn({ keyPrefix, keySha256 }) };
    }),
  };
  // The schema and the snapshot type must agree: the compiler checks it here.
  return snapshot;
}

/** The text of a state file: the snapshot with each API key as prefix and hash. */
function stateFileText(snapshot: WorldSnapshot): string {
  return JSON.stringify({
    ...snapshot,
    apiKeys: snapshot.apiKeys.map(({ key, ...rest }) => ({ ...rest, ...storedKey(key) })),
  });
}

/**
 * Writes `snapshot` to `path` atomically and durably: readers (and a restart after a crash or a
 * power cut) see the old file or the new one, whole; only the owner can read it.
 */
export function writeStateFile(path: string, snapshot: WorldSnapshot): void {
  const text = stateFileText(snapshot);
  const folder = dirname(path);
  const temporary = join(folder, `.${basename(path)}.${process.pid}.tmp`);
  try {
    // 0600 from the first byte: the file holds webhook secrets.
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, text);
      // On disk before the rename, or a power cut could leave the new name on empty blocks.
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  syncFolder(folder);
}

/**
 * Removes the temporary files of saves a killed server left half-written. Called under the lock, so
 * no other server is writing one of them.
 */
function removeLeftovers(path: string): void {
  const name = basename(path);
  const folder = dirname(path);
  for (const entry of readdirSync(folder)) {
    if (entry.startsWith(`.${name}.`) && entry.endsWith('.tmp')) {
      rmSync(join(folder, entry), { force: true });
    }
  }
}

/** Makes the rename itself durable; some platforms (Windows) cannot open a folder, and need not. */
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Best effort: the rename is atomic either way.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A state file one server holds: its lock, the world saved in it, and the saves from now on. */
export type HeldStateFile = ReturnType<typeof holdStateFile>;

/**
 * Locks and reads a state file, before anything binds; a folder that cannot be written is refused
 * here, at start, rather than by every periodic save.
 *
 * @throws {StateFileError} for a file that cannot be used or a folder that cannot be written.
 * @throws {StateFileLockedError} for a file another running server holds.
 */
export function holdStateFile(path: string, intervalMs: number) {
  let lock: ReturnType<typeof lockStateFile>;
  try {
    lock = lockStateFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new StateFileError(
      `state file ${path}: its folder ${dirname(resolve(path))} cannot be written (${code}); the world could never be saved.`,
    );
  }
  let saved: WorldSnapshot | undefined;
  try {
    saved = readStateFile(path);
    removeLeftovers(path);
  } catch (error) {
    lock.release();
    throw error;
  }
  let mock: Pick<MockService, 'snapshot'> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let last: string | undefined;
  // Written only when the state changed (the snapshot's text without its clock reading), so an
  // idle server does not rewrite the file.
  const save = (force = false) => {
    const snapshot = mock?.snapshot();
    if (snapshot === undefined) return;
    const text = stateFileText({ ...snapshot, time: 0 });
    if (!force && text === last) return;
    writeStateFile(path, snapshot);
    last = text;
  };
  return {
    /** The saved world, or `undefined` when there is no file yet. */
    saved,
    /** Once listening: names its port in the lock and saves `served`'s world as it changes. */
    serve(served: Pick<MockService, 'snapshot'>, port: number) {
      try {
        lock.setPort(port);
      } catch {
        // Only a detail for a second server's message: the lock itself holds.
      }
      mock = served;
      // A failed periodic save is reported and tried again at the next interval; the timer never
      // keeps a process alive that has nothing else to do.
      timer = setInterval(() => {
        try {
          save();
        } catch (error) {
          process.stderr.write(
            `msgsvc-mock: could not save ${path}: ${(error as Error).message}\n`,
          );
        }
      }, intervalMs).unref();
    },
    /** Saves at once, runs `closing` (the server's close), saves again and lets go of the lock. */
    async close(closing?: () => Promise<void>) {
      clearInterval(timer);
      // Saved at once (closing can outlast the CLI's 5 s grace under load), then once more if a
      // request still in flight changed the world before the server closed.
      save(true);
      try {
        await closing?.();
        save();
      } finally {
        lock.release();
      }
    },
  };
}
