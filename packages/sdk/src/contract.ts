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
 * import {
 *   API_KEY_PATTERN,
 *   decodeOrKeep,
 *   matchPath,
 *   pathSegments,
 *   pathTemplates,
 *   splitUrl,
 * } from '@msgsvc/sdk/contract';
 *
 * API_KEY_PATTERN.test('svc_live_Ab12Cd34Ef56Gh78'); // true
 * decodeOrKeep('%41'); // 'A'
 *
 * // The most literal template wins; parameters come back decoded.
 * const templates = pathTemplates([
 *   ['/messages/{message_id}', 'getMessage'],
 *   ['/messages/search', 'searchMessages'],
 * ]);
 * const { path } = splitUrl('/c/v1/messages/m%201?x=1'); // '/c/v1/messages/m%201'
 * matchPath(templates, pathSegments(path, '/c/v1'.length + 1));
 * // { values: ['getMessage'], params: { message_id: 'm 1' } }
 * ```
 *
 * @module \@msgsvc/sdk/contract
 */

export { API_KEY_PATTERN } from './core/api-key';
export * from './internal/path-template';
export { redactSecrets } from './internal/redact-secrets';
