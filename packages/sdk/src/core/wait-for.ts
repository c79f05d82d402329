// Waiting for a record's state by polling with a growing interval: never a tight loop, which the
// service description discourages.

import { bounded, sleepWithin } from '../internal/sleep-within';
import type { ClientContext } from './call';
import { AbortError, ConnectionError, MessagingError, WaitTimeoutError } from './errors';
import { passes } from './retry-fetch';

/** Options of `messages.waitFor` and `campaigns.waitFor`. */
export interface WaitForOptions<Status extends string> {
  /**
   * The state (or states) to wait for. The wait also ends on any terminal state, reached or not.
   * Default: the terminal states.
   */
  until?: Status | readonly Status[] | undefined;
  /**
   * Milliseconds to wait in all, a poll in flight included, before a {@link WaitTimeoutError}: on
   * the client's clock (`now`, which may be virtual) and on the wall clock, whichever passes first.
   * Default 300 000 (5 minutes).
   */
  timeout?: number | undefined;
  /** Milliseconds before the second poll; each next wait is 1.5× longer, up to 30 s. Default 1000. */
  pollInterval?: number | undefined;
  /** Aborts the wait with an `AbortError`. */
  signal?: AbortSignal | undefined;
}

/**
 * Polls `retrieve` until the record's status is in `until` or in `terminal`. `timeout` is a hard
 * deadline on the client's clock and on the wall clock alike: each poll gets the time that
 * is left on the client's clock as its `totalTimeout`, and a wall-clock timer aborts whatever is
 * pending when `timeout` real milliseconds have passed, so a poll that hangs ends the wait on time
 * even when the client's clock is virtual and stands still.
 *
 * A poll that fails for a reason that passes (no answer, a timeout, 408, 409, 429, 5xx) does not
 * end the wait: the next poll follows after the answer's `Retry-After`, else the
 * poll interval, within the deadline. A wait asked for beyond the deadline is waited until the
 * deadline, which ends the wait with a {@link WaitTimeoutError} whose `cause` is that failure.
 *
 * @param what - How errors name the record, e.g. `Campaign 0193…`.
 * @returns The record in the state that ended the wait.
 * @throws {@link WaitTimeoutError} at the deadline, with the last status seen; {@link AbortError}
 * when `signal` aborts; the poll's error when it cannot pass (404, 401, 403, …).
 */
export async function waitForStatus<T extends { status: S }, S extends string>(
  ctx: ClientContext,
  what: string,
  retrieve: (options: { signal?: AbortSignal; totalTimeout: number }) => PromiseLike<T>,
  terminal: readonly S[],
  options: WaitForOptions<S> = {},
): Promise<T> {
  const { until = [], timeout = 300_000, signal } = options;
  const targets = terminal.concat(until);
  const deadline = ctx.now() + timeout;
  let interval = options.pollInterval ?? 1000;
  let last: S | undefined;
  let failure: unknown;
  const expired = () =>
    new WaitTimeoutError(
      `${what} is still ${last ?? 'unseen (no poll answered)'} after ${timeout} ms`,
      { code: 'WAIT_TIMEOUT', lastStatus: last, cause: failure },
    );
  // The wall-clock deadline joined with the caller's signal: `wall` aborts when either does.
  const wall = bounded(signal, timeout);
  try {
    for (;;) {
      const left = deadline - ctx.now();
      if (left <= 0 || wall.passed()) throw expired();
      let wait = interval;
      try {
        const record = await retrieve({ signal: wall.signal, totalTimeout: left });
        failure = undefined;
        last = record.status;
        if (targets.includes(record.status)) return record;
      } catch (error) {
        if (signal?.aborted) throw error;
        if (wall.passed()) throw expired();
        // A failure that a later poll may not meet: no answer, a timeout, 408, 409, 429 or 5xx (an
        // abort has no status). A 2xx off contract is not waited through: it ends the wait.
        const passing =
          error instanceof ConnectionError ||
          (error instanceof MessagingError && passes(error.status));
        if (!passing) throw error;
        failure = error;
        const asked = (error as { retryAfter?: unknown }).retryAfter;
        if (typeof asked === 'number') wait = asked * 1000;
      }
      // Past the deadline this waits 0 ms and the next turn ends the wait.
      try {
        const remaining = Math.max(0, deadline - ctx.now());
        await sleepWithin(ctx.sleep, Math.min(wait, remaining), wall.signal);
      } catch (cause) {
        if (signal?.aborted) {
          throw new AbortError('Wait was aborted', { code: 'ABORTED', cause: signal.reason });
        }
        if (wall.passed()) throw expired();
        throw cause;
      }
      interval = Math.min(interval * 1.5, Math.max(interval, 30_000));
    }
  } finally {
    wall.done();
  }
}
