/**
 * Waiting for a message or a campaign to reach a state, by polling with a growing interval (never a
 * tight loop: the service description discourages it). Webhooks are the better tool when you can
 * receive them; this helper is for scripts, tests and jobs that cannot.
 *
 * @module
 */

import type { ClientContext } from './core/context';
import { AbortError, TimeoutError, WaitTimeoutError } from './errors';
import { sleepUnlessAborted } from './internal/runtime';

/** Options of `messages.waitFor` and `campaigns.waitFor`. */
export interface WaitForOptions<Status extends string> {
  /**
   * The state (or states) to wait for. The wait also ends on any terminal state, reached or not.
   * Default: the terminal states.
   */
  until?: Status | readonly Status[] | undefined;
  /**
   * Milliseconds to wait in all, a poll in flight included, before a {@link WaitTimeoutError}.
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
 * deadline: each poll gets only the time that is left (as its `totalTimeout`), so a poll that
 * hangs ends the wait on time.
 *
 * @param what - How errors name the record, e.g. `Campaign 0193…`.
 * @returns The record in the state that ended the wait.
 * @throws {@link WaitTimeoutError} at the deadline, with the last status seen.
 */
export async function waitForStatus<T extends { status: S }, S extends string>(
  ctx: ClientContext,
  what: string,
  retrieve: (options: { signal?: AbortSignal; totalTimeout: number }) => PromiseLike<T>,
  terminal: readonly S[],
  options: WaitForOptions<S> = {},
): Promise<T> {
  const { until = [], timeout = 300_000, signal } = options;
  const targets = [...terminal, ...(typeof until === 'string' ? [until] : until)];
  const deadline = ctx.now() + timeout;
  let interval = options.pollInterval ?? 1000;
  let last: S | undefined;
  const expired = (cause?: unknown) =>
    new WaitTimeoutError(
      last === undefined
        ? `${what}: no status seen within ${timeout} ms`
        : `${what} is still ${last} after ${timeout} ms`,
      { code: 'WAIT_TIMEOUT', lastStatus: last, cause },
    );
  for (;;) {
    const left = deadline - ctx.now();
    if (left <= 0) throw expired();
    let record: T;
    try {
      record = await retrieve(
        signal === undefined ? { totalTimeout: left } : { signal, totalTimeout: left },
      );
    } catch (error) {
      // The poll ran out of the wait's time: that is the wait's deadline, not a network failure.
      if (error instanceof TimeoutError && error.option === 'totalTimeout') throw expired(error);
      throw error;
    }
    last = record.status;
    if (targets.includes(record.status)) return record;
    const remaining = deadline - ctx.now();
    if (remaining <= 0) throw expired();
    try {
      await sleepUnlessAborted(ctx.sleep, Math.min(interval, remaining), signal);
    } catch (cause) {
      if (!signal?.aborted) throw cause;
      throw new AbortError('Wait was aborted', { code: 'ABORTED', cause: signal.reason });
    }
    interval = Math.min(interval * 1.5, Math.max(interval, 30_000));
  }
}
