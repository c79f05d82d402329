/**
 * `offset` and `limit` of a paged list, as query parameters (strings coerced to integers): one
 * definition for the control API's filtered lists and the inspector's own list routes, so their
 * bounds and messages cannot drift apart.
 */
import { z } from 'zod';

/** The zod shape of `offset` (from 0) and `limit` (1–200); spread it into a `z.strictObject`. */
export const pagingParams = {
  offset: z.coerce
    .number('Must be a number.')
    .int('Must be an integer.')
    .min(0, 'Must not be negative.')
    .max(10_000_000, 'Must be at most 10000000.')
    .exactOptional(),
  limit: z.coerce
    .number('Must be a number.')
    .int('Must be an integer.')
    .min(1, 'Must be at least 1.')
    .max(200, 'Must be at most 200.')
    .exactOptional(),
};

/** A searchable list's query: free text `q` (at most 200 characters) and its paging. */
export const listQuery = z.strictObject({
  q: z.string().max(200, 'Must be at most 200 characters.').exactOptional(),
  ...pagingParams,
});
