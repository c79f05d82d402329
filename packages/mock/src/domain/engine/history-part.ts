/**
 * The status histories' part of a snapshot: every step as plain columns naming its record by its
 * place in the snapshot's `messages` or `campaigns`. A record given no step (a snapshot from before
 * histories were kept) gets the history its own timestamps prove.
 */
import type { CampaignRecord, CampaignStatus, MessageRecord, MessageStatus } from '../core/model';
import {
  exportHistory,
  type SavedColumns,
  type SharedHistory,
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

/** The logs a snapshot taken in this process shares with its world. */
interface SharedLogs {
  readonly messages: SharedHistory<MessageStatus>;
  readonly campaigns: SharedHistory<CampaignStatus>;
}

/**
 * The history part of a snapshot taken in this process: the logs shared, not copied (a snapshot of
 * 100,000 messages copies each tenant's heads, not ~300,000 steps). It looks like a plain
 * {@link SavedHistory}: `messages` and `campaigns` are enumerable, exported on first read, so
 * `JSON.stringify`, a spread, a clone or a deep comparison sees the columns; only a restore reads
 * the non-enumerable `shared`.
 */
class HistorySnapshot implements SavedHistory {
  declare readonly messages: SavedColumns<MessageStatus>;
  declare readonly campaigns: SavedColumns<CampaignStatus>;
  /** The logs, shared (not enumerable: never serialised or cloned). */
  declare readonly shared: SharedLogs;

  constructor(shared: SharedLogs) {
    // Defined in this order so the JSON keeps the key order of {@link SavedHistory}.
    for (const kind of ['messages', 'campaigns'] as const) {
      let columns: SavedColumns<string> | undefined;
      Object.defineProperty(this, kind, {
        enumerable: true,
        get: () => (columns ??= exportHistory<string>(shared[kind])),
      });
    }
    Object.defineProperty(this, 'shared', { enumerable: false, value: shared });
  }
}

/** The histories of every record of `world`, naming records as the snapshot lists them. */
export function saveHistory(world: World): SavedHistory {
  return new HistorySnapshot({
    messages: world.history.messages.share(world.messages.tenantRows()),
    campaigns: world.history.campaigns.share(world.campaigns.tenantRows()),
  });
}

/**
 * Loads saved histories into a world whose messages and campaigns are already loaded, in the
 * order they were saved; a record given no step gets what its record proves. Shared logs (a
 * snapshot taken in this process) are adopted without copying a step.
 */
export function loadHistory(world: World, saved: SavedHistory | undefined): void {
  const { history } = world;
  const messages = [...world.messages.tenantRows()];
  const campaigns = [...world.campaigns.tenantRows()];
  history.placeCampaigns(campaigns);
  if (saved instanceof HistorySnapshot) {
    history.messages.adopt(messages, saved.shared.messages, derivedMessageSteps);
    history.campaigns.adopt(campaigns, saved.shared.campaigns, derivedCampaignSteps);
  } else {
    history.messages.load(messages, saved?.messages, derivedMessageSteps);
    history.campaigns.load(campaigns, saved?.campaigns, derivedCampaignSteps);
  }
}

/**
 * What a message's record proves of its history: created `PENDING` at `createdAt` (or
 * failed there, for a number that was never valid), and its status now since `updatedAt`. Steps in
 * between (`SENT` before `DELIVERED`) happened at times the record does not keep: they are left
 * out rather than given a time they did not have.
 */
function derivedMessageSteps(message: MessageRecord): StatusStep<MessageStatus>[] {
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
 * What a campaign's record proves: accepted `PROCESSING` at `createdAt`, `SENDING` at
 * `processedAt` when processing succeeded, and `COMPLETED` or `FAILED` at `completedAt`.
 */
function derivedCampaignSteps(campaign: CampaignRecord): StatusStep<CampaignStatus>[] {
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
