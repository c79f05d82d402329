/**
 * A watchdog around one call: it reports how the call settled and after how many wall-clock
 * milliseconds, or that it was still pending when its limit passed (a hang is recorded, never
 * waited for, so one stuck call cannot stall the suite). A call that settles after its watchdog
 * fired is ignored, its rejection included.
 */

/** How a watched call ended. */
export type Watched<T> =
  | { readonly status: 'fulfilled'; readonly value: T; readonly ms: number }
  | { readonly status: 'rejected'; readonly error: unknown; readonly ms: number }
  | { readonly status: 'hung'; readonly ms: number };

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
  return new Promise((resolve) => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        done = true;
        resolve({ status: 'hung', ms: elapsed() });
      }, limitMs);
    };
    arm();
    const settle = (outcome: Watched<T>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
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
