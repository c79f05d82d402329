/**
 * One timer for every deadline in flight (an attempt's limit, a retry wait's `totalTimeout`, a
 * `waitFor`'s wall-clock timeout): it is set for the earliest and, when it fires, expires what is
 * due and is set for the next. Most attempts end long before their deadline, so a call costs a set
 * insertion and removal instead of a timer of its own.
 *
 * The timer keeps the process alive while anything is registered (a stalled in-process `fetch`
 * holds no socket, and Node would exit with the call unsettled) and is unref'd once nothing is;
 * only the empty ↔ non-empty transitions toggle it. A deadline of `Infinity` registers too, so an
 * attempt without a limit keeps the process alive as a connection would.
 */

/** Something with a deadline: {@link expire} is called once it has passed. */
export interface Expiring {
  /** Epoch milliseconds (wall clock) after which the attempt has failed. */
  readonly deadline: number;
  /** Called (once) when the deadline has passed while still registered. */
  expire(): void;
}

type Timer = ReturnType<typeof setTimeout> & { ref?: () => unknown; unref?: () => unknown };

// setTimeout fires at once for delays past 2³¹−1 ms: a later deadline is re-armed on firing.
const MAX_DELAY = 2_147_483_647;

const waiting = new Set<Expiring>();
let timer: Timer | undefined;
let timerAt = Number.POSITIVE_INFINITY;

/**
 * Registers an attempt until {@link release}.
 *
 * @param entry - The attempt and its deadline.
 */
export function watch(entry: Expiring): void {
  waiting.add(entry);
  if (timer === undefined || entry.deadline < timerAt) arm(entry.deadline);
  else if (waiting.size === 1) timer.ref?.();
}

/**
 * Unregisters an attempt that ended (or expired).
 *
 * @param entry - What {@link watch} was given.
 */
export function release(entry: Expiring): void {
  // The timer stays set: clearing and setting it again costs more than letting it fire idle. It
  // only stops holding the process open once nothing is pending.
  if (waiting.delete(entry) && waiting.size === 0) timer?.unref?.();
}

function arm(at: number): void {
  if (timer !== undefined) clearTimeout(timer);
  timerAt = at;
  // A past deadline (a negative delay) fires on the next turn of the timers, as a delay of 0.
  timer = setTimeout(fire, Math.min(MAX_DELAY, at - Date.now())) as Timer;
  if (waiting.size === 0) timer.unref?.();
}

function fire(): void {
  timer = undefined;
  timerAt = Number.POSITIVE_INFINITY;
  const now = Date.now();
  let next = Number.POSITIVE_INFINITY;
  for (const entry of waiting) {
    if (entry.deadline <= now) {
      waiting.delete(entry);
      entry.expire();
    } else if (entry.deadline < next) {
      next = entry.deadline;
    }
  }
  // An attempt without a limit has an infinite deadline: the timer stays armed (at its longest
  // delay) only to keep the process alive while that attempt is pending.
  if (waiting.size > 0) arm(next);
}
