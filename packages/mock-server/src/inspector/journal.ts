/** The request journal's data: the log as the journal lists, filters and finds it. */
import { decodeOrKeep } from '@msgsvc/sdk/contract';
import { z } from 'zod';
import { listMessagesQuery } from '../generated/control-requests';
import type { ControlDeps } from '../http/route';
import { type Hits, textTest } from '../query/search';
import { jsonOf, type RequestLog, type StoredRequest, summary } from '../worlds/request-log';
import { nearMisses, nearMissWorlds, OPERATION_IDS, operationOf } from './near-miss';

/** The status classes the journal filters by. */
const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;

/** What the `op` filter takes for requests of no operation (an unknown path or method). */
const NO_OPERATION = 'none';

/** The journal's query: the search's `q`, `offset` and `limit`, a status class and an operation. */
export const journalQuery = listMessagesQuery.extend({
  class: z.enum(STATUS_CLASSES, `Must be one of ${STATUS_CLASSES.join(', ')}.`).exactOptional(),
  op: z
    .enum(
      [NO_OPERATION, ...OPERATION_IDS],
      `Must be an operation id of the contract (${OPERATION_IDS.join(', ')}) or ${NO_OPERATION}.`,
    )
    .exactOptional(),
});

const operationIdOf = (entry: StoredRequest) =>
  operationOf(entry.method, entry.path)?.operationId ?? null;

/**
 * Logged requests containing the query and that `test` lets through, newest first: found by
 * what the journal finds them by, their line, body text and created record.
 */
export function requestsMatching(
  log: RequestLog,
  q: string,
  offset: number,
  limit: number,
  test: (entry: StoredRequest) => boolean = () => true,
): Hits<StoredRequest> {
  const text = textTest(q);
  const matched = [...log.newestFirst()].filter(
    (entry) => test(entry) && (text === undefined || text(null, null, haystackOf(entry))),
  );
  return { total: matched.length, entries: matched.slice(offset, offset + limit) };
}

/** `GET …/inspector/api/requests`: a page of the journal, filtered. */
export function journalPage(
  deps: ControlDeps,
  { q = '', offset = 0, limit = 50, class: statusClass, op }: z.output<typeof journalQuery>,
) {
  const worlds = nearMissWorlds(deps);
  const hits = requestsMatching(
    deps.requestLog,
    q,
    offset,
    limit,
    (entry) =>
      (statusClass === undefined || `${Math.floor(entry.status / 100)}xx` === statusClass) &&
      (op === undefined || (operationIdOf(entry) ?? NO_OPERATION) === op),
  );
  return {
    total: hits.total,
    offset,
    operations: OPERATION_IDS,
    entries: hits.entries.map((entry) => journalRow(entry, worlds)),
  };
}

/** A journal row: the log's row with its operation, first near-miss hint and created record. */
function journalRow(entry: StoredRequest, worlds: ReturnType<typeof nearMissWorlds>) {
  return {
    ...summary(entry),
    /** The contract's operationId, or null when the request matched no operation. */
    operation: operationIdOf(entry),
    /** The first near-miss hint of a 4xx, or null. */
    hint: nearMisses(entry, worlds)[0]?.message ?? null,
    created: createdBy(entry),
  };
}

/** @see {@link journalRow} */
export type JournalRow = ReturnType<typeof journalRow>;

/** `GET …/inspector/api/requests/{seq}`: one request in full, its hints and what it created. */
export function journalDetail(deps: ControlDeps, seq: number) {
  const entry = [...deps.requestLog.newestFirst()].find((logged) => logged.seq === seq);
  if (entry === undefined) return undefined;
  const { key_owner: _owner, ...detail } = entry;
  return {
    ...detail,
    operation: operationIdOf(entry),
    hints: nearMisses(entry, nearMissWorlds(deps)),
    created: createdBy(entry),
  };
}

/** @see {@link journalDetail} */
export type JournalDetail = NonNullable<ReturnType<typeof journalDetail>>;

/**
 * What a logged request is found by: its method, path and query (decoded), status, error
 * code, trace id, idempotency key, the text of its request body (every string, key and number of
 * the JSON, so a message's words are found however the client escaped them) and the id of what it
 * created. Not the response body: a list response quotes many messages, and every poll would match.
 */
function haystackOf(entry: StoredRequest): string {
  return [
    entry.method,
    decodeOrKeep(entry.path),
    decodeOrKeep(entry.query.replace(/\+/g, ' ')),
    String(entry.status),
    entry.code ?? '',
    entry.trace_id ?? '',
    entry.idempotency_key ?? '',
    bodyText(entry.request_body),
    createdBy(entry)?.id ?? '',
  ].join('\n');
}

/** The words of a JSON body (its strings, keys and numbers), or the text as it is. */
function bodyText(body: string | null): string {
  const words: string[] = [];
  try {
    // Each key (but an array's index) and each string and number, as the parser meets them.
    JSON.parse(body ?? '', function (this: unknown, key: string, value: unknown) {
      if (key !== '' && !Array.isArray(this)) words.push(key);
      if (typeof value === 'string' || typeof value === 'number') words.push(String(value));
      return value;
    });
  } catch {
    return body ?? '';
  }
  return words.join('\n');
}

/**
 * What a logged request created; null when it created nothing (or it is no longer known). A
 * `POST` answered 2xx names it in its response (`id` of a sent message, `campaign_id` of an
 * accepted batch), and an idempotent replay (`Idempotent-Replayed: true`) names it again; its
 * kind is its path's collection (`/messages` → message).
 */
function createdBy(entry: StoredRequest) {
  if (entry.method !== 'POST' || entry.status < 200 || entry.status >= 300) return null;
  const operation = operationOf(entry.method, entry.path);
  if (operation === undefined) return null;
  const kind = operation.path.split('/')[1]?.replace(/s$/, '');
  if (kind !== 'message' && kind !== 'campaign') return null;
  const body = jsonOf(entry.response_body);
  if (body === null || typeof body !== 'object') return null;
  const fields = body as Record<string, unknown>;
  const id = Object.hasOwn(fields, `${kind}_id`) ? fields[`${kind}_id`] : fields.id;
  if (typeof id !== 'string' || id === '') return null;
  return { kind, id, replayed: entry.response_headers['idempotent-replayed'] === 'true' };
}

/** The record a request created, or named again when it was a replay. */
export type CreatedRecord = NonNullable<ReturnType<typeof createdBy>>;

/** A request as a record's detail lists it: the log row and whether it was a replay. */
export type CreatingRequest = ReturnType<typeof summary> & { readonly replayed: boolean };

/**
 * The logged requests that created any of `ids` or replayed their creation, newest first: a scan
 * of the log, which is bounded (200 entries).
 */
export function requestsFor(log: RequestLog, ids: readonly (string | null)[]): CreatingRequest[] {
  return [...log.newestFirst()].flatMap((entry) => {
    const record = createdBy(entry);
    if (record === null || !ids.includes(record.id)) return [];
    return [{ ...summary(entry), replayed: record.replayed }];
  });
}
