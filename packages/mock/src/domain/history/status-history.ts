/**
 * Every message's and campaign's status history: the status each reached, when, and the error code
 * it carried. The code that changes a status records the step in the same breath, so a history is
 * complete for as long as the world lives; a world of a million messages pays only the step logs'
 * columns, outside the JS heap.
 */
import { CAMPAIGN_STATUSES } from '../campaigns/campaign-machine';
import type { CampaignRecord, CampaignStatus, MessageRecord, MessageStatus } from '../core/model';
import { MESSAGE_STATUSES } from '../messages/message-machine';
import type { TenantRecord } from '../storage/record-store';
import {
  CodeTable,
  exportColumns,
  type SavedColumns,
  type SharedColumns,
  type StatusStep,
  type StepColumns,
  StepLog,
} from '../storage/step-log';
import { TenantMap } from '../storage/tenant-map';

declare module '../core/world' {
  interface World {
    /** Every message's and campaign's status history. */
    readonly history: StatusHistory;
  }
}

/** What a record's history is when a snapshot gives it none (see `../engine/snapshot.ts`). */
type Derive<T, S extends string> = (record: T) => readonly StatusStep<S>[];

/** The status histories of one world. */
export class StatusHistory {
  private readonly codes = new CodeTable();
  /** Per tenant, campaign id → its row: campaigns are stepped first when created, in row order. */
  private readonly campaignRows = new TenantMap(() => new Map<string, number>());
  /** Every message's steps, by its row (a stored message knows it). */
  readonly messages = new TenantHistories<MessageRecord, MessageStatus>(
    MESSAGE_STATUSES,
    this.codes,
    (message) => message.row,
  );
  /** Every campaign's steps, by its row. */
  readonly campaigns = new TenantHistories<CampaignRecord, CampaignStatus>(
    CAMPAIGN_STATUSES,
    this.codes,
    (campaign, add) => this.campaignRow(campaign, add),
  );

  /** A message's steps, oldest first. */
  messageSteps(message: MessageRecord): StatusStep<MessageStatus>[] {
    return this.messages.steps(message);
  }

  /** A campaign's steps, oldest first. */
  campaignSteps(campaign: CampaignRecord): StatusStep<CampaignStatus>[] {
    return this.campaigns.steps(campaign);
  }

  /** Numbers the rows of loaded campaigns (`tenants`, each in creation order) before a restore. */
  placeCampaigns(tenants: Iterable<readonly CampaignRecord[]>): void {
    for (const rows of tenants) for (const campaign of rows) this.campaignRow(campaign, true);
  }

  private campaignRow(campaign: CampaignRecord, add: boolean): number {
    const rows = this.campaignRows.get(campaign.organizationId, campaign.environment);
    let row = rows.get(campaign.id);
    if (row === undefined && add) {
      row = rows.size;
      rows.set(campaign.id, row);
    }
    return row ?? -1;
  }
}

/** One kind of record's histories: a step log per tenant, each record's steps under its row. */
class TenantHistories<T extends TenantRecord, S extends string> {
  private readonly logs: TenantMap<StepLog<S>>;

  /**
   * @param statuses - every status a step can name, in the order the logs number them.
   * @param codes - the world's error-code table.
   * @param rowOf - a stored record's row in its tenant's creation order (given one when `add`).
   */
  constructor(
    private readonly statuses: readonly S[],
    private readonly codes: CodeTable,
    private readonly rowOf: (record: T, add: boolean) => number,
  ) {
    this.logs = new TenantMap(() => new StepLog(statuses, codes));
  }

  /** Records that a stored record reached `status` at `at`, carrying `code`. */
  append(record: T, status: S, at: number, code: string | null): void {
    const log = this.logs.get(record.organizationId, record.environment);
    log.append(this.rowOf(record, true), status, at, code);
  }

  /** A stored record's steps, oldest first. */
  steps(record: T): StatusStep<S>[] {
    return (
      this.logs.find(record.organizationId, record.environment)?.steps(this.rowOf(record, false)) ??
      []
    );
  }

  /**
   * Every log as it stands, shared rather than copied: a snapshot holds these and turns them into
   * columns only when it is serialised (see {@link exportHistory}). `tenants` are the records
   * tenant by tenant, in the order a snapshot lists them.
   */
  share(tenants: Iterable<readonly TenantRecord[]>): SharedHistory<S> {
    const logs: SharedTenantLog[] = [];
    let offset = 0;
    for (const rows of tenants) {
      const log = rows[0] && this.logs.find(rows[0].organizationId, rows[0].environment);
      if (log) logs.push({ offset, columns: log.share() });
      offset += rows.length;
    }
    return { statusNames: this.statuses, codeNames: this.codes.names(), logs };
  }

  /**
   * Points loaded records (`tenants`, as the snapshot listed them) at shared logs, copying no step;
   * a record given no step gets `derive`'s.
   */
  adopt(tenants: readonly (readonly T[])[], shared: SharedHistory<S>, derive: Derive<T, S>): void {
    this.codes.adopt(shared.codeNames);
    const first = starts(tenants);
    for (const { offset, columns } of shared.logs) {
      this.logOf(tenants[tenantOf(first, offset)]!).adopt(columns);
    }
    this.deriveMissing(tenants, derive);
  }

  /**
   * Loads saved steps into loaded records (`tenants`, in the order they were saved); a record given
   * no step gets `derive`'s.
   */
  load(
    tenants: readonly (readonly T[])[],
    saved: SavedColumns<S> | undefined,
    derive: Derive<T, S>,
  ): void {
    const first = starts(tenants);
    // A tenant's records are saved in row order, so a subject's row is its place in its tenant:
    // no record is read. Steps come tenant by tenant: each run is loaded in one loop.
    const subjects = saved?.subjects ?? [];
    let i = 0;
    while (i < subjects.length) {
      const tenant = tenantOf(first, subjects[i]!);
      const start = first[tenant]!;
      const end = start + tenants[tenant]!.length;
      let stop = i + 1;
      while (stop < subjects.length && subjects[stop]! >= start && subjects[stop]! < end) stop++;
      this.logOf(tenants[tenant]!).importRun(saved!, i, stop, start, end - start);
      i = stop;
    }
    this.deriveMissing(tenants, derive);
  }

  /** Gives each record without a step the steps `derive` finds for it. */
  private deriveMissing(tenants: readonly (readonly T[])[], derive: Derive<T, S>): void {
    for (const rows of tenants) {
      if (rows.length === 0) continue;
      const log = this.logOf(rows);
      for (let row = 0; row < rows.length; row++) {
        if (log.has(row)) continue;
        for (const step of derive(rows[row]!))
          log.append(row, step.status, step.at, step.errorCode);
      }
    }
  }

  private logOf(rows: readonly TenantRecord[]): StepLog<S> {
    return this.logs.get(rows[0]!.organizationId, rows[0]!.environment);
  }
}

/** One tenant's log as a snapshot holds it (see {@link TenantHistories.share}). */
interface SharedTenantLog {
  /** The place of the tenant's first record in the snapshot's list of those records. */
  readonly offset: number;
  /** The log's columns, shared. */
  readonly columns: SharedColumns;
}

/** Every log of one kind of record, shared, with the names their numbers stand for. */
export interface SharedHistory<S extends string> {
  /** The statuses the logs number from 0. */
  readonly statusNames: readonly S[];
  /** The world's error codes, numbered from 1, when the logs were shared. */
  readonly codeNames: readonly string[];
  /** Each tenant's log that has steps. */
  readonly logs: readonly SharedTenantLog[];
}

/**
 * Shared logs as JSON-safe snapshot columns, each record named by its place in the snapshot's list
 * of them: what a state file, a download or any `JSON.stringify` of a snapshot holds.
 */
export function exportHistory<S extends string>(shared: SharedHistory<S>): SavedColumns<S> {
  const columns: StepColumns = { subjects: [], statuses: [], at: [], errorCodes: [] };
  for (const log of shared.logs) exportColumns(log.columns, columns, log.offset);
  return { statusNames: [...shared.statusNames], codeNames: [...shared.codeNames], ...columns };
}

/** Where each tenant's records start in the snapshot's list of them. */
function starts(tenants: readonly (readonly unknown[])[]): number[] {
  const out: number[] = [];
  let offset = 0;
  for (const rows of tenants) {
    out.push(offset);
    offset += rows.length;
  }
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
