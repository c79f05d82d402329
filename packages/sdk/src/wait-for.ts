/**
 * Waiting for a message or a campaign to reach a state, by polling with a growing interval (never a
 * tight loop: the service description discourages it). Webhooks are the better tool when you can
 * receive them; this helper is for scripts, tests and jobs that cannot.
 *
 * @module
 */
import { AbortError, TimeoutError } from './errors';
import type { ClientContext } from './internal/context';

/** Options of `messages.waitFor` and `campaigns.waitFor`. */
export interface WaitForOptions<Status extends string> {
  /**
   * The state (or states) to wait for. The wait also ends on any terminal state, reached or not.
   * Default: the terminal states.
   */
  until?: Status | readonly Status[] | undefined;
  /** Milliseconds to wait in all before a `TimeoutError`. Default 300 000 (5 minutes). */
  timeout?: number | undefined;
  /** Milliseconds before the second poll; each next wait is 1.5× longer, up to 30 s. Default 1000. */
  pollInterval?: number | undefined;
  /** Aborts the wait with an `AbortError`. */
  signal?: AbortSignal | undefined;
}

/**
 * Polls `retrieve` until the record's status is in `until` or in `terminal`.
 *
 * @param what - How errors name the record, e.g. `Campaign 0193…`.
 * @returns The record in the state that ended the wait.
 */
export async function waitForStatus<T extends { status: S }, S extends string>(
  ctx: ClientContext,
  what: string,
  retrieve: (signal: AbortSignal | undefined) => PromiseLike<T>,
  terminal: readonly S[],
  options: WaitForOptions<S> = {},
): Promise<T> {
  const { until = [], timeout = 300_000, signal } = options;
  const targets = [...terminal, ...(typeof until === 'string' ? [until] : until)];
  const deadline = ctx.now() + timeout;
  let interval = options.pollInterval ?? 1000;
  for (;;) {
    const record = await retrieve(signal);
    if (targets.includes(record.status)) return record;
    const left = deadline - ctx.now();
    if (left <= 0) {
      throw new TimeoutError(`${what} is still ${record.status} after ${timeout} ms`, {
        code: 'TIMEOUT',
      });
    }
    try {
      await ctx.sleep(Math.min(interval, left), signal);
    } catch (cause) {
      if (!signal?.aborted) throw cause;
      throw new AbortError('Wait was aborted', { code: 'ABORTED', cause: signal.reason });
    }
    interval = Math.min(interval * 1.5, Math.max(interval, 30_000));
  }
}
