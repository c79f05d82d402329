/**
 * The status histories' part of a snapshot (D150, E51): every step, in the order recorded, as
 * plain columns naming each step's record by its place in the snapshot's `messages` or
 * `campaigns`, so the snapshot stays one JSON-safe value and a state file stays readable. A
 * snapshot without the part (taken before histories were kept), or a record it gives no step,
 * gets the history its record's own timestamps prove.
 */
import type { CampaignRecord, CampaignStatus, MessageRecord, MessageStatus } from '../core/model';
import {
  exportMessages,
  type SavedColumns,
  type SharedMessageHistory,
  type StatusStep,
} from '../history/status-history';
import type { World } from './world';

/** The histories of a world's messages and campaigns, as a snapshot keeps them. */
export interface SavedHistory {
  /** Message steps; `subjects` index the snapshot's `messages`. */
  readonly messages: SavedColumns<MessageStatus>;
  /** Campaign steps; `subjects` index the snapshot's `campaigns`. */
  readonly campaigns: SavedColumns<CampaignStatus>;
}

/**
 * The history part of a snapshot taken in this process (E51): the message logs shared, not
 * copied — a snapshot of 100,000 messages costs a copy of each tenant's heads, not ~300,000 steps
 * — and the campaigns' few steps as columns. It reads as a {@link SavedHistory}: `messages` is
 * exported on first read, and `JSON.stringify` (state files, downloads) writes the columns, so a
 * serialised snapshot is what it always was. A structured clone keeps `shared` and restores too.
 */
export class HistorySnapshot implements SavedHistory {
  #messages: SavedColumns<MessageStatus> | undefined;

  /**
   * @param shared - every message log, shared.
   * @param campaigns - campaign steps as columns.
   */
  constructor(
    readonly shared: SharedMessageHistory,
    readonly campaigns: SavedColumns<CampaignStatus>,
  ) {}

  /** Message steps as columns, exported from the shared logs on first read. */
  get messages(): SavedColumns<MessageStatus> {
    this.#messages ??= exportMessages(this.shared);
    return this.#messages;
  }

  /** The JSON form: the columns of {@link SavedHistory}. */
  toJSON(): SavedHistory {
    return { messages: this.messages, campaigns: this.campaigns };
  }
}

/** The histories of every record of `world`, naming records as the snapshot lists them. */
export function saveHistory(world: World): HistorySnapshot {
  return new HistorySnapshot(
    world.history.shareMessages(world.messages.tenantRows()),
    world.history.saveCampaigns(world.campaigns.all()),
  );
}

/**
 * Loads saved histories into a world whose messages and campaigns are already loaded, in the
 * order they were saved; a record given no step gets what its record proves. Shared logs (a
 * snapshot of this process, or its structured clone) are adopted without copying a step.
 */
export function loadHistory(world: World, saved: SavedHistory | undefined): void {
  const tenants = [...world.messages.tenantRows()];
  const shared = sharedOf(saved);
  if (shared !== undefined) world.history.adoptMessages(tenants, shared, derivedMessageSteps);
  else world.history.loadMessages(tenants, saved?.messages, derivedMessageSteps);
  world.history.loadCampaigns([...world.campaigns.all()], saved?.campaigns, derivedCampaignSteps);
}

/** The shared logs `saved` holds, if it is a snapshot's in-memory form rather than columns. */
function sharedOf(saved: SavedHistory | undefined): SharedMessageHistory | undefined {
  if (saved instanceof HistorySnapshot) return saved.shared;
  // A structured clone of one: a plain object, its typed arrays copied.
  const shared = (saved as { shared?: SharedMessageHistory } | undefined)?.shared;
  return shared !== undefined && Array.isArray(shared.logs) ? shared : undefined;
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
