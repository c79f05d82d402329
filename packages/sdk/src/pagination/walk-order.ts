/**
 * The order a list walk moves in: `(created_at, id)`, ascending or descending. Ties in
 * `created_at` are broken by id in the list's own direction, and timestamps share
 * one fixed format and offset, so both compare as strings.
 *
 * @module
 */
import { PaginationError } from '../core/errors';

/** What the walk reads of an entry to place it. */
export interface Keyed {
  /** The record's id (a UUID v7). */
  id: string;
  /** When it was created: `YYYY-MM-DDTHH:MM:SS.ffffff+00:00`, never changed. */
  created_at: string;
}

/** `1` for an ascending walk, `-1` for a descending one. */
export type Direction = 1 | -1;

/** Whether `entry` comes strictly after `cursor` in a walk going `direction`. */
export function isAfter(entry: Keyed, cursor: Keyed, direction: Direction): boolean {
  const [a, b] =
    entry.created_at === cursor.created_at
      ? [entry.id, cursor.id]
      : [entry.created_at, cursor.created_at];
  return direction > 0 ? a > b : a < b;
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The first instant past `timestamp` in a walk going `direction`: one microsecond later (ascending)
 * or earlier (descending), in the service's format. List bounds are inclusive and timestamps have
 * microsecond precision, so `created_at__le` of the instant just before `T` is
 * "strictly before `T`".
 *
 * @throws {@link PaginationError} `PAGE_INCONSISTENT` when `timestamp` is not an ISO 8601 date-time
 * with at most six fraction digits and an offset.
 */
export function instantPast(timestamp: string, direction: Direction): string {
  const [, seconds = '', fraction = '', offset = ''] = TIMESTAMP.exec(timestamp) ?? [];
  // Epoch microseconds stay below 2^53 until the year 2255; NaN when it is no timestamp.
  const micros =
    Date.parse(`${seconds}${offset}`) * 1000 + Number(fraction.padEnd(6, '0')) + direction;
  if (Number.isNaN(micros)) {
    throw new PaginationError(
      `created_at ${JSON.stringify(timestamp)} is not an ISO 8601 timestamp`,
      { code: 'PAGE_INCONSISTENT' },
    );
  }
  const ms = Math.floor(micros / 1000);
  return `${new Date(ms).toISOString().slice(0, 23)}${String(micros - ms * 1000).padStart(3, '0')}+00:00`;
}
