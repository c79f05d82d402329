/**
 * The request journal's text search: what a logged request is found by, folded so that
 * accents and case do not matter. Built once per entry, when it is first searched. The search box
 * finds requests the same way; the log is the inspector's to search, so this stays here while the
 * search of a world's records sits below, in `query/`.
 */

import { decodeOrKeep } from '@msgsvc/sdk/contract';
import { foldText, type Hits, type SearchQuery } from '../query/search';
import type { RequestLog, StoredRequest } from '../worlds/request-log';
import { createdBy } from './request-links';

const texts = new WeakMap<StoredRequest, string>();

/**
 * Logged requests containing the query, newest first: the search box's requests, found by
 * what the journal finds them by, their line, body text and created record.
 */
export function requestsMatching(
  log: RequestLog,
  query: SearchQuery,
  offset: number,
  limit: number,
): Hits<StoredRequest> {
  const matched: StoredRequest[] = [];
  for (const stored of log.newestFirst()) {
    if (query.kind === 'empty' || journalMatches(stored, query.text)) matched.push(stored);
  }
  return { total: matched.length, entries: matched.slice(offset, offset + limit) };
}

/**
 * Whether a logged request contains `text`: its method, path and query (decoded), status,
 * error code, trace id, idempotency key, the text of its request body (every string, key and
 * number of the JSON, so a message's words are found however the client escaped them) and the id
 * of what it created. Not the response body: a list response quotes many messages, and every poll
 * would match. Accents and case are ignored on both sides.
 */
export function journalMatches(entry: StoredRequest, text: string): boolean {
  let haystack = texts.get(entry);
  if (haystack === undefined) {
    haystack = foldText(
      [
        entry.method,
        decodeOrKeep(entry.path),
        decodeOrKeep(entry.query.replace(/\+/g, ' ')),
        String(entry.status),
        entry.code ?? '',
        entry.trace_id ?? '',
        entry.idempotency_key ?? '',
        bodyText(entry.request_body),
        createdBy(entry)?.id ?? '',
      ].join('\n'),
    );
    texts.set(entry, haystack);
  }
  return haystack.includes(foldText(text));
}

/** The words of a JSON body (its strings, keys and numbers), or the text as it is. */
function bodyText(body: string | null): string {
  if (body === null) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  const words: string[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth > 8 || words.length > 2_000) return;
    if (typeof value === 'string' || typeof value === 'number') words.push(String(value));
    else if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        words.push(key);
        walk(item, depth + 1);
      }
    }
  };
  walk(parsed, 0);
  return words.join('\n');
}
