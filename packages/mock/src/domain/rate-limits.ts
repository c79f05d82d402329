/**
 * Rate limits per API key and operation, in fixed windows on the world's clock (decision D8). The
 * windows are world state, so they advance with a virtual clock and survive a snapshot.
 */
import type { World } from './world';

/** Requests allowed per window, by operation id; `null` means unlimited. */
export type RateLimitTable = Readonly<Record<string, number | null>>;

/** Defaults (decision D8): the two the description gives, generous numbers for the rest. */
export const DEFAULT_RATE_LIMITS: RateLimitTable = {
  sendBatchCampaign: 10,
  listMessages: 60,
  sendMessage: 300,
  retrieveMessage: 600,
  listCampaigns: 600,
  retrieveCampaign: 600,
  listCampaignMessages: 600,
};

/** The limit reported when rate limiting is disabled: the largest 32-bit integer. */
export const UNLIMITED = 2_147_483_647;

/** The window length: one minute. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** The outcome of counting one request. */
export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Milliseconds until the window resets. */
  readonly resetIn: number;
}

/** One key's window for one operation. */
export interface RateLimitWindow {
  start: number;
  count: number;
}

/**
 * Counts a request of `apiKeyId` to `operationId` and says whether it may proceed. Returns
 * `undefined` for an operation the table does not know.
 */
export function consumeRateLimit(
  world: World,
  apiKeyId: string,
  operationId: string,
): RateLimitDecision | undefined {
  const configured = world.rateLimits.table[operationId];
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
 * Changes limits: a number per operation tightens or relaxes it, `null` disables it, and `false`
 * for the whole table disables rate limiting. Open windows are kept.
 */
export function configureRateLimits(
  world: World,
  changes: Readonly<Record<string, number | null>> | false,
): void {
  if (changes === false) {
    world.rateLimits.table = Object.fromEntries(
      Object.keys(DEFAULT_RATE_LIMITS).map((op) => [op, null]),
    );
    return;
  }
  world.rateLimits.table = { ...world.rateLimits.table, ...changes };
}
