/**
 * One timer for every attempt in flight. An attempt registers its deadline and unregisters when it
 * ends; the timer is set for the earliest deadline and, when it fires, expires what is due and is
 * set again for the next. Almost every attempt ends long before its deadline (30 s by default), so
 * a call costs a set insertion and removal instead of arming and clearing a timer of its own
 * (issue 10's overhead target: timers were a tenth of the client's own cost per call).
 *
 * The timer never keeps the process alive (`unref` where the runtime has it), as Node's own
 * `AbortSignal.timeout` does: a request in flight is kept alive by its connection, and a finished
 * call must not hold a process open for its 30 s limit. Toggling `ref`/`unref` around every call
 * cost more than the rest of the bookkeeping here.
 */

/** Something with a deadline: {@link expire} is called once it has passed. */
export interface Expiring {
  /** Epoch milliseconds (wall clock) after which the attempt has failed. */
  readonly deadline: number;
  /** Called (once) when the deadline has passed while still registered. */
  expire(): void;
}

type Timer = ReturnType<typeof setTimeout> & { unref?: () => unknown };

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
  if (entry.deadline < timerAt) arm(entry.deadline);
}

/**
 * Unregisters an attempt that ended (or expired).
 *
 * @param entry - What {@link watch} was given.
 */
export function release(entry: Expiring): void {
  // The timer stays set: clearing and setting it again costs more than letting it fire idle.
  waiting.delete(entry);
}

function arm(at: number): void {
  if (timer !== undefined) clearTimeout(timer);
  timerAt = at;
  timer = setTimeout(fire, Math.max(0, at - Date.now())) as Timer;
  timer.unref?.();
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
  if (next !== Number.POSITIVE_INFINITY) arm(next);
}
