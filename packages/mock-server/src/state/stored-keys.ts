/**
 * API keys in a state file are kept as a real service keeps them: the key's first 13
 * characters (what every view shows, `svc_live_abcd…`) and its SHA-256. A world loaded from such a
 * file holds each key under a stand-in, `prefix + NUL + sha256`, which no request can present (a
 * header value cannot hold NUL); the first request that presents the key itself puts it back, so
 * the key authenticates again after a restart without the file ever holding it.
 */
import { createHash } from 'node:crypto';
import type { ApiKey } from '@msgsvc/mock/port';

const MARK = '\u0000';
/** Characters of a key every view shows (`keyPrefix` of the SDK). */
const PREFIX_LENGTH = 13;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** How a state file stores `key` (a full key, or a stand-in from a file): prefix and SHA-256. */
export function storedKey(key: string) {
  const mark = key.indexOf(MARK);
  if (mark >= 0) return { keyPrefix: key.slice(0, mark), keySha256: key.slice(mark + 1) };
  return { keyPrefix: key.slice(0, PREFIX_LENGTH), keySha256: sha256(key) };
}

/** The stand-in a loaded world holds for a stored key. */
export function standIn({ keyPrefix, keySha256 }: ReturnType<typeof storedKey>): string {
  return `${keyPrefix}${MARK}${keySha256}`;
}

/**
 * Whether `presented` authenticates in `world`, putting the key back in place of its stand-in when
 * it is presented for the first time since a load. Costs one map lookup for a known key.
 */
export function recallKey(
  { apiKeys: keys }: { readonly apiKeys: Map<string, ApiKey> },
  presented: string,
): boolean {
  if (keys.has(presented)) return true;
  if (presented.length <= PREFIX_LENGTH || presented.includes(MARK)) return false;
  const stand = standIn(storedKey(presented));
  const record = keys.get(stand);
  if (record === undefined) return false;
  // Rebuilt in order, so lists and snapshots keep the keys where they were.
  const entries: [string, ApiKey][] = [...keys];
  keys.clear();
  for (const [key, value] of entries) {
    if (key === stand) {
      value.key = presented;
      keys.set(presented, value);
    } else keys.set(key, value);
  }
  return true;
}
