// The types every list shares, at the bottom of `pagination/`: the walk and `PageList` stand on them.
import type { MessageListPage } from '../core/api-types';

/** The envelope of every list response: every list's page has the same fields. */
export interface Page<Entry> extends Omit<MessageListPage, 'entries'> {
  /** This page's records, in the list's order. */
  entries: Entry[];
}

/** The list parameters the iterator reads and sets (every list endpoint has them). */
export interface ListQuery {
  /** The page to start from, from 1. */
  page?: number;
  /** Entries per page, 1 to 200; the pages an iteration yields hold at most this many. */
  size?: number;
  /** Sort direction. Default `desc`. */
  order?: 'asc' | 'desc';
  /** Sort field. Default `created_at`; iterating needs `created_at`. */
  order_by?: 'created_at' | 'updated_at';
  /** Lower bound of `created_at`, inclusive; the iterator moves it in ascending walks. */
  created_at__ge?: string;
  /** Upper bound of `created_at`, inclusive; the iterator moves it in descending walks. */
  created_at__le?: string;
  /** Status filter: it changes with the record, so the iterator may apply it itself. */
  status?: readonly string[];
  /** Error code filter: it changes with the record, so the iterator may apply it itself. */
  error_code?: readonly string[];
}
