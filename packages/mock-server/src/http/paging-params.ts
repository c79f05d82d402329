/**
 * `offset` and `limit` of a paged list, as query parameters (strings read as integers): the control
 * contract's (`ListOffset`, `ListLimit`), for the control API's filtered lists and the inspector's
 * own list routes alike, so their bounds and messages cannot drift apart.
 */
import { z } from 'zod';
import { listMessagesQuery } from '../generated/control-requests';

const { offset, limit } = listMessagesQuery.shape;

/** The zod shape of `offset` (from 0) and `limit` (1–200); spread it into a `z.strictObject`. */
export const pagingParams = { offset, limit };

/** A searchable list's query: free text `q` (at most 200 characters) and its paging. */
export const listQuery = z.strictObject({
  q: z.string().max(200, 'Must be at most 200 characters.').exactOptional(),
  ...pagingParams,
});
