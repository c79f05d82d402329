/**
 * Links between logged requests and the records they made: a `POST` answered 2xx names
 * what it created in its response (`id` of a sent message, `campaign_id` of an accepted batch),
 * and an idempotent replay (`Idempotent-Replayed: true`) names the same record again. The record's
 * kind is its path's collection (`/messages` → message). Read from the redacted response; the way
 * back (a record's requests) scans the log, which is bounded (200 entries).
 */

import { jsonOf, type RequestLog, type StoredRequest, summary } from '../worlds/request-log';
import { operationOf } from './near-miss';

/** The record a request created, or named again when it was a replay. */
export interface CreatedRecord {
  readonly kind: 'message' | 'campaign';
  readonly id: string;
  /** True when the response was an idempotent replay of an earlier one. */
  readonly replayed: boolean;
}

/** What a logged request created; null when it created nothing (or it is no longer known). */
export function createdBy(entry: StoredRequest): CreatedRecord | null {
  if (entry.method !== 'POST' || entry.status < 200 || entry.status >= 300) return null;
  const operation = operationOf(entry.method, entry.path);
  if (operation === undefined) return null;
  const collection = operation.path.split('/')[1] ?? '';
  const kind = collection.replace(/s$/, '');
  if (kind !== 'message' && kind !== 'campaign') return null;
  const body = jsonOf(entry.response_body);
  if (body === null || typeof body !== 'object') return null;
  const fields = body as Record<string, unknown>;
  const id = Object.hasOwn(fields, `${kind}_id`) ? fields[`${kind}_id`] : fields.id;
  if (typeof id !== 'string' || id === '') return null;
  return { kind, id, replayed: entry.response_headers['idempotent-replayed'] === 'true' };
}

/** A request as a record's detail lists it: the log row and whether it was a replay. */
export type CreatingRequest = ReturnType<typeof summary> & { readonly replayed: boolean };

/** The logged requests that created any of `ids` or replayed their creation, newest first. */
export function requestsFor(log: RequestLog, ids: readonly (string | null)[]): CreatingRequest[] {
  const wanted = ids.filter((id): id is string => id !== null);
  const out: CreatingRequest[] = [];
  for (const entry of log.newestFirst()) {
    const record = createdBy(entry);
    if (record !== null && wanted.includes(record.id)) {
      out.push({ ...summary(entry), replayed: record.replayed });
    }
  }
  return out;
}
