/**
 * The status histories' part of a snapshot (D150, E51): each record's steps, in the order the
 * snapshot lists the records (`messages` tenant by tenant, then `campaigns`), as plain columns so
 * the snapshot stays one JSON-safe value and a state file stays readable. A snapshot without the
 * part (taken before histories were kept), or a record it gives no step, gets the history its
 * record's own timestamps prove.
 */
import type { CampaignRecord, CampaignStatus, MessageRecord, MessageStatus } from '../core/model';
import type { StatusStep } from '../history/status-history';
import type { World } from './world';

/** One kind of record's histories: `counts[i]` steps for the i-th record, then the next's. */
export interface SavedSteps<S extends string> {
  /** How many steps each record has, in the snapshot's order of the records. */
  readonly counts: number[];
  /** Each step's status. */
  readonly statuses: S[];
  /** Each step's world time, epoch milliseconds. */
  readonly at: number[];
  /** Each step's error code, or `null`. */
  readonly errorCodes: (string | null)[];
}

/** The histories of a world's messages and campaigns. */
export interface SavedHistory {
  /** Messages, in the order of the snapshot's `messages`. */
  readonly messages: SavedSteps<MessageStatus>;
  /** Campaigns, in the order of the snapshot's `campaigns`. */
  readonly campaigns: SavedSteps<CampaignStatus>;
}

function collect<T, S extends string>(
  records: Iterable<T>,
  size: number,
  stepsOf: (record: T) => readonly StatusStep<S>[],
): SavedSteps<S> {
  const counts: number[] = new Array(size);
  const statuses: S[] = [];
  const at: number[] = [];
  const errorCodes: (string | null)[] = [];
  let n = 0;
  for (const record of records) {
    const steps = stepsOf(record);
    counts[n++] = steps.length;
    for (const step of steps) {
      statuses.push(step.status);
      at.push(step.at);
      errorCodes.push(step.errorCode);
    }
  }
  return { counts, statuses, at, errorCodes };
}

/** The histories of every record of `world`, in snapshot order. */
export function saveHistory(world: World): SavedHistory {
  return {
    messages: collect(world.messages.all(), world.messages.size, (m) =>
      world.history.messageSteps(m),
    ),
    campaigns: collect(world.campaigns.all(), world.campaigns.size, (c) =>
      world.history.campaignSteps(c),
    ),
  };
}

function replay<T, S extends string>(
  records: Iterable<T>,
  saved: SavedSteps<S> | undefined,
  append: (record: T, status: S, at: number, errorCode: string | null) => void,
  derive: (record: T) => readonly StatusStep<S>[],
): void {
  let record = 0;
  let step = 0;
  for (const item of records) {
    const count = saved?.counts[record++] ?? 0;
    if (count === 0) {
      for (const derived of derive(item))
        append(item, derived.status, derived.at, derived.errorCode);
      continue;
    }
    for (const end = step + count; step < end; step++) {
      append(item, saved!.statuses[step]!, saved!.at[step]!, saved!.errorCodes[step] ?? null);
    }
  }
}

/**
 * Loads saved histories into a world whose messages and campaigns are already loaded, in the
 * order they were saved.
 */
export function loadHistory(world: World, saved: SavedHistory | undefined): void {
  replay(
    world.messages.all(),
    saved?.messages,
    (message, status, at, code) => world.history.messageStep(message, status, at, code),
    derivedMessageSteps,
  );
  replay(
    world.campaigns.all(),
    saved?.campaigns,
    (campaign, status, at, code) => world.history.campaignStep(campaign, status, at, code),
    derivedCampaignSteps,
  );
}

/**
 * What a message's record proves of its history (D150): created `PENDING` at `createdAt` (or
 * failed there, for a number that was never valid), and its status now since `updatedAt`. Steps in
 * between (`SENT` before `DELIVERED`) happened at times the record does not keep: they are left
 * out rather than given a time they did not have.
 */
export function derivedMessageSteps(message: MessageRecord): StatusStep<MessageStatus>[] {
  const now = { status: message.status, at: message.updatedAt, errorCode: message.errorCode };
  if (message.status === 'PENDING') return [now];
  if (
    message.status === 'FAILED' &&
    message.errorCode === 'INVALID_PHONE_NUMBER' &&
    message.updatedAt === message.createdAt
  ) {
    return [{ ...now, at: message.createdAt }];
  }
  return [{ status: 'PENDING', at: message.createdAt, errorCode: null }, now];
}

/**
 * What a campaign's record proves (D150): accepted `PROCESSING` at `createdAt`, `SENDING` at
 * `processedAt` when processing succeeded, and `COMPLETED` or `FAILED` at `completedAt`.
 */
export function derivedCampaignSteps(campaign: CampaignRecord): StatusStep<CampaignStatus>[] {
  const { status, createdAt, processedAt, completedAt, errorCode } = campaign;
  if (status !== 'SENDING' && status !== 'COMPLETED' && status !== 'FAILED')
    return [{ status, at: createdAt, errorCode: null }];
  const steps: StatusStep<CampaignStatus>[] = [
    { status: 'PROCESSING', at: createdAt, errorCode: null },
  ];
  if (status !== 'FAILED' && processedAt !== null)
    steps.push({ status: 'SENDING', at: processedAt, errorCode: null });
  if (status === 'FAILED' || status === 'COMPLETED')
    steps.push({
      status,
      at: completedAt ?? campaign.updatedAt,
      errorCode: status === 'FAILED' ? errorCode : null,
    });
  return steps;
}
