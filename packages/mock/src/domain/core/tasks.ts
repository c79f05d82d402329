/**
 * Background work, as data (so it survives snapshots): one handler per type in
 * `../engine/engine.ts`, one role here, its fields described by the task schema of
 * `record-schemas.ts`.
 */
// biome-ignore lint/style/noRestrictedImports: types only; tasks are typed from their schema.
import type { z } from 'zod';
import type { RecordSchemas } from './record-schemas';

/** A unit of background work. */
export type Task = Readonly<z.output<RecordSchemas['task']>>;

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
