/**
 * Every message's and campaign's status history, kept by the world itself (issue 25, D150): the
 * status each reached, the world time it reached it and the error code it carried. The code that
 * changes a status records the step in the same breath (`createMessage`, `transitionMessage`,
 * `sendBatch`, `transitionCampaign`), so a history is complete for as long as the world lives,
 * and snapshots, restores and state files carry it (`../engine/history-part.ts`).
 *
 * A message is found by its row in its tenant's creation order (no per-message map: a world of a
 * million messages pays only the log's columns, outside the JS heap, E50); campaigns, a thousand
 * times fewer, by id.
 */
import type { CampaignRecord, CampaignStatus, MessageRecord, MessageStatus } from '../core/model';
import { namesOf } from '../core/vocabulary';
import { tenantKey } from '../storage/record-store';
import { CodeTable, type StatusStep, StepLog } from '../storage/step-log';

// This concept's part of every world (see core/world.ts).
declare module '../core/world' {
  interface World {
    /** Every message's and campaign's status history. */
    readonly history: StatusHistory;
  }
}

/** Every message status, in the fixed order the log numbers them by. */
const MESSAGE_STATUSES = namesOf<MessageStatus>({
  PENDING: true,
  SENT: true,
  DELIVERED: true,
  FAILED: true,
  UNDELIVERED: true,
  EXPIRED: true,
  REJECTED: true,
  CANCELLED: true,
});

/** Every campaign status, likewise. */
const CAMPAIGN_STATUSES = namesOf<CampaignStatus>({
  DRAFT: true,
  PENDING: true,
  PROCESSING: true,
  SENDING: true,
  COMPLETED: true,
  FAILED: true,
});

/** The status histories of one world. */
export class StatusHistory {
  private readonly codes = new CodeTable();
  /** Tenant → its messages' log, by row. */
  private readonly messageLogs = new Map<string, StepLog<MessageStatus>>();
  /** The tenant written last: a campaign's messages come in a run for one tenant. */
  private last:
    | { organizationId: string; environment: string; log: StepLog<MessageStatus> }
    | undefined;
  /** Built with the first campaign: an empty world stays small. */
  private campaignLog: StepLog<CampaignStatus> | undefined;
  /** Campaign id → its subject number in {@link StatusHistory.campaignLog}. */
  private readonly campaignSubjects = new Map<string, number>();

  /** Records that a stored message reached `status` at `at` (its row must be set). */
  messageStep(
    message: MessageRecord,
    status: MessageStatus,
    at: number,
    errorCode: string | null,
  ): void {
    this.messageLog(message.organizationId, message.environment, true)!.append(
      message.row,
      status,
      at,
      errorCode,
    );
  }

  /** A message's steps, oldest first. */
  messageSteps(message: MessageRecord): StatusStep<MessageStatus>[] {
    return (
      this.messageLog(message.organizationId, message.environment, false)?.steps(message.row) ?? []
    );
  }

  /** Records that a campaign reached `status` at `at`. */
  campaignStep(
    campaign: CampaignRecord,
    status: CampaignStatus,
    at: number,
    errorCode: string | null,
  ): void {
    this.campaignLog ??= new StepLog(CAMPAIGN_STATUSES, this.codes);
    let subject = this.campaignSubjects.get(campaign.id);
    if (subject === undefined) {
      subject = this.campaignSubjects.size;
      this.campaignSubjects.set(campaign.id, subject);
    }
    this.campaignLog.append(subject, status, at, errorCode);
  }

  /** A campaign's steps, oldest first. */
  campaignSteps(campaign: CampaignRecord): StatusStep<CampaignStatus>[] {
    const subject = this.campaignSubjects.get(campaign.id);
    return subject === undefined || this.campaignLog === undefined
      ? []
      : this.campaignLog.steps(subject);
  }

  /** Steps held, and the bytes their columns take (outside the JS heap). */
  get footprint(): { steps: number; bytes: number } {
    let steps = this.campaignLog?.size ?? 0;
    let bytes = this.campaignLog?.bytes ?? 0;
    for (const log of this.messageLogs.values()) {
      steps += log.size;
      bytes += log.bytes;
    }
    return { steps, bytes };
  }

  private messageLog(
    organizationId: string,
    environment: string,
    create: boolean,
  ): StepLog<MessageStatus> | undefined {
    const last = this.last;
    if (
      last !== undefined &&
      last.organizationId === organizationId &&
      last.environment === environment
    )
      return last.log;
    const key = tenantKey(organizationId, environment);
    let log = this.messageLogs.get(key);
    if (log === undefined) {
      if (!create) return undefined;
      log = new StepLog(MESSAGE_STATUSES, this.codes);
      this.messageLogs.set(key, log);
    }
    this.last = { organizationId, environment, log };
    return log;
  }
}

export type { StatusStep } from '../storage/step-log';
