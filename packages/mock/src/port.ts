/**
 * The port: what tools built on the mock (its HTTP server, the inspector, adapters of your own)
 * need beyond the service's public API — the service's error envelope, validation, body rules, read
 * views and vocabularies, so that a tool's own answers cannot drift from the service's. Every name
 * here has a user in the server. A tool reads the world through {@link readonlyWorld}.
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

import type { ReadonlyWorld } from './domain/engine/readonly-world';
import type { MockService } from './mock-service';

export {
  campaignHistory,
  ledgerEntryView,
  messageHistory,
  type StatusStepView,
} from './control/views';
export { CAMPAIGN_STATUSES } from './domain/campaigns/campaign-machine';
export { validationError } from './domain/core/errors';
// The record types of a world, for tools that read it directly (its layout may change with any
// release, which the control API's views never do).
export type {
  ApiKey,
  BillingAccount,
  CampaignRecord,
  CampaignStatus,
  ChannelType,
  Contact,
  Encoding,
  Environment,
  InboundMessage,
  LedgerEntry,
  LedgerKind,
  MessageRecord,
  MessageStatus,
  Organization,
  SenderId,
  SenderIdStatus,
  TriggerSource,
} from './domain/core/model';
export {
  FIELDS,
  MAX_TIME,
  type RecordKind,
  type RecordSchemaOptions,
  type RecordSchemas,
  recordSchemas,
} from './domain/core/record-schemas';
export { stateSchemas } from './domain/core/state-schemas';
export { formatTimestamp } from './domain/core/time-format';
export type { WorldEvent } from './domain/core/world-events';
export type {
  ReadonlyRecordStore,
  ReadonlyStatusHistory,
  ReadonlyWorld,
} from './domain/engine/readonly-world';
export { SNAPSHOT_VERSION } from './domain/engine/snapshot';
// The inspector's `is:opted-out` filter asks what sending asks.
export { isOptedOut } from './domain/messages/inbound';
// The inspector's `status:` words and counts mean what the public lists mean.
export { listStatusOf, MESSAGE_STATUSES } from './domain/messages/message-machine';
export type { StatusStep } from './domain/storage/step-log';
export { SCOPES } from './domain/tenancy/api-keys';
export type { AnswerBody } from './domain/webhooks/answer-body';
export type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
} from './domain/webhooks/webhooks';
export { DELIVERY_STATES } from './domain/webhooks/webhooks';
export {
  type ErrorEnvelope,
  envelopeResponse,
  errorResponse,
  type UnexpectedErrorContext,
  type UnexpectedErrorReporter,
  unexpectedError,
} from './http/envelope';
export { textProblem } from './http/request-schemas';
export { KNOWN_METHODS } from './http/router';
export { campaignObject, messageDetail } from './http/serializers';
export type { HttpRequest, HttpResponse } from './http/types';
export {
  bodyText,
  jsonBody,
  type ObjectSchema,
  parse,
  parseQuery,
  requireJsonUtf8,
  type Schema,
} from './http/validate';

/**
 * The world `mock` serves now, typed read-only ({@link ReadonlyWorld}): the world object itself,
 * not a copy. `reset` and `restore` replace the world: ask again for each answer, and compare a
 * view with the one last seen (`!==`) to notice a replacement.
 *
 * @example
 * ```ts
 * import { createMockService } from '@msgsvc/mock';
 * import { readonlyWorld } from '@msgsvc/mock/port';
 *
 * const mock = createMockService({ demo: true });
 * const world = readonlyWorld(mock);
 * const stop = world.subscribe((event) => console.log(event.type, world.messages.size));
 * await mock.client().messages.send({ to: '+244923000001', body: 'Olá' }); // message.created 1
 * stop();
 * mock.reset();
 * console.log(readonlyWorld(mock) === world); // false: a reset serves a new world
 * ```
 */
export function readonlyWorld(mock: MockService): ReadonlyWorld {
  // The domain's `World` is the view as it is: tsc checks here that it offers every read declared.
  return mock.world satisfies ReadonlyWorld;
}
