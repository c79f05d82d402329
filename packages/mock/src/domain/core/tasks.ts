/**
 * Background work, as data (so it survives snapshots). Each task type has exactly one handler,
 * registered in `../engine/engine.ts`, and one role, in {@link TASK_ROLES}.
 */

/** A unit of background work. */
export type Task =
  | { readonly type: 'campaign.process'; readonly campaignId: string }
  | { readonly type: 'message.dispatch'; readonly messageId: string }
  | {
      readonly type: 'message.receipt';
      readonly messageId: string;
      // The receipt's message event, spelled here because core/ knows no concept: the engine hands it to
      // `receiveReceipt`, so tsc fails there if the message machine ever drops one of the two.
      readonly event: 'delivered' | 'undelivered';
      readonly errorCode: string | null;
    }
  | { readonly type: 'message.expire'; readonly messageId: string }
  | { readonly type: 'inbound.reply'; readonly messageId: string; readonly body: string }
  | { readonly type: 'webhook.deliver'; readonly deliveryId: string };

/**
 * `work` is what a test waits for: processing, dispatch, receipts, replies, webhook attempts.
 * `housekeeping` is a timer that only closes something left open, long after the work: a message
 * with no receipt expiring when its 48 h validity period ends. `runUntilIdle` stops when only
 * housekeeping is left, so that it never carries a test past the windows it relies on.
 */
type TaskRole = 'work' | 'housekeeping';

/** The role of each task type. */
const TASK_ROLES: Readonly<Record<Task['type'], TaskRole>> = {
  'campaign.process': 'work',
  'message.dispatch': 'work',
  'message.receipt': 'work',
  'message.expire': 'housekeeping',
  'inbound.reply': 'work',
  'webhook.deliver': 'work',
};

/** True for a task whose role is `work`. */
export function isWork(task: Task): boolean {
  return TASK_ROLES[task.type] === 'work';
}
