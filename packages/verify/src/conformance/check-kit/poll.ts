/**
 * Waiting for progress on a deployment whose clock verify cannot move: poll from 50–100 ms,
 * growing to 1 s, until the value satisfies the predicate or the run's time budget is spent. The
 * budget is the run's, not each wait's: every poll of every check draws on what is left of it, so
 * a deployment where nothing progresses (a campaign stuck in `PROCESSING`) costs the run its
 * budget once, however many checks wait on it, and the run still reports.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { VerifyContext } from './check';
import { Drift } from './drift';

/** What {@link waitFor} saw last, and whether it was what it waited for. */
export interface Waited<T> {
  /** The last value read. */
  readonly value: T;
  /** Whether `done(value)`; `false` when the budget ran out first. */
  readonly done: boolean;
}

/**
 * Reads `read` until `done(value)` or the run's time budget is spent (the time between reads,
 * reads included, is charged to it; a first read that is already done costs nothing).
 */
export async function waitFor<T>(
  context: VerifyContext,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  firstDelay = 100,
): Promise<Waited<T>> {
  let value = await read();
  let delay = firstDelay;
  let mark = Date.now();
  for (;;) {
    if (done(value)) return { value, done: true };
    const left = context.waiting.left;
    if (left <= 0) return { value, done: false };
    await sleep(Math.min(delay, left));
    value = await read();
    const now = Date.now();
    context.waiting.spend(now - mark);
    mark = now;
    delay = Math.min(1_000, delay * 1.5);
  }
}

/**
 * Polls `read` until `done(value)`, within what is left of the run's time budget.
 *
 * @param what The expectation in words, for the failure message.
 * @param show How the last value read is described when the budget runs out.
 * @throws {Drift} when the budget runs out first.
 */
export async function pollUntil<T>(
  context: VerifyContext,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  show: (value: T) => string,
): Promise<T> {
  const waited = await waitFor(context, read, done);
  if (!waited.done) {
    throw new Drift(
      `${what} within ${context.waiting.describe()}`,
      `${show(waited.value)} when the budget ran out`,
    );
  }
  return waited.value;
}
