/**
 * The status histories the world keeps, as tools read them through `@msgsvc/mock/port`:
 * each step's status, its world time in the service's timestamp format, and the error code the
 * record carried from that step on. Oldest first; complete for as long as the world has lived,
 * across snapshots, restores and state files.
 */
import type {
  CampaignRecord,
  CampaignStatus,
  MessageRecord,
  MessageStatus,
} from '../domain/core/model';
import { formatTimestamp } from '../domain/core/time-format';
import type { ReadonlyWorld } from '../domain/engine/readonly-world';
import type { StatusStep } from '../domain/history/status-history';

/** One step of a status history. */
export interface StatusStepView<S extends string = string> {
  /** The status reached. */
  readonly status: S;
  /** When, in world time (ISO 8601, microseconds). */
  readonly at: string;
  /** The error code the record carried from this step on, or `null`. */
  readonly error_code: string | null;
}

function view<S extends string>(steps: readonly StatusStep<S>[]): StatusStepView<S>[] {
  return steps.map((step) => ({
    status: step.status,
    at: formatTimestamp(step.at),
    error_code: step.errorCode,
  }));
}

/** A message's status history, oldest first. */
export function messageHistory(
  world: ReadonlyWorld,
  message: MessageRecord,
): StatusStepView<MessageStatus>[] {
  return view(world.history.messageSteps(message));
}

/** A campaign's status history, oldest first. */
export function campaignHistory(
  world: ReadonlyWorld,
  campaign: CampaignRecord,
): StatusStepView<CampaignStatus>[] {
  return view(world.history.campaignSteps(campaign));
}
