/**
 * Running background work. Each task type has one handler; `advance` and `runUntilIdle` drive a
 * virtual clock, `runDue` catches a real clock up. Tasks run strictly in `(due time, scheduling
 * order)` order, so a seeded world replays identically.
 */
import { processCampaign } from './campaign-lifecycle';
import { VirtualClock } from './clock';
import { dispatchMessage, receiveReceipt, replyToMessage } from './message-lifecycle';
import type { Task } from './tasks';
import { attemptDelivery } from './webhooks';
import type { World } from './world';

type Handlers = { [K in Task['type']]: (world: World, task: Extract<Task, { type: K }>) => void };

const HANDLERS: Handlers = {
  'campaign.process': (world, task) => processCampaign(world, task.campaignId),
  'message.dispatch': (world, task) => dispatchMessage(world, task.messageId),
  'webhook.deliver': (world, task) => attemptDelivery(world, task.deliveryId),
  'inbound.reply': (world, task) => replyToMessage(world, task.messageId, task.body),
  'message.receipt': (world, task) =>
    receiveReceipt(world, task.messageId, task.event, task.errorCode),
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
  let count = 0;
  for (;;) {
    const at = world.scheduler.peekTime();
    if (at === undefined || at > target) break;
    clock.set(at);
    run(world, world.scheduler.popDue(at)!.task);
    count++;
  }
  clock.set(target);
  return count;
}

/** Default cap of {@link runUntilIdle}: 30 days of virtual time. */
export const IDLE_HORIZON_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Runs every pending task, moving a virtual clock to each one's due time, until nothing is left (or
 * `horizon` of virtual time has passed, so that periodic work cannot spin forever). Returns how
 * many tasks ran.
 */
export function runUntilIdle(world: World, horizon: number = IDLE_HORIZON_MS): number {
  const clock = virtualClock(world);
  const limit = clock.now() + horizon;
  let count = 0;
  for (;;) {
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
