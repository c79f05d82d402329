/**
 * Running background work, one handler per task type, strictly in `(due time, scheduling order)`
 * order so that a seeded world replays identically.
 */
import { processCampaign } from '../campaigns/campaign-lifecycle';
import { VirtualClock } from '../core/clock';
import { isDate } from '../core/platform-checks';
import type { Task } from '../core/world';
import {
  dispatchMessage,
  expireMessage,
  receiveReceipt,
  replyToMessage,
} from '../messages/message-lifecycle';
import { attemptDelivery } from '../webhooks/webhooks';
import type { World } from './world';

type Handlers = { [K in Task['type']]: (world: World, task: Extract<Task, { type: K }>) => void };

const HANDLERS: Handlers = {
  'campaign.process': (world, task) => processCampaign(world, task.campaignId),
  'message.dispatch': (world, task) => dispatchMessage(world, task.messageId),
  'webhook.deliver': (world, task) => attemptDelivery(world, task.deliveryId),
  'inbound.reply': (world, task) => replyToMessage(world, task.messageId, task.body),
  'message.receipt': (world, task) =>
    receiveReceipt(world, task.messageId, task.event, task.errorCode),
  'message.expire': (world, task) => expireMessage(world, task.messageId),
};

function run(world: World, task: Task): void {
  (HANDLERS[task.type] as (world: World, task: Task) => void)(world, task);
}

/** Runs every task due at or before the clock's current time (real clocks). Returns how many ran. */
export function runDue(world: World): number {
  let count = 0;
  for (;;) {
    const entry = world.scheduler.popDue(world.now());
    if (entry === undefined) return count;
    run(world, entry.task);
    count++;
  }
}

/**
 * Moves a virtual clock forward by `ms`, running each task at its own due time, in order. Returns
 * how many tasks ran.
 */
export function advance(world: World, ms: number): number {
  const clock = virtualClock(world);
  if (!Number.isFinite(ms) || ms < 0)
    throw new RangeError('advance(ms) takes a non-negative number.');
  const target = clock.now() + ms;
  const count = runWhile(world, clock, target, () => true);
  clock.set(target);
  return count;
}

/** How far {@link runUntilIdle} and {@link runUntil} move the clock at most: 30 days. */
export const IDLE_HORIZON_MS = 30 * 24 * 60 * 60 * 1000;

/** What a run of a virtual clock did. */
export interface ClockRun {
  /** How many background tasks ran. */
  readonly tasksRun: number;
  /** How far the clock moved, in milliseconds. */
  readonly elapsedMs: number;
  /**
   * Tasks still pending. After `runUntilIdle` they are all housekeeping (message expiries at the
   * end of the 48 h validity period); `runUntil` and `advance` can run them.
   */
  readonly pending: number;
}

/**
 * Runs pending work, moving a virtual clock to each task's due time, until no work is left: tasks
 * that are only housekeeping stay pending, and run only when a later piece of work needs the
 * clock past them. Stops early after {@link IDLE_HORIZON_MS}, so that periodic work cannot spin
 * forever.
 */
export function runUntilIdle(world: World): ClockRun {
  const clock = virtualClock(world);
  const start = clock.now();
  const count = runWhile(world, clock, start + IDLE_HORIZON_MS, () => world.scheduler.work > 0);
  return clockRun(world, start, count);
}

function clockRun(world: World, start: number, tasksRun: number): ClockRun {
  return { tasksRun, elapsedMs: world.now() - start, pending: world.scheduler.size };
}

/**
 * Runs every task, housekeeping included, until `until`: a `Date` (the clock ends exactly there,
 * as `advance` would) or a condition checked before the first task and after each one.
 *
 * @throws Error when the condition still does not hold with nothing left to run, or after
 * {@link IDLE_HORIZON_MS}: a test waiting for something that never happens fails there.
 */
export function runUntil(world: World, until: Date | (() => boolean)): ClockRun {
  const clock = virtualClock(world);
  const start = clock.now();
  if (isDate(until)) {
    const target = until.getTime();
    if (Number.isNaN(target)) throw new RangeError('runUntil(date) takes a valid Date.');
    return clockRun(world, start, advance(world, Math.max(0, target - start)));
  }
  let held = false;
  const count = runWhile(world, clock, start + IDLE_HORIZON_MS, () => {
    held = until();
    return !held;
  });
  if (!held) {
    const why = world.scheduler.size === 0 ? 'with no work left' : `within ${IDLE_HORIZON_MS} ms`;
    throw new Error(
      `runUntil: the condition did not hold ${why} (${count} tasks ran, the clock moved ${clock.now() - start} ms).`,
    );
  }
  return clockRun(world, start, count);
}

/**
 * Runs tasks in order while `more()` holds and the next is due by `limit`, moving the clock to each
 * task's due time. Returns how many ran.
 */
function runWhile(world: World, clock: VirtualClock, limit: number, more: () => boolean): number {
  let count = 0;
  for (;;) {
    if (!more()) return count;
    const at = world.scheduler.peekTime();
    if (at === undefined || at > limit) return count;
    clock.set(at);
    run(world, world.scheduler.popDue(at)!.task);
    count++;
  }
}

function virtualClock(world: World): VirtualClock {
  if (!(world.clock instanceof VirtualClock)) {
    throw new Error('This world runs on a real clock: time cannot be advanced by hand.');
  }
  return world.clock;
}
