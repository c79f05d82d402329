/**
 * A retry's wait, bounded by what is left of the call's `totalTimeout`. The transport checks that
 * a backoff fits the budget before it sleeps, but a sleep can take longer than it was asked to: a
 * custom sleep that advances a mock's virtual clock over HTTP, or any timer on a starved machine.
 * `totalTimeout` bounds the whole call, waits included, so the wait is raced against the budget on
 * the shared deadline timer (the one every attempt uses, which also keeps the process alive while
 * the call is pending) and against the caller's signal.
 */
import { release, watch } from './deadlines';
import { type Sleep, sleepUnlessAborted } from './runtime';

/**
 * Runs `sleep(ms)` for at most `budgetMs` of wall time.
 *
 * @param sleep - The client's sleep (the default or the caller's).
 * @param ms - How long to sleep.
 * @param signal - The caller's signal: its abort rejects with its reason.
 * @param budgetMs - Wall milliseconds left before the call's deadline (`Infinity`: none).
 * @returns `true` once the sleep ended, `false` if the budget ran out first.
 */
export function sleepWithin(
  sleep: Sleep,
  ms: number,
  signal: AbortSignal | undefined,
  budgetMs: number,
): Promise<boolean> {
  if (budgetMs === Number.POSITIVE_INFINITY) {
    return sleepUnlessAborted(sleep, ms, signal).then(() => true);
  }
  if (signal?.aborted) return Promise.reject(signal.reason);
  // The sleep hears of either end, so a sleep that honours its signal stops its own timer.
  const stop = new AbortController();
  return new Promise<boolean>((resolve, reject) => {
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      release(entry);
      settle();
    };
    const onAbort = () => {
      stop.abort(signal?.reason);
      finish(() => reject(signal?.reason));
    };
    const entry = {
      deadline: Date.now() + Math.max(0, budgetMs),
      expire: () => {
        finish(() => resolve(false));
        stop.abort(new DOMException('The call reached its totalTimeout', 'TimeoutError'));
      },
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    watch(entry);
    let slept: Promise<void>;
    try {
      slept = sleep(ms, stop.signal);
    } catch (error) {
      slept = Promise.reject(error);
    }
    slept.then(
      () => finish(() => resolve(true)),
      (error: unknown) => finish(() => reject(error)),
    );
  });
}
