/**
 * Where the secrets of a world (API keys, webhook signing secrets) come from. A lone world draws
 * them from its seeded id stream, so a test gets the same ones for the same seed. A world with a
 * key namespace is one of several on a server, whose seeds and clocks may be equal: its secrets
 * come from a stream of its own started from cryptographic bytes (the same after a reset, so the
 * world's keys stay), or straight from the platform's cryptographic source when it has none.
 */
import { Random } from '../core/random';
import type { World } from '../core/world';

/** `length` random bytes for a secret of `world` (see the module comment). */
export function secretBytes(world: World, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  if (world.keyNamespace === undefined) return world.random.ids.fill(bytes);
  if (world.secrets !== undefined) return world.secrets.fill(bytes);
  return globalThis.crypto.getRandomValues(bytes);
}

/** A fresh, unguessable start for a world's secret stream (128 bits of the platform's source). */
export function newSecretStream(): () => Random {
  const [a, b, c, d] = globalThis.crypto.getRandomValues(new Uint32Array(4));
  return () => Random.fromState({ a: a!, b: b!, c: c!, d: d! });
}
