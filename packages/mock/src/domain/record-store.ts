/**
 * Storage for records that belong to one tenant (an organization in one environment): a map by id,
 * each tenant's records in creation order, and optional indexes on fields that never change once
 * set (a message's campaign or contact). Creation order is `(created_at, id)` order because the
 * clock never goes back and ids are time-ordered UUID v7, so list queries can binary-search a date
 * range and walk a page without sorting.
 */

/** What every tenant-owned record has. */
export interface TenantRecord {
  readonly id: string;
  readonly organizationId: string;
  readonly environment: string;
  readonly createdAt: number;
  updatedAt: number;
}

/** The key of a tenant's partition. */
export function tenantKey(organizationId: string, environment: string): string {
  return `${organizationId}|${environment}`;
}

/** A store of tenant-owned records with immutable-field indexes. */
export class RecordStore<T extends TenantRecord, I extends string = never> {
  private readonly byId = new Map<string, T>();
  private readonly partitions = new Map<string, T[]>();
  private readonly indexes = new Map<I, Map<string, T[]>>();

  /**
   * @param indexedFields - for each index name, the field it indexes (its value must never change
   *   after the record is added; `null` values are not indexed).
   */
  constructor(private readonly indexedFields: Readonly<Record<I, (record: T) => string | null>>) {
    for (const name of Object.keys(indexedFields) as I[]) this.indexes.set(name, new Map());
  }

  /** Adds a record created now (it goes last in its tenant's order); returns its row there. */
  add(record: T): number {
    this.byId.set(record.id, record);
    const key = tenantKey(record.organizationId, record.environment);
    let partition = this.partitions.get(key);
    if (partition === undefined) {
      partition = [];
      this.partitions.set(key, partition);
    }
    partition.push(record);
    for (const [name, field] of Object.entries(this.indexedFields) as [
      I,
      (r: T) => string | null,
    ][]) {
      const value = field(record);
      if (value === null) continue;
      const index = this.indexes.get(name)!;
      const indexKey = `${key}|${value}`;
      const list = index.get(indexKey);
      if (list === undefined) index.set(indexKey, [record]);
      else list.push(record);
    }
    return partition.length - 1;
  }

  /** The record with `id`, whatever its tenant. */
  get(id: string): T | undefined {
    return this.byId.get(id);
  }

  /** The record with `id` if it belongs to the tenant: other tenants' ids look missing. */
  getOwned(id: string, organizationId: string, environment: string): T | undefined {
    const record = this.byId.get(id);
    if (record === undefined) return undefined;
    return record.organizationId === organizationId && record.environment === environment
      ? record
      : undefined;
  }

  /** A tenant's records in creation order (the live array: do not mutate). */
  tenant(organizationId: string, environment: string): readonly T[] {
    return this.partitions.get(tenantKey(organizationId, environment)) ?? EMPTY;
  }

  /** A tenant's records whose indexed field equals `value`, in creation order. */
  indexed(name: I, organizationId: string, environment: string, value: string): readonly T[] {
    return (
      this.indexes.get(name)!.get(`${tenantKey(organizationId, environment)}|${value}`) ?? EMPTY
    );
  }

  /** Every record, tenant by tenant, each in creation order. */
  *all(): IterableIterator<T> {
    for (const partition of this.partitions.values()) yield* partition;
  }

  /** How many records are stored. */
  get size(): number {
    return this.byId.size;
  }
}

const EMPTY: readonly never[] = Object.freeze([]);
