/**
 * Rate limits per API key and operation, in fixed windows on the world's clock. The
 * windows are world state, so they advance with a virtual clock and survive a snapshot.
 */
import { OPERATION_IDS, type OperationId } from '../core/operation-ids';
import type { SavedState } from '../core/state-schemas';
import { oneOf } from '../core/vocabulary';
import type { World } from '../core/world';

declare module '../core/world' {
  interface World {
    /** Rate limits. */
    readonly rateLimits: {
      /** Requests per minute by operation id; `null` is unlimited. */
      table: RateLimitTable;
      /** Open windows by `apiKeyId|operationId`. */
      windows: Map<string, RateLimitWindow>;
    };
  }
}

/** Requests allowed per window, by operation id; `null` means unlimited. */
export type RateLimitTable = Readonly<Record<OperationId, number | null>>;

/** Changes to a {@link RateLimitTable}: a number or `null` (unlimited) per operation named. */
export type RateLimitChanges = Readonly<Partial<Record<OperationId, number | null>>>;

/** Defaults: the two the description gives, generous numbers for the rest. */
export const DEFAULT_RATE_LIMITS: Readonly<Record<OperationId, number>> = {
  sendBatchCampaign: 10,
  listMessages: 60,
  sendMessage: 300,
  retrieveMessage: 600,
  listCampaigns: 600,
  retrieveCampaign: 600,
  listCampaignMessages: 600,
};

/** The limit reported when rate limiting is disabled: the largest 32-bit integer. */
const UNLIMITED = 2_147_483_647;

const RATE_LIMIT_WINDOW_MS = 60_000;

/** One key's window for one operation. */
export interface RateLimitWindow extends SavedState<'rateLimitWindow'> {}

/**
 * Counts a request of `apiKeyId` to `operationId` and says whether it may proceed, with the limit,
 * what remains of it and the milliseconds until the window resets. Returns `undefined` for an
 * operation the table does not know.
 */
export function consumeRateLimit(world: World, apiKeyId: string, operationId: string) {
  const table: Readonly<Record<string, number | null>> = world.rateLimits.table;
  const configured = table[operationId];
  if (configured === undefined) return undefined;
  // A disabled limit still counts and still answers with the headers the contract promises on
  // every response: it just never runs out.
  const limit = configured ?? UNLIMITED;
  const now = world.now();
  const key = `${apiKeyId}|${operationId}`;
  let window = world.rateLimits.windows.get(key);
  if (window === undefined || now - window.start >= RATE_LIMIT_WINDOW_MS) {
    window = { start: now, count: 0 };
    world.rateLimits.windows.set(key, window);
  }
  const resetIn = window.start + RATE_LIMIT_WINDOW_MS - now;
  if (window.count >= limit) return { allowed: false, limit, remaining: 0, resetIn };
  window.count++;
  return { allowed: true, limit, remaining: limit - window.count, resetIn };
}

/**
 * A table with `changes` applied: a number per operation tightens or relaxes its limit, `null`
 * disables it, and `false` for the whole table disables rate limiting.
 *
 * @param field - how errors name the changes (`rateLimits`, or `limits` over HTTP).
 * @throws UnknownValueError for a key that is not an operation id: a limit on a misspelt
 * operation would never apply.
 */
export function applyRateLimitChanges(
  table: RateLimitTable,
  changes: RateLimitChanges | false,
  field = 'rateLimits',
): RateLimitTable {
  if (changes === false) {
    return Object.fromEntries(OPERATION_IDS.map((op) => [op, null])) as Record<OperationId, null>;
  }
  for (const key of Object.keys(changes)) oneOf(key, OPERATION_IDS, `${field}.${key}`);
  return { ...table, ...changes };
}
