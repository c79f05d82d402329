/**
 * A watchdog around one call: it reports how the call settled and after how many wall-clock
 * milliseconds, or that it was still pending when its limit passed (a hang is recorded, never
 * waited for, so one stuck call cannot stall the suite). A call that settles after its watchdog
 * fired is ignored, its rejection included.
 *
 * The limit is judged against the call's own measured event-loop delay (`monitorEventLoopDelay`):
 * while the call runs, every time the loop is held up (a starved machine, a busy neighbour) its
 * timers, the SDK's deadline among them, fire that much late, so the call is given exactly that
 * much longer. On a quiet machine the limit is what it says.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** How often the event loop is sampled (ms). */
const RESOLUTION_MS = 10;

/** How a watched call ended; `heldMs`: how long the event loop was held up meanwhile, in all. */
export type Watched<T> =
  | { readonly status: 'fulfilled'; readonly value: T; readonly ms: number }
  | { readonly status: 'rejected'; readonly error: unknown; readonly ms: number }
  | { readonly status: 'hung'; readonly ms: number; readonly heldMs: number };

/**
 * Runs `call` and watches it. `call` receives `kick`: each call of it restarts the limit (for a
 * call made of steps, each of which must finish within `limitMs`).
 */
export function watch<T>(
  call: (kick: () => void) => Promise<T>,
  limitMs: number,
): Promise<Watched<T>> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  loop.enable();
  // The sum over the samples of how late each came: the time the loop was not free.
  const held = () =>
    loop.count === 0 ? 0 : Math.max(0, (loop.count * (loop.mean - RESOLUTION_MS * 1e6)) / 1e6);
  return new Promise((resolve) => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let since = started;
    // Past the limit plus the delay measured so far, it is hung; a hold-up that made this timer
    // itself late is recorded by the sampler's next tick, so the verdict waits for one more.
    const check = (confirming: boolean) => {
      const left = limitMs + held() - (performance.now() - since);
      if (left > 0) {
        timer = setTimeout(() => check(false), left);
      } else if (!confirming) {
        timer = setTimeout(() => check(true), 2 * RESOLUTION_MS);
      } else {
        done = true;
        loop.disable();
        resolve({ status: 'hung', ms: elapsed(), heldMs: Math.round(held()) });
      }
    };
    const arm = () => {
      clearTimeout(timer);
      since = performance.now();
      loop.reset();
      timer = setTimeout(() => check(false), limitMs);
    };
    arm();
    const settle = (outcome: Watched<T>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      loop.disable();
      resolve(outcome);
    };
    let pending: Promise<T>;
    try {
      pending = call(() => {
        if (!done) arm();
      });
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (value) => settle({ status: 'fulfilled', value, ms: elapsed() }),
      (error: unknown) => settle({ status: 'rejected', error, ms: elapsed() }),
    );
  });
}

/** Runs `task` over `items` with at most `concurrency` in flight. */
export async function pool<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
