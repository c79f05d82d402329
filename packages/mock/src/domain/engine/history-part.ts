/**
 * The status histories' part of a snapshot (D150, E51): every step, in the order recorded, as
 * plain columns naming each step's record by its place in the snapshot's `messages` or
 * `campaigns`, so the snapshot stays one JSON-safe value and a state file stays readable. A
 * snapshot without the part (taken before histories were kept), or a record it gives no step,
 * gets the history its record's own timestamps prove.
 */
import type { CampaignRecord, CampaignStatus, MessageRecord, MessageStatus } from '../core/model';
import type { SavedColumns, StatusStep } from '../history/status-history';
import type { World } from './world';

/** The histories of a world's messages and campaigns, as a snapshot keeps them. */
export interface SavedHistory {
  /** Message steps; `subjects` index the snapshot's `messages`. */
  readonly messages: SavedColumns<MessageStatus>;
  /** Campaign steps; `subjects` index the snapshot's `campaigns`. */
  readonly campaigns: SavedColumns<CampaignStatus>;
}

/** The histories of every record of `world`, naming records as the snapshot lists them. */
export function saveHistory(world: World): SavedHistory {
  return {
    messages: world.history.saveMessages(world.messages.tenantRows()),
    campaigns: world.history.saveCampaigns(world.campaigns.all()),
  };
}

/**
 * Loads saved histories into a world whose messages and campaigns are already loaded, in the
 * order they were saved; a record given no step gets what its record proves.
 */
export function loadHistory(world: World, saved: SavedHistory | undefined): void {
  world.history.loadMessages(
    [...world.messages.tenantRows()],
    saved?.messages,
    derivedMessageSteps,
  );
  world.history.loadCampaigns([...world.campaigns.all()], saved?.campaigns, derivedCampaignSteps);
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
