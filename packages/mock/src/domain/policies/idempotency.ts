/**
 * Idempotency records: per API key and `Idempotency-Key`, the fingerprint of the first request and,
 * once it executed, its response, kept 24 hours on the world's clock.
 */
import { DomainError } from '../core/errors';
import type { SavedState } from '../core/state-schemas';
import type { World } from '../core/world';

declare module '../core/world' {
  interface World {
    /** `apiKeyId|Idempotency-Key` → record. */
    readonly idempotency: Map<string, IdempotencyRecord>;
  }
}

/** How long a key is remembered. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** One remembered key. */
export interface IdempotencyRecord extends SavedState<'idempotencyRecord'> {}

/**
 * What to do with a request that carries a key: a fresh key is reserved (in flight) and the request
 * executes; a finished one with the same fingerprint replays; a different fingerprint is a 422; one
 * still in flight a 409.
 */
export function beginIdempotent(world: World, apiKeyId: string, key: string, fingerprint: string) {
  const id = `${apiKeyId}|${key}`;
  const now = world.now();
  const existing = world.idempotency.get(id);
  if (existing !== undefined && now - existing.createdAt < IDEMPOTENCY_WINDOW_MS) {
    if (existing.fingerprint !== fingerprint) {
      throw new DomainError({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message:
          'This Idempotency-Key was used with a different request; use a new key for a new request.',
      });
    }
    if (existing.response === undefined) {
      throw new DomainError({
        code: 'IDEMPOTENCY_KEY_IN_USE',
        message: 'A request with this Idempotency-Key is still being processed; retry shortly.',
      });
    }
    return { kind: 'replay', response: existing.response } as const;
  }
  world.idempotency.set(id, { fingerprint, createdAt: now, response: undefined });
  sweepExpired(world, now);
  return { kind: 'execute' } as const;
}

/**
 * Records the outcome: a response that executed (`store`) is kept for replays; anything else frees
 * the key so the client can correct the request and retry with it.
 */
export function finishIdempotent(
  world: World,
  apiKeyId: string,
  key: string,
  response: IdempotencyRecord['response'],
): void {
  const id = `${apiKeyId}|${key}`;
  const record = world.idempotency.get(id);
  if (record === undefined) return;
  if (response === undefined) world.idempotency.delete(id);
  else record.response = response;
}

/** A fingerprint of a request: the operation and its body as parsed JSON with sorted keys. */
export function fingerprintOf(operationId: string, body: unknown): string {
  return `${operationId}:${stableStringify(body)}`;
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map(
        (key) =>
          `${JSON.stringify(key)}:${stableStringify((value as Record<string, unknown>)[key])}`,
      );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// Expired keys are dropped every 1,024 new keys, so a long-running server does not grow forever.
function sweepExpired(world: World, now: number): void {
  if (world.idempotency.size % 1024 !== 0) return;
  for (const [id, record] of world.idempotency) {
    if (now - record.createdAt >= IDEMPOTENCY_WINDOW_MS) world.idempotency.delete(id);
  }
}
