// The parent watch (D78) on a fake process table: which processes it watches, and that it calls
// back once when the parent changes or a watched owner is gone, and never otherwise.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ownersOf, type ProcessView, watchParent } from '../src/cli/parent-watch';

/** A process table: pid → [parent, command]; `self` is the server. */
function table(
  processes: Record<number, [number, string]>,
  env: Record<string, string> = {},
  startParent = processes[100]![0],
  self = 100,
) {
  const view: ProcessView & { procs: typeof processes } = {
    procs: processes,
    startParent,
    parentPid: () => view.procs[self]![0],
    alive: (pid) => pid in view.procs,
    describe: (pid) => {
      const entry = view.procs[pid];
      return entry === undefined ? undefined : { parent: entry[0], command: entry[1] };
    },
    env,
  };
  return view;
}

const NPM = { npm_lifecycle_event: 'start' };

describe('ownersOf', () => {
  it('under npm, the shell of the script and npm above it', () => {
    const view = table({ 100: [50, 'node'], 50: [40, 'sh'], 40: [1, 'npm start'] }, NPM);
    expect(ownersOf(view)).toEqual([50, 40]);
  });

  it('under npm with a shell given by path (ps on macOS), the same', () => {
    const view = table({ 100: [50, 'node'], 50: [40, '/bin/sh'], 40: [1, 'npm'] }, NPM);
    expect(ownersOf(view)).toEqual([50, 40]);
  });

  it('started by anything else, only the parent', () => {
    expect(ownersOf(table({ 100: [50, 'node'], 50: [40, 'python3'] }, NPM))).toEqual([50]);
    // A shell outside npm (an interactive terminal) is the parent alone.
    expect(ownersOf(table({ 100: [50, 'node'], 50: [40, 'bash'] }))).toEqual([50]);
  });

  it('nothing when the parent is init (a daemon, a container’s entry process)', () => {
    expect(ownersOf(table({ 100: [1, 'node'] }, NPM))).toEqual([]);
  });
});

describe('watchParent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls back once when npm goes, though the shell stays', () => {
    const view = table({ 100: [50, 'node'], 50: [40, 'sh'], 40: [1, 'npm'] }, NPM);
    const gone = vi.fn();
    watchParent(gone, view);
    vi.advanceTimersByTime(1_000);
    expect(gone).not.toHaveBeenCalled();
    delete view.procs[40];
    view.procs[50] = [1, 'sh'];
    vi.advanceTimersByTime(100);
    expect(gone).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('calls back when the process is adopted, even while the dead parent lingers', () => {
    const view = table({ 100: [50, 'node'], 50: [40, 'python3'] });
    const gone = vi.fn();
    watchParent(gone, view);
    view.procs[100] = [1, 'node']; // the parent is a zombie: it still "exists"
    vi.advanceTimersByTime(100);
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('calls back at once when the starter went while the server was starting', async () => {
    // Started by a shell that npm ran; the shell is gone by now, and the server adopted.
    const view = table({ 100: [1, 'node'], 40: [1, 'npm'] }, NPM, 50);
    const gone = vi.fn();
    watchParent(gone, view);
    await Promise.resolve();
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('stops watching when told to', () => {
    const view = table({ 100: [50, 'node'], 50: [40, 'python3'] });
    const gone = vi.fn();
    const unwatch = watchParent(gone, view);
    unwatch();
    delete view.procs[50];
    vi.advanceTimersByTime(1_000);
    expect(gone).not.toHaveBeenCalled();
  });
});
