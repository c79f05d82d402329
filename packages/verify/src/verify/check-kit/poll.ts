/**
 * Waiting for progress on a deployment whose clock verify cannot move: poll from 100 ms, growing
 * to 1 s, until the value satisfies the predicate or the run's time budget is spent.
 */
import type { VerifyContext } from './check';
import { Drift } from './drift';

/**
 * Polls `read` until `done(value)` or the time budget ends.
 *
 * @param what The expectation in words, for the failure message.
 * @param show How the last value read is described when the budget runs out.
 */
export async function pollUntil<T>(
  context: VerifyContext,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  show: (value: T) => string,
): Promise<T> {
  const end = Date.now() + context.timeBudgetMs;
  let delay = 100;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() >= end) {
      throw new Drift(`${what} within ${context.timeBudgetMs} ms`, show(value));
    }
    await context.sleep(Math.min(delay, Math.max(0, end - Date.now())));
    delay = Math.min(1_000, delay * 1.5);
  }
}
