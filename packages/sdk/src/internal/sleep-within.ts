/**
 * Every wait of the SDK (a retry's, a poll's, a paced batch's) runs the client's sleep through here:
 * it settles as soon as the caller's signal aborts (a custom sleep may ignore the signal), and a
 * retry's wait ends at the call's `totalTimeout` even when the sleep overruns (a virtual clock
 * advanced over HTTP, a starved timer), on the shared deadline timer.
 */
import { release, watch } from './deadlines';
import type { Sleep } from './runtime';

/**
 * Joins the caller's signal with a wall-clock deadline, watched by the shared deadline timer
 * (which keeps the process alive while it is pending): `signal` aborts with the caller's reason or
 * once the deadline has passed, `passed()` says it was the deadline, `done()` stops watching both.
 *
 * @param signal - The caller's signal, if any.
 * @param ms - Wall milliseconds until the deadline (`Infinity`: none).
 */
export function bounded(signal: AbortSignal | undefined, ms: number) {
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal?.reason);
  const entry = { deadline: Date.now() + ms, expire: () => stop.abort(PAST) };
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  if (ms < Number.POSITIVE_INFINITY) watch(entry);
  return {
    signal: stop.signal,
    passed: () => stop.signal.reason === PAST,
    done() {
      release(entry);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Runs `sleep(ms)` for at most `budgetMs` of wall time, or until `signal` aborts.
 *
 * @param sleep - The client's sleep (the default or the caller's).
 * @param ms - How long to sleep.
 * @param signal - The caller's signal: its abort rejects with its reason.
 * @param budgetMs - Wall milliseconds left before the call's deadline (default `Infinity`: none).
 * @returns `true` once the sleep ended, `false` if the budget ran out first.
 */
export async function sleepWithin(
  sleep: Sleep,
  ms: number,
  signal: AbortSignal | undefined,
  budgetMs = Number.POSITIVE_INFINITY,
): Promise<boolean> {
  if (signal?.aborted) throw signal.reason;
  // One signal for either end, handed to the sleep (a sleep that honours it stops its own timer)
  // and raced against it here (one that ignores it is abandoned).
  const stop = bounded(signal, budgetMs);
  try {
    await new Promise((resolve, reject) => {
      stop.signal.addEventListener('abort', () => reject(stop.signal.reason), { once: true });
      sleep(ms, stop.signal).then(resolve, reject);
    });
    return true;
  } catch (error) {
    if (stop.passed()) return false;
    throw error;
  } finally {
    stop.done();
  }
}

// The reason a bounded signal aborts with when its deadline passes first.
const PAST = new DOMException('The deadline passed', 'TimeoutError');
