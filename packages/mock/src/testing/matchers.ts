/**
 * What `@msgsvc/mock/vitest` and `@msgsvc/mock/jest` share, and export: the fixtures' shape, the
 * matchers (each its check with the runner's `equals`, so they fail with the plain assertions'
 * messages) and `fictionalNumbers`.
 */
import type { MessagingClient } from '@msgsvc/sdk';
import {
  type ChargeOptions,
  type CheckResult,
  checkCharged,
  checkDelivered,
  checkSent,
  type Equals,
  type SentExpectation,
} from '../assertions/checks';
import type { DemoWorld } from '../domain/tenancy/demo-world';
import type { MockService } from '../mock-service';

export type { ChargeOptions, SentExpectation } from '../assertions/checks';
export {
  type FictionalNumberOptions,
  fictionalNumbers,
} from '../domain/phone/fictional-numbers';

/** The mock's matchers as a runner's `Matchers` interface declares them (`R` is what they return). */
export interface MockMatchers<R> {
  /** Passes when the mock accepted a message matching `expected`; a failure lists what it sent. */
  toHaveSent(expected?: SentExpectation): R;
  /** Passes when a message to `to` (any format) reached `DELIVERED`. */
  toHaveDelivered(to: string): R;
  /** Passes when the account was charged exactly `amount` in all (debits less refunds). */
  toHaveCharged(amount: string | number, options?: ChargeOptions): R;
}

/** What every runner's `expect.extend` gives a matcher and these use: `equals`, asymmetric-aware. */
interface MatcherContext {
  equals: Equals;
}

/**
 * The matchers, for `expect.extend(mockMatchers)` in a setup file; importing
 * `@msgsvc/mock/vitest` or `@msgsvc/mock/jest` installs them already.
 */
export const mockMatchers = {
  /** `expect(mock).toHaveSent({ to, body, ...fields })`. */
  toHaveSent(this: MatcherContext, received: unknown, expected: SentExpectation = {}): CheckResult {
    return checkSent(received, expected, (a, b) => this.equals(a, b));
  },
  /** `expect(mock).toHaveDelivered(to)`. */
  toHaveDelivered(received: unknown, to: string): CheckResult {
    return checkDelivered(received, to);
  },
  /** `expect(mock).toHaveCharged(amount, { organizationId })`. */
  toHaveCharged(received: unknown, amount: string | number, options?: ChargeOptions): CheckResult {
    return checkCharged(received, amount, options);
  },
};

/** What the fixture gives a test. */
export interface MockFixtures {
  /** A fresh mock service for this test alone, with the demo world seeded. */
  mock: MockService;
  /** `mock.client()`: the demo live key, the mock's fetch, waits on its virtual clock. */
  client: MessagingClient;
  /** The demo world: organization, keys, sender ID (`demo.sender.id`), tags and contacts. */
  demo: DemoWorld;
}
