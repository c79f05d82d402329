/**
 * `--state FILE` (D116): a dev server keeps its world across restarts. The file is a world snapshot
 * (`mock.snapshot()`, JSON); it is loaded at start when it exists, and written atomically — a
 * temporary file in the same folder, then a rename — every few seconds while something changed,
 * and once more when the server stops. A crash loses at most the last interval; a torn file is
 * never seen.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SNAPSHOT_VERSION, type WorldSnapshot } from '../index';
import type { MockService } from '../mock-service';

/** A state file that cannot be used; the CLI prints the message and exits with 1. */
export class StateFileError extends Error {
  /** Always `'StateFileError'`. */
  override name = 'StateFileError';
}

/**
 * Reads a state file: `undefined` when there is none yet (the server starts from its world file or
 * the demo and creates it on the first save).
 *
 * @throws {StateFileError} for a file that is not a snapshot this version can load.
 */
export function readStateFile(path: string): WorldSnapshot | undefined {
  if (!existsSync(path)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new StateFileError(`state file ${path}: not JSON (${(error as Error).message}).`);
  }
  const version = (value as { version?: unknown } | null)?.version;
  if (typeof value !== 'object' || value === null || version !== SNAPSHOT_VERSION) {
    throw new StateFileError(
      `state file ${path}: not a world snapshot of version ${SNAPSHOT_VERSION} (found version ${JSON.stringify(version ?? null)}); move it away to start afresh.`,
    );
  }
  return value as WorldSnapshot;
}

/** Writes `snapshot` to `path` atomically: readers see the old file or the new one, whole. */
export function writeStateFile(path: string, snapshot: WorldSnapshot): void {
  writeAtomically(path, JSON.stringify(snapshot));
}

function writeAtomically(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Keeps a state file up to date with a mock's world. */
export interface StateKeeper {
  /** Writes the world now if it changed since the last write (or `force`). */
  save(force?: boolean): void;
  /** Stops the periodic saves (the caller saves a last time). */
  stop(): void;
}

/**
 * Saves `mock`'s world to `path` every `intervalMs` when its state changed (the snapshot's text
 * without its clock reading, so an idle server does not rewrite the file). A failed periodic save
 * is reported to `onError` and tried again at the next interval.
 */
export function keepState(
  mock: Pick<MockService, 'snapshot'>,
  path: string,
  intervalMs: number,
  onError: (error: Error) => void,
): StateKeeper {
  let last: string | undefined;
  const save = (force = false) => {
    const { time, ...state } = mock.snapshot();
    const text = JSON.stringify(state);
    if (!force && text === last) return;
    writeAtomically(path, JSON.stringify({ ...state, time }));
    last = text;
  };
  const timer = setInterval(() => {
    try {
      save();
    } catch (error) {
      onError(error as Error);
    }
  }, intervalMs);
  // The saves never keep a process alive that has nothing else to do.
  timer.unref();
  return { save, stop: () => clearInterval(timer) };
}
