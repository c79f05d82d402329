/**
 * A complete in-memory reference implementation of the messaging service's public API (`/c/v1`),
 * on a virtual clock. Use it in-process through `mock.client()` (an SDK client on the mock),
 * `mock.fetch`, MSW (`@msgsvc/mock/msw`) or as a server (`@msgsvc/mock-server`). This entry holds
 * what a test needs, and never loads msw; `assertSent`, `assertDelivered` and `assertCharged` are
 * the vitest and Jest matchers' checks as plain functions, for any other runner. What a tool
 * serving the mock needs beyond that is in `@msgsvc/mock/port`.
 *
 * @example
 * ```ts
 * import { createMockService } from '@msgsvc/mock';
 *
 * const mock = createMockService();
 * const client = mock.client(); // an SDK client on the demo world and the mock's virtual clock
 * const sent = await client.messages.send({ to: '+244923000001', body: 'Olá' });
 * const message = await client.messages.waitFor(sent.id); // DELIVERED, in virtual time
 * ```
 *
 * @module \@msgsvc/mock
 */

export {
  assertCharged,
  assertDelivered,
  assertNotDelivered,
  assertNotSent,
  assertSent,
  type ChargeOptions,
  MockAssertionError,
  type SentExpectation,
} from './assertions/checks';
export type * from './control/mock-control';
export { DEFAULT_PRICES, type PriceTable } from './domain/billing/pricing';
export { type Clock, DEFAULT_START_TIME, RealClock } from './domain/core/clock';
export { DomainError, type ErrorCode, type ErrorData } from './domain/core/errors';
export type { CampaignStatus, MessageStatus } from './domain/core/model';
export { OPERATION_IDS, type OperationId } from './domain/core/operation-ids';
export { UnknownOptionError, UnknownValueError } from './domain/core/vocabulary';
export type { ClockRun } from './domain/engine/engine';
export type { WorldSnapshot } from './domain/engine/snapshot';
export type { WorldOptions } from './domain/engine/world';
export {
  type CarrierCode,
  DEFAULT_PREFIX_TABLE,
  type PrefixRoute,
  type Route,
} from './domain/phone/carriers';
export {
  type FictionalNumberOptions,
  fictionalNumbers,
} from './domain/phone/fictional-numbers';
export {
  DEFAULT_RATE_LIMITS,
  type RateLimitChanges,
  type RateLimitTable,
} from './domain/policies/rate-limits';
export { MAGIC_NUMBERS, type MagicBehaviour } from './domain/simulation/magic-numbers';
export {
  DEFAULT_SIMULATION,
  type Latency,
  type Outcome,
  type SimulationConfig,
} from './domain/simulation/simulation';
export type { Scope } from './domain/tenancy/api-keys';
export {
  DEMO_LIVE_KEY,
  DEMO_ORGANIZATION_ID,
  DEMO_SENDER_ID,
  DEMO_TEST_KEY,
  DEMO_WEBHOOK_SECRET,
  type DemoWorld,
} from './domain/tenancy/demo-world';
export type { WebhookEventType } from './domain/webhooks/webhook-events';
export { type DeliveryState, RETRY_SCHEDULE_MS } from './domain/webhooks/webhooks';
export type { FetchFunction } from './fetch';
export type { UnexpectedErrorContext, UnexpectedErrorReporter } from './http/envelope';
export type { HttpRequest, HttpResponse } from './http/types';
export type { ClockControls, MockService, MockServiceOptions } from './mock-service';
export { createMockService } from './mock-service';
