/**
 * Client-side pacing under a fixed-window rate limit: at most `limit` requests in any `windowMs`.
 *
 * A sliding log of the last `limit` completion times is enough: the next request waits until the
 * oldest of them is `windowMs` old. The service counts a request when it receives it, which is
 * before its response completes, so any window the service opens holds at most `limit` of them
 * when requests are sent one at a time.
 */
import type { Sleep } from './runtime';
import { sleepWithin } from './sleep-within';

/** A pacer: `await pacer.wait(signal)` before a request, `pacer.done()` after its response. */
export interface Pacer {
  wait(signal?: AbortSignal): Promise<void>;
  done(): void;
}

/** Creates a pacer; `limit` of `Infinity` never waits. */
export function createPacer(
  limit: number,
  windowMs: number,
  now: () => number,
  sleep: Sleep,
): Pacer {
  const log: number[] = [];
  return {
    async wait(signal) {
      const oldest = log.length >= limit ? log[log.length - limit] : undefined;
      const delay = oldest === undefined ? 0 : oldest + windowMs - now();
      if (delay > 0) await sleepWithin(sleep, delay, signal);
    },
    done() {
      log.push(now());
      if (log.length > limit) log.shift();
    },
  };
}
