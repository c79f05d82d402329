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
export async function sleepWithin(
  sleep: Sleep,
  ms: number,
  signal: AbortSignal | undefined,
  budgetMs: number,
): Promise<boolean> {
  if (budgetMs === Number.POSITIVE_INFINITY) {
    await sleepUnlessAborted(sleep, ms, signal);
    return true;
  }
  if (signal?.aborted) throw signal.reason;
  // One signal for either end, handed to the sleep (a sleep that honours it stops its own timer)
  // and raced against it by sleepUnlessAborted (one that ignores it is abandoned).
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal?.reason);
  const entry = { deadline: Date.now() + Math.max(0, budgetMs), expire: () => stop.abort(PAST) };
  signal?.addEventListener('abort', onAbort, { once: true });
  watch(entry);
  try {
    await sleepUnlessAborted(sleep, ms, stop.signal);
    return true;
  } catch (error) {
    if (stop.signal.reason === PAST) return false;
    throw error;
  } finally {
    release(entry);
    signal?.removeEventListener('abort', onAbort);
  }
}

// The reason the sleep's signal aborts with when the budget runs out first.
const PAST = new DOMException('The call reached its totalTimeout', 'TimeoutError');
