/**
 * Every message's and campaign's status history, kept by the world itself (issue 25): the
 * status each reached, the world time it reached it and the error code it carried. The code that
 * changes a status records the step in the same breath (`createMessage`, `transitionMessage`,
 * `sendBatch`, `transitionCampaign`), so a history is complete for as long as the world lives,
 * and snapshots, restores and state files carry it (`../engine/history-part.ts`).
 *
 * A message is found by its row in its tenant's creation order (no per-message map: a world of a
 * million messages pays only the log's columns, outside the JS heap); campaigns, a thousand
 * times fewer, by id.
 */
import type { CampaignRecord, CampaignStatus, MessageRecord, MessageStatus } from '../core/model';
import { namesOf } from '../core/vocabulary';
import { tenantKey } from '../storage/record-store';
import {
  CodeTable,
  exportColumns,
  type SavedColumns,
  type SharedColumns,
  type StatusStep,
  StepLog,
} from '../storage/step-log';

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
export const CAMPAIGN_STATUSES = namesOf<CampaignStatus>({
  DRAFT: true,
  PENDING: true,
  PROCESSING: true,
  SENDING: true,
  COMPLETED: true,
  FAILED: true,
});

/** What a record's history is when a snapshot gives it none (see `../engine/history-part.ts`). */
export type Derive<T, S extends string> = (record: T) => readonly StatusStep<S>[];

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

  /**
   * Every message log as it stands, shared rather than copied: a snapshot holds these and
   * turns them into columns only when it is serialised (see {@link exportMessages}).
   * `tenants` are the world's messages tenant by tenant, in the order a snapshot lists them.
   */
  shareMessages(tenants: Iterable<readonly MessageRecord[]>): SharedMessageHistory {
    const logs: SharedTenantLog[] = [];
    let offset = 0;
    for (const rows of tenants) {
      const first = rows[0];
      const log =
        first === undefined
          ? undefined
          : this.messageLog(first.organizationId, first.environment, false);
      if (log !== undefined) {
        logs.push({
          organizationId: first!.organizationId,
          environment: first!.environment,
          offset,
          columns: log.share(),
        });
      }
      offset += rows.length;
    }
    return { codeNames: this.codes.names(), logs };
  }

  /**
   * Points a world whose messages are loaded (`tenants`, as the snapshot listed them) at shared
   * message logs, copying no step; a message given no step gets `derive`'s.
   */
  adoptMessages(
    tenants: readonly (readonly MessageRecord[])[],
    shared: SharedMessageHistory,
    derive: Derive<MessageRecord, MessageStatus>,
  ): void {
    this.codes.adopt(shared.codeNames);
    for (const log of shared.logs) {
      this.messageLog(log.organizationId, log.environment, true)!.adopt(log.columns);
    }
    this.deriveMissing(tenants, derive);
  }

  private columns<S extends string>(statuses: readonly S[]): SavedColumns<S> {
    return {
      statusNames: [...statuses],
      codeNames: [],
      subjects: [],
      statuses: [],
      at: [],
      errorCodes: [],
    };
  }

  /**
   * Loads saved message steps into a world whose messages are loaded (`tenants`, in the order
   * they were saved); a message given no step gets `derive`'s.
   */
  loadMessages(
    tenants: readonly (readonly MessageRecord[])[],
    saved: SavedColumns<MessageStatus> | undefined,
    derive: Derive<MessageRecord, MessageStatus>,
  ): void {
    const starts: number[] = [];
    let offset = 0;
    for (const rows of tenants) {
      starts.push(offset);
      offset += rows.length;
    }
    const logOf = (tenant: number) => {
      const first = tenants[tenant]![0]!;
      return this.messageLog(first.organizationId, first.environment, true)!;
    };
    if (saved !== undefined) {
      // A tenant's messages are saved in row order, so a subject's row is its place in its
      // tenant: no record is read. Steps come tenant by tenant: each run is loaded in one loop.
      const subjects = saved.subjects;
      let i = 0;
      while (i < subjects.length) {
        const tenant = tenantOf(starts, subjects[i]!);
        const start = starts[tenant]!;
        const end = start + tenants[tenant]!.length;
        let stop = i + 1;
        while (stop < subjects.length && subjects[stop]! >= start && subjects[stop]! < end) stop++;
        const log = logOf(tenant);
        log.importRun(saved, i, stop, start, end - start, log.columnMap(saved));
        i = stop;
      }
    }
    this.deriveMissing(tenants, derive);
  }

  /** Gives each message without a step the steps `derive` finds for it. */
  private deriveMissing(
    tenants: readonly (readonly MessageRecord[])[],
    derive: Derive<MessageRecord, MessageStatus>,
  ): void {
    for (const rows of tenants) {
      const first = rows[0];
      if (first === undefined) continue;
      const log = this.messageLog(first.organizationId, first.environment, true)!;
      for (let row = 0; row < rows.length; row++) {
        if (log.has(row)) continue;
        for (const step of derive(rows[row]!))
          log.append(row, step.status, step.at, step.errorCode);
      }
    }
  }

  /** Every campaign's steps as snapshot columns, naming each by its place in `campaigns`. */
  saveCampaigns(campaigns: Iterable<CampaignRecord>): SavedColumns<CampaignStatus> {
    const out = this.columns(CAMPAIGN_STATUSES);
    const names = new Map<string, number>();
    let index = 0;
    for (const campaign of campaigns) {
      for (const step of this.campaignSteps(campaign)) {
        out.subjects.push(index);
        out.statuses.push(CAMPAIGN_STATUSES.indexOf(step.status));
        out.at.push(step.at);
        let code = 0;
        if (step.errorCode !== null) {
          code = names.get(step.errorCode) ?? out.codeNames.push(step.errorCode);
          names.set(step.errorCode, code);
        }
        out.errorCodes.push(code);
      }
      index++;
    }
    return out;
  }

  /** Loads saved campaign steps (`campaigns` in the order saved); one given none gets `derive`'s. */
  loadCampaigns(
    campaigns: readonly CampaignRecord[],
    saved: SavedColumns<CampaignStatus> | undefined,
    derive: Derive<CampaignRecord, CampaignStatus>,
  ): void {
    const has = new Set<number>();
    for (let i = 0; i < (saved?.subjects.length ?? 0); i++) {
      const subject = saved!.subjects[i]!;
      const status = saved!.statusNames[saved!.statuses[i]!];
      if (status === undefined || !CAMPAIGN_STATUSES.includes(status))
        throw new RangeError(`Unknown campaign status number ${saved!.statuses[i]}.`);
      const code = saved!.errorCodes[i]!;
      this.campaignStep(
        campaigns[subject]!,
        status,
        saved!.at[i]!,
        code === 0 ? null : (saved!.codeNames[code - 1] ?? null),
      );
      has.add(subject);
    }
    campaigns.forEach((campaign, i) => {
      if (has.has(i)) return;
      for (const step of derive(campaign))
        this.campaignStep(campaign, step.status, step.at, step.errorCode);
    });
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

/** One tenant's message log as a snapshot holds it (see {@link StatusHistory.shareMessages}). */
interface SharedTenantLog {
  /** The tenant's organization. */
  readonly organizationId: string;
  /** The tenant's environment. */
  readonly environment: string;
  /** The place of the tenant's first message in the snapshot's `messages`. */
  readonly offset: number;
  /** The log's columns, shared. */
  readonly columns: SharedColumns;
}

/** Every message log of a world, shared, with the error codes their numbers stand for. */
export interface SharedMessageHistory {
  /** The world's error codes, numbered from 1, when the logs were shared. */
  readonly codeNames: readonly string[];
  /** Each tenant's log that has steps. */
  readonly logs: readonly SharedTenantLog[];
}

/**
 * Shared message logs as JSON-safe snapshot columns, each message named by its place in the
 * snapshot's `messages`: what a state file, a download or any `JSON.stringify` of a snapshot holds.
 */
export function exportMessages(shared: SharedMessageHistory): SavedColumns<MessageStatus> {
  let total = 0;
  for (const log of shared.logs) total += log.columns.length;
  const columns = {
    subjects: new Int32Array(total),
    statuses: new Uint8Array(total),
    at: new Float64Array(total),
    errorCodes: new Uint32Array(total),
  };
  let position = 0;
  for (const log of shared.logs) {
    exportColumns(log.columns, columns, log.offset, position);
    position += log.columns.length;
  }
  return {
    statusNames: [...MESSAGE_STATUSES],
    codeNames: [...shared.codeNames],
    subjects: plain(columns.subjects),
    statuses: plain(columns.statuses),
    at: plain(columns.at),
    errorCodes: plain(columns.errorCodes),
  };
}

/**
 * A typed array's values as a packed plain array: filled in order from empty (`Array.from` walks an
 * iterator, and `new Array(n)` of 100,000 or more is a dictionary in V8; both were several times
 * slower).
 */
function plain(values: Int32Array | Uint8Array | Uint32Array | Float64Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) out.push(values[i]!);
  return out;
}

/** The tenant whose range of subjects (starting at `starts[t]`) holds `subject`. */
function tenantOf(starts: readonly number[], subject: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= subject) low = mid;
    else high = mid - 1;
  }
  return low;
}

export type { SavedColumns, StatusStep } from '../storage/step-log';
