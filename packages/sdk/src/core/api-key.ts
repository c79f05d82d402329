/**
 * API keys as the SDK and the mock show them: one rule, so a log line of either names the same key
 * the same way.
 *
 * @module
 */

/**
 * An API key as it may be logged or displayed: `svc_live_` or `svc_test_` and the first four
 * secret characters, then `…` (any other string: its first four characters, then `…`).
 *
 * @param key - A full API key.
 * @returns The key's prefix, never the secret.
 * @example
 * ```ts
 * import { keyPrefix } from '@msgsvc/sdk';
 *
 * keyPrefix('svc_live_Ab12Cd34Ef56Gh78'); // 'svc_live_Ab12…'
 * ```
 */
export function keyPrefix(key: string): string {
  const end = /^svc_(live|test)_/.test(key) ? 13 : 4;
  return `${key.slice(0, end)}…`;
}
