/**
 * The one rule for a well-formed API key, shared by the SDK, the mock and verify.
 *
 * @module
 */

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
