/**
 * The filters of the two message list endpoints. A filter that names one campaign walks that
 * index list with a predicate (small), one that names contacts scans the tenant with it; anything
 * else is answered from the column bitsets: each filter is the union of its values' bitsets,
 * filters are intersected, and the page is picked by counting bits.
 */

import type { ChannelType, MessageRecord, TriggerSource } from '../core/model';
import { UUID_PATTERN } from '../core/patterns';
import { countRange, selectRange } from '../storage/bitset';
import {
  firstAfter,
  firstAtOrAfter,
  type Page,
  type PageRequest,
  selectPage,
  sortByUpdated,
} from '../storage/query';
import type { IndexedField } from './message-index';
import { type ListMessageStatus, MESSAGE_STATUS_TRAITS } from './message-machine';
import type { MessageStore } from './message-store';

/** Filters shared by `GET /messages` and `GET /campaigns/{id}/messages`; every list is OR-ed. */
export interface MessageFilter {
  /** A message UUID (exact) or part of a number. */
  readonly q?: string;
  readonly statuses?: readonly ListMessageStatus[];
  readonly channels?: readonly ChannelType[];
  readonly contactIds?: readonly string[];
  readonly campaignIds?: readonly string[];
  readonly senderIds?: readonly string[];
  readonly errorCodes?: readonly string[];
  readonly triggers?: readonly TriggerSource[];
  readonly destinations?: readonly string[];
}

const COLUMN_FILTERS: readonly [keyof MessageFilter, IndexedField][] = [
  ['statuses', 'status'],
  ['channels', 'channel'],
  ['senderIds', 'sender'],
  ['errorCodes', 'errorCode'],
  ['triggers', 'trigger'],
  ['destinations', 'destination'],
];

/** A page of one tenant's messages matching `filter`. */
export function queryMessages(
  store: MessageStore,
  organizationId: string,
  environment: string,
  filter: MessageFilter,
  page: PageRequest,
): Page<MessageRecord> {
  const q = filter.q;
  if (q !== undefined && UUID_PATTERN.test(q)) {
    const message = store.getOwned(q.toLowerCase(), organizationId, environment);
    return selectPage(message === undefined ? [] : [message], predicate(filter), page);
  }
  if (filter.campaignIds?.length === 1) {
    const list = store.indexed('campaign', organizationId, environment, filter.campaignIds[0]!);
    return selectPage(list, predicate(filter), page);
  }
  if (filter.contactIds !== undefined && filter.contactIds.length > 0) {
    return selectPage(store.tenant(organizationId, environment), predicate(filter), page);
  }

  const rows = store.tenant(organizationId, environment);
  store.columns.sync(organizationId, environment, rows);
  // No closures or literal arrays per call: this runs for every filtered list.
  let mask: Uint32Array | null = null;
  for (let i = 0; i < COLUMN_FILTERS.length; i++) {
    const [key, field] = COLUMN_FILTERS[i]!;
    const values = filter[key] as readonly string[] | undefined;
    if (values !== undefined && values.length > 0) {
      mask = store.columns.intersectUnion(
        organizationId,
        environment,
        field,
        values,
        mask ?? scratch(rows.length),
        mask === null,
      );
    }
  }
  if (filter.campaignIds !== undefined && filter.campaignIds.length > 0) {
    mask = intersect(
      mask,
      rowsOf(store, organizationId, environment, filter.campaignIds, rows.length),
    );
  }
  if (q !== undefined) {
    mask = intersect(
      mask,
      store.columns.numbersContaining(organizationId, environment, digitsOf(q), rows),
    );
  }
  if (mask === null) return selectPage(rows, null, page);
  return selectFromMask(rows, mask, page);
}

let scratchWords = new Uint32Array(1024);

/**
 * The words of a mask over `rows` rows, contents unspecified. One buffer, reused by every query: a
 * typed array allocated per query cost more than the bit operations it held. Queries run
 * synchronously and the mask is read before the query returns, so no two ever share it.
 */
function scratch(rows: number): Uint32Array {
  const length = Math.ceil(rows / 32);
  if (scratchWords.length < length)
    scratchWords = new Uint32Array(Math.max(length, scratchWords.length * 2));
  return scratchWords.subarray(0, length);
}

/** `words` AND-ed into `mask` (the first set becomes the mask). */
function intersect(mask: Uint32Array | null, words: Uint32Array): Uint32Array {
  if (mask === null) return words;
  for (let i = 0; i < mask.length; i++) mask[i]! &= words[i]!;
  return mask;
}

/** The rows of the messages of any of `ids` in the campaign index, as a bitset. */
function rowsOf(
  store: MessageStore,
  organizationId: string,
  environment: string,
  ids: readonly string[],
  rows: number,
): Uint32Array {
  const words = new Uint32Array(Math.ceil(rows / 32));
  for (const id of ids) {
    for (const message of store.indexed('campaign', organizationId, environment, id)) {
      words[message.row >>> 5]! |= 1 << (message.row & 31);
    }
  }
  return words;
}

function selectFromMask(
  rows: readonly MessageRecord[],
  mask: Uint32Array,
  page: PageRequest,
): Page<MessageRecord> {
  const from = page.createdFrom === undefined ? 0 : firstAtOrAfter(rows, page.createdFrom);
  const to = page.createdTo === undefined ? rows.length : firstAfter(rows, page.createdTo);
  const skip = (page.page - 1) * page.size;
  if (page.orderBy === 'updated_at') {
    const all = selectRange(mask, from, to, 0, Number.MAX_SAFE_INTEGER, 'asc').map(
      (row) => rows[row]!,
    );
    sortByUpdated(all, page.order);
    return { total: all.length, entries: all.slice(skip, skip + page.size) };
  }
  const total = countRange(mask, from, to);
  const entries = selectRange(mask, from, to, skip, page.size, page.order).map((row) => rows[row]!);
  return { total, entries };
}

/** Separators people write in numbers are ignored by `q`. */
function digitsOf(q: string): string {
  return q.replace(/[\s\-.]/g, '');
}

/** The filter as one predicate over records (for short candidate lists). */
function predicate(filter: MessageFilter): ((message: MessageRecord) => boolean) | null {
  const checks: ((message: MessageRecord) => boolean)[] = [];
  const oneOf = <T>(values: readonly T[] | undefined, field: (message: MessageRecord) => T) => {
    if (values === undefined || values.length === 0) return;
    const set = new Set(values);
    checks.push((message) => set.has(field(message)));
  };
  oneOf(filter.statuses, (m) => MESSAGE_STATUS_TRAITS[m.status].listStatus);
  oneOf(filter.channels, (m) => m.channel);
  oneOf(filter.contactIds, (m) => m.contactId);
  oneOf(filter.campaignIds, (m) => m.campaignId);
  oneOf(filter.senderIds, (m) => m.senderId);
  oneOf(filter.errorCodes, (m) => m.errorCode);
  oneOf(filter.triggers, (m) => m.trigger);
  oneOf(filter.destinations, (m) => m.destination);
  if (filter.q !== undefined && !UUID_PATTERN.test(filter.q)) {
    const digits = digitsOf(filter.q);
    checks.push((message) => message.e164.includes(digits));
  }
  if (checks.length === 0) return null;
  return (message) => checks.every((check) => check(message));
}
