/**
 * Pagination over records kept in creation order: binary search for the `created_at` bounds, one
 * pass to count the matches and pick the requested page, and a sort only when ordering by
 * `updated_at` (the one order storage does not already have). Ties are broken by id.
 */
import type { TenantRecord } from './record-store';

/** How a list is ordered and which page is wanted. */
export interface PageRequest {
  readonly page: number;
  readonly size: number;
  readonly order: 'asc' | 'desc';
  readonly orderBy: 'created_at' | 'updated_at';
  /** Inclusive bounds on `created_at`, epoch milliseconds. */
  readonly createdFrom?: number;
  readonly createdTo?: number;
}

/** One page of records and the count across all pages. */
export interface Page<T> {
  readonly total: number;
  readonly entries: readonly T[];
}

/**
 * Selects a page from `records` (in creation order) keeping those that pass `matches` (`null` keeps
 * all).
 */
export function selectPage<T extends TenantRecord>(
  records: readonly T[],
  matches: ((record: T) => boolean) | null,
  request: PageRequest,
): Page<T> {
  const from = request.createdFrom === undefined ? 0 : firstAtOrAfter(records, request.createdFrom);
  const to =
    request.createdTo === undefined ? records.length : firstAfter(records, request.createdTo);
  const skip = (request.page - 1) * request.size;

  if (request.orderBy === 'updated_at') {
    const all: T[] = [];
    for (let i = from; i < to; i++) {
      const record = records[i]!;
      if (matches === null || matches(record)) all.push(record);
    }
    sortByUpdated(all, request.order);
    return { total: all.length, entries: all.slice(skip, skip + request.size) };
  }

  if (matches === null) {
    const total = Math.max(0, to - from);
    const entries: T[] = [];
    for (let n = skip; n < Math.min(total, skip + request.size); n++) {
      entries.push(records[request.order === 'asc' ? from + n : to - 1 - n]!);
    }
    return { total, entries };
  }

  const entries: T[] = [];
  let total = 0;
  const step = request.order === 'asc' ? 1 : -1;
  for (let i = step === 1 ? from : to - 1; step === 1 ? i < to : i >= from; i += step) {
    const record = records[i]!;
    if (!matches(record)) continue;
    if (total >= skip && entries.length < request.size) entries.push(record);
    total++;
  }
  return { total, entries };
}

/** The first index whose `createdAt` is at or after `time` (records in creation order). */
export function firstAtOrAfter(records: readonly TenantRecord[], time: number): number {
  let lo = 0;
  let hi = records.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (records[mid]!.createdAt < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index whose `createdAt` is after `time`. */
export function firstAfter(records: readonly TenantRecord[], time: number): number {
  let lo = 0;
  let hi = records.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (records[mid]!.createdAt <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `ceil(total / size)`: an empty result has 0 pages. */
export function pageCount(total: number, size: number): number {
  return Math.ceil(total / size);
}

/** Sorts by `updated_at`, ties broken by id, in the requested direction. */
export function sortByUpdated<T extends TenantRecord>(records: T[], order: 'asc' | 'desc'): void {
  const sign = order === 'asc' ? 1 : -1;
  records.sort(
    (a, b) => sign * (a.updatedAt - b.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  );
}
