/**
 * Wall-clock bounds a starved machine cannot break. A test that proves "this ends at its deadline,
 * not later" measures how long the work took and, beside it, for how long in all the event loop
 * was held up meanwhile (`monitorEventLoopDelay`): every timer of the process, the code under
 * test's as well as the test's, fires up to that much late. The bound it checks is the deadline
 * plus a small margin plus that measured delay: as tight as the margin on a quiet machine, and
 * loosened by exactly what a busy one took away. Speed itself is the bench's, never a test's.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** How often the event loop is sampled (ms). */
const RESOLUTION_MS = 10;

/** How a piece of work settled, and what it cost in wall time and in event-loop delay. */
export interface LoopTimed<T> {
  /** Wall-clock milliseconds from the start of the measurement until the work settled. */
  readonly ms: number;
  /**
   * For how long, in all, the event loop was held up while the work ran (ms): the sum over its
   * samples of how late each came. Near 0 on a quiet machine.
   */
  readonly heldMs: number;
  readonly value?: T;
  readonly error?: unknown;
}

/** A running measurement of how long, in all, the event loop has been held up since it began. */
export interface LoopDelayMeter {
  /** The sum over the samples so far of how late each came (ms). */
  heldMs(): number;
  /** Stops sampling. */
  stop(): void;
}

/** Starts measuring how long the event loop is held up (`monitorEventLoopDelay`). */
export function meterLoopDelay(): LoopDelayMeter {
  const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  loop.enable();
  return {
    heldMs: () =>
      loop.count === 0 ? 0 : Math.max(0, (loop.count * (loop.mean - RESOLUTION_MS * 1e6)) / 1e6),
    stop: () => loop.disable(),
  };
}

/**
 * Runs `work` (or awaits it, already started) and reports how long it took to settle and how long
 * the event loop was held up meanwhile. A wall-clock bound is then
 * `expect(ms).toBeLessThan(limit + margin + heldMs)`.
 */
export async function timedAgainstLoop<T>(
  work: PromiseLike<T> | (() => PromiseLike<T>),
): Promise<LoopTimed<T>> {
  const meter = meterLoopDelay();
  const started = performance.now();
  let settled: { value?: T; error?: unknown };
  try {
    settled = { value: await (typeof work === 'function' ? work() : work) };
  } catch (error) {
    settled = { error };
  }
  const ms = performance.now() - started;
  // A hold-up just before the work settled is recorded by the sampler's next tick: let it come.
  await sleep(2 * RESOLUTION_MS);
  meter.stop();
  return { ms, heldMs: meter.heldMs(), ...settled };
}
