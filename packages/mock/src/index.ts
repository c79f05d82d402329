/**
 * @module @msgsvc/mock
 *
 * A complete in-memory reference implementation of the messaging service's public API (`/c/v1`):
 * authentication and scopes, billing, campaign and message state machines, delivery simulation on
 * a virtual clock, pagination and rate limits. Use it in-process through `mock.fetch` or MSW
 * (`setupServer(...mock.handlers)`).
 *
 * @example
 * ```ts
 * import { createMockService } from '@msgsvc/mock';
 *
 * const mock = createMockService();
 * const { liveKey } = mock.seedDemo();
 * const response = await mock.fetch(`${mock.baseUrl}/messages`, { headers: { 'X-API-KEY': liveKey } });
 * ```
 */

export type { FetchFunction } from './adapters/fetch';
export type { ControlApi, LedgerEntryView } from './control-api';
export { canonicalScope, SCOPES, type Scope } from './domain/api-keys';
export {
  DEFAULT_PREFIX_TABLE,
  FALLBACK_ROUTE,
  type PrefixRoute,
  type Route,
} from './domain/carriers';
export { type Clock, DEFAULT_START_TIME, RealClock, VirtualClock } from './domain/clock';
export { DEMO_LIVE_KEY, DEMO_TEST_KEY, type DemoWorld } from './domain/demo-world';
export { DEFAULT_PRICES, type PriceTable } from './domain/pricing';
export { DEFAULT_RATE_LIMITS, type RateLimitTable } from './domain/rate-limits';
export {
  DEFAULT_SIMULATION,
  type Latency,
  type Outcome,
  type SimulationConfig,
} from './domain/simulation';
export { World, type WorldOptions } from './domain/world';
export type { HttpRequest, HttpResponse } from './http/types';
export type { ClockControls, MockService, MockServiceOptions } from './mock-service';
export { createMockService } from './mock-service';
