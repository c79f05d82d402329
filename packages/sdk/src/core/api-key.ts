// The API key's grammar and how a key is shown, one rule each for the SDK, the mock and verify (a
// log line of either names the same key the same way).

/**
 * A well-formed API key: `svc_live_` or `svc_test_`, then a secret of letters, digits, `_` and `-`.
 * The first group is the environment (`live` or `test`). The description fixes only the two
 * prefixes, so a client must accept any secret the service may issue.
 *
 * @example
 * ```ts
 * import { API_KEY_PATTERN } from '@msgsvc/sdk/contract';
 *
 * API_KEY_PATTERN.exec('svc_test_a_b-c')?.[1]; // 'test'
 * API_KEY_PATTERN.test('svc_prod_abc'); // false
 * ```
 */
export const API_KEY_PATTERN = /^svc_(live|test)_[A-Za-z0-9_-]+$/;

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
