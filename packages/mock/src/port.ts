/**
 * The port: what tools built on the mock (its HTTP server, the inspector, adapters of your own)
 * need beyond the service's public API, declared in one place (E36). The service answers plain
 * data (`HttpRequest` in, `HttpResponse` out); a tool that serves it over another transport, or
 * answers routes of its own beside it, needs the same error envelope, validation into
 * `VALIDATION_ERROR`, body rules, redaction and read views as the service, so that its answers
 * cannot drift from the service's. Nothing else of the mock's `http/` or `domain/` folders is
 * reachable from outside the package.
 *
 * @example
 * ```ts
 * import { createMockService } from '@msgsvc/mock';
 * import { errorResponse, type HttpRequest } from '@msgsvc/mock/port';
 *
 * const mock = createMockService();
 * async function answer(request: HttpRequest) {
 *   // A route of the tool's own, refused in the service's envelope...
 *   if (request.path === '/admin') {
 *     const error = { code: 'NOT_FOUND', message: 'No such page.' } as const;
 *     return errorResponse(error, crypto.randomUUID(), mock.clock.now().getTime());
 *   }
 *   // ...everything else answered by the service itself.
 *   return mock.handle(request);
 * }
 * ```
 *
 * @module \@msgsvc/mock/port
 */

export { campaignHistory, messageHistory, type StatusStepView } from './control/history-views';
export {
  type ApiKeyView,
  apiKeyView,
  displaySecret,
  type OrganizationView,
  organizationView,
  type SenderIdView,
  senderIdView,
} from './control/views';
// The inspector's `is:opted-out` filter asks what sending asks (D156).
export { isOptedOut } from './domain/messages/inbound';
export { bodyText, requireJsonUtf8 } from './http/body';
export { type ErrorEnvelope, envelopeResponse, errorResponse } from './http/envelope';
export { redactPath, redactQuery, redactSecrets } from './http/redact';
export { KNOWN_METHODS, matchSegments } from './http/router';
export { textProblem } from './http/schemas';
export { campaignObject, messageDetail } from './http/serializers';
export type { HttpRequest, HttpResponse } from './http/types';
export {
  type UnexpectedErrorContext,
  type UnexpectedErrorReporter,
  unexpectedError,
} from './http/unexpected-error';
export {
  jsonBody,
  type ObjectSchema,
  parse,
  parseQuery,
  type SafeParseResult,
  type SafeParser,
  type Schema,
} from './http/validate';
export type * from './records';
