/**
 * The filters a list walk treats apart: those a record can leave after it was created.
 *
 * `status` (the coarse list status for messages; the state for campaigns) and
 * `error_code` change as records move through their state machines. Every other filter names
 * something fixed at creation (`campaign_id`, `channel_type`, `q`, `created_at`, …) or, like a
 * campaign's `tag_id` (set once when the campaign is processed), something a record
 * can enter but never leave. While the walk pages by offset through one instant it must keep only
 * filters no record can leave (an entry leaving would shift the rest up, past the walk): it drops
 * the mutable ones from the request and applies them itself, from the entry's own fields.
 *
 * @module
 */
import type { ListQuery } from './page';

/** The query parameters of the filters a record can leave. */
const MUTABLE_FILTERS = ['status', 'error_code'] as const;

/** What the walk reads of an entry to apply the mutable filters. */
export interface Filterable {
  /** The list status. */
  status?: string;
  /** The error code, `null` while none. */
  error_code?: string | null;
}

/** The query without its mutable filters. */
export function withoutMutableFilters<Q extends ListQuery>(query: Q): Q {
  const stable = { ...query };
  for (const name of MUTABLE_FILTERS) delete stable[name];
  return stable;
}

/** A predicate applying the query's mutable filters to an entry, as the service would. */
export function mutableFilterOf(query: ListQuery): (entry: Filterable) => boolean {
  const tests: ((entry: Filterable) => boolean)[] = [];
  for (const name of MUTABLE_FILTERS) {
    const given = query[name];
    // A filter takes a list and matches any of its values; an empty list filters nothing.
    const values = new Set<unknown>(given === undefined ? [] : [given].flat());
    if (values.size > 0) tests.push((entry) => values.has(entry[name]));
  }
  return (entry) => tests.every((test) => test(entry));
}
