/**
 * What every package reads off the contract the same way: the API-key grammar, the
 * percent-decoding of request paths, the matching of paths to the contract's templates and the
 * redaction of secrets. The SDK, the mock and verify import these from here so that
 * each rule is written once.
 *
 * This is its own entry point, `@msgsvc/sdk/contract`, so the client's main entry does not grow.
 *
 * @example
 * ```ts
 * import { API_KEY_PATTERN, decodeOrKeep, redactSecrets } from '@msgsvc/sdk/contract';
 *
 * API_KEY_PATTERN.test('svc_live_Ab12Cd34Ef56Gh78'); // true
 * decodeOrKeep('%41'); // 'A'
 * redactSecrets('key svc_live_Ab12Cd34Ef56Gh78'); // 'key svc_live_Ab12…'
 * ```
 *
 * @module \@msgsvc/sdk/contract
 */

export { API_KEY_PATTERN } from './core/api-key';
export * from './internal/path-template';
export { redactSecrets } from './internal/redact-secrets';
