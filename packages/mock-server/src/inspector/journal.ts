/**
 * The request journal's data (issue 25 item 5): the log filtered by status class (`class=4xx`)
 * and by the contract's operation (`op=sendMessage`, `op=none` for requests that matched none),
 * searched by text over what each request said, each row with its operation, its first
 * near-miss hint and what it created; one request in full with all its hints and links
 *. Hints are computed when an entry is first shown, then kept with it.
 */
import { parseQuery, readonlyWorld } from '@msgsvc/mock/port';
import { z } from 'zod';
import { listQuery } from '../http/paging-params';
import type { ControlDeps } from '../http/route';
import { readQuery } from '../query/search';
import { type RequestLogDetail, type StoredRequest, summary } from '../worlds/request-log';
import { OPERATION_IDS, operationOf } from './journal-contract';
import { journalMatches } from './journal-search';
import { type NearMiss, type NearMissWorlds, nearMisses } from './near-miss';
import { type CreatedRecord, createdBy } from './request-links';

/** The status classes the journal filters by. */
const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;

/** What the `op` filter takes for requests of no operation (an unknown path or method). */
const NO_OPERATION = 'none';

const journalQuery = listQuery.extend({
  class: z.enum(STATUS_CLASSES, `Must be one of ${STATUS_CLASSES.join(', ')}.`).exactOptional(),
  op: z
    .enum(
      [NO_OPERATION, ...OPERATION_IDS],
      `Must be an operation id of the contract (${OPERATION_IDS.join(', ')}) or ${NO_OPERATION}.`,
    )
    .exactOptional(),
});

/** A journal row: the log's row with its operation, first hint and created record. */
export type JournalRow = ReturnType<typeof summary> & {
  /** The contract's operationId, or null when the request matched no operation. */
  readonly operation: string | null;
  /** The first near-miss hint of a 4xx, or null. */
  readonly hint: string | null;
  readonly created: CreatedRecord | null;
};

/** One request in full, as the request view shows it. */
export type JournalDetail = RequestLogDetail & {
  readonly operation: string | null;
  readonly hints: readonly NearMiss[];
  readonly created: CreatedRecord | null;
};

/** `GET …/inspector/api/requests`: a page of the journal, filtered. */
export function journalPage(deps: ControlDeps, query: string) {
  const input = parseQuery(journalQuery, query);
  const q = readQuery(input.q ?? '');
  const offset = input.offset ?? 0;
  const limit = input.limit ?? 50;
  const worlds = worldsOf(deps);
  const matched: StoredRequest[] = [];
  for (const entry of deps.requestLog.newestFirst()) {
    if (input.class !== undefined && `${Math.floor(entry.status / 100)}xx` !== input.class)
      continue;
    if (
      input.op !== undefined &&
      (operationOf(entry.method, entry.path)?.operationId ?? NO_OPERATION) !== input.op
    )
      continue;
    if (q.kind !== 'empty' && !journalMatches(entry, q.text)) continue;
    matched.push(entry);
  }
  return {
    total: matched.length,
    offset,
    operations: OPERATION_IDS,
    entries: matched.slice(offset, offset + limit).map(
      (entry): JournalRow => ({
        ...summary(entry),
        operation: operationOf(entry.method, entry.path)?.operationId ?? null,
        hint: hintsOf(entry, worlds)[0]?.message ?? null,
        created: createdBy(entry),
      }),
    ),
  };
}

/** `GET …/inspector/api/requests/{seq}`: one request with its hints and what it created. */
export function journalDetail(deps: ControlDeps, seq: number): JournalDetail | undefined {
  for (const entry of deps.requestLog.newestFirst()) {
    if (entry.seq !== seq) continue;
    return {
      ...deps.requestLog.detail(seq)!,
      operation: operationOf(entry.method, entry.path)?.operationId ?? null,
      hints: hintsOf(entry, worldsOf(deps)),
      created: createdBy(entry),
    };
  }
  return undefined;
}

function worldsOf(deps: ControlDeps): NearMissWorlds {
  return {
    world: readonlyWorld(deps.mock),
    others: deps.worlds
      .list()
      .filter((entry) => entry.id !== deps.world.id)
      .map((entry) => ({ id: entry.id, name: entry.name, world: readonlyWorld(entry.mock) })),
  };
}

// Computed when first shown, then kept with the entry (it leaves with it).
const hints = new WeakMap<StoredRequest, NearMiss[]>();

function hintsOf(entry: StoredRequest, worlds: NearMissWorlds): NearMiss[] {
  let found = hints.get(entry);
  if (found === undefined) {
    found = nearMisses(entry, worlds);
    hints.set(entry, found);
  }
  return found;
}
