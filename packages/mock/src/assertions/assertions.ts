/**
 * The matchers' checks as plain functions, for runners without `expect.extend` (mocha, ava,
 * node:test, tap, uvu): each throws an `AssertionError` with the matcher's message.
 */
import {
  type ChargeOptions,
  type CheckedMock,
  type CheckResult,
  checkCharged,
  checkDelivered,
  checkSent,
  isAsymmetric,
  type SentExpectation,
} from './checks';

/**
 * What the assertions throw: `name` is `'AssertionError'`, as runners and `node:assert` name it;
 * `actual` and `expected` are set where a diff helps (the totals of `assertCharged`).
 */
export class MockAssertionError extends Error {
  /** What was found, when a diff helps. */
  readonly actual?: unknown;
  /** What was expected, when a diff helps. */
  readonly expected?: unknown;

  /**
   * @param message - The failure, as the matcher words it.
   * @param diff - The two values a runner may show as a diff.
   */
  constructor(message: string, diff: { actual?: unknown; expected?: unknown } = {}) {
    super(message);
    this.name = 'AssertionError';
    if ('actual' in diff) this.actual = diff.actual;
    if ('expected' in diff) this.expected = diff.expected;
  }
}

/** Throws unless the check went the `wanted` way; a wrong call throws either way. */
function hold(result: CheckResult, wanted: boolean): void {
  if (result.pass === wanted && result.refused !== true) return;
  const diff =
    wanted && 'actual' in result ? { actual: result.actual, expected: result.expected } : {};
  throw new MockAssertionError(result.message(), diff);
}

/**
 * Deep equality of the data a message holds (strings, numbers, null, arrays, plain objects), a
 * key holding `undefined` as one that is absent, with asymmetric matchers honoured in `expected`.
 */
function equals(actual: unknown, expected: unknown): boolean {
  if (isAsymmetric(expected)) return expected.asymmetricMatch(actual);
  if (Object.is(actual, expected)) return true;
  if (typeof actual !== 'object' || typeof expected !== 'object') return false;
  if (actual === null || expected === null) return false;
  if (Array.isArray(actual) !== Array.isArray(expected)) return false;
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(e)]);
  return [...keys].every((key) => equals(a[key], e[key]));
}

/**
 * Throws unless the mock accepted a message matching `expected` (any organization, any status);
 * the error lists the messages sent to that recipient, or every message when none went there.
 *
 * @param expected - `to` in any format, `body` as text, a `RegExp` or an asymmetric matcher, and
 *   any field of the message (`status`, `external_id`, …).
 * @throws MockAssertionError when no message matches.
 * @example
 * ```ts
 * await client.messages.send({ to: '+244923000001', body: 'O seu código: 482913' });
 * assertSent(mock, { to: '+244923000001', body: /482913/ });
 * ```
 */
export function assertSent(mock: CheckedMock, expected: SentExpectation = {}): void {
  hold(checkSent(mock, expected, equals, 'assertSent'), true);
}

/**
 * Throws if the mock accepted a message matching `expected`; the error lists those messages.
 *
 * @param expected - As for {@link assertSent}.
 * @throws MockAssertionError when a message matches.
 */
export function assertNotSent(mock: CheckedMock, expected: SentExpectation = {}): void {
  hold(checkSent(mock, expected, equals, 'assertNotSent'), false);
}

/**
 * Throws unless a message to `to` reached `DELIVERED`; the error shows that recipient's messages
 * and their statuses, and says when the carrier has not answered yet (run the clock).
 *
 * @param to - The recipient, in any format the API accepts.
 * @throws MockAssertionError when none is delivered.
 */
export function assertDelivered(mock: CheckedMock, to: string): void {
  hold(checkDelivered(mock, to, 'assertDelivered'), true);
}

/**
 * Throws if a message to `to` reached `DELIVERED`.
 *
 * @param to - The recipient, in any format the API accepts.
 * @throws MockAssertionError when one is delivered.
 */
export function assertNotDelivered(mock: CheckedMock, to: string): void {
  hold(checkDelivered(mock, to, 'assertNotDelivered'), false);
}

/**
 * Throws unless the account was charged exactly `amount` in all (debits less refunds, funding left
 * out); the error lists the ledger and carries both totals as `actual` and `expected`.
 *
 * @param amount - A decimal string (`'12.000000'`, `'12'`) or a number of currency units.
 * @param options - `organizationId`: default the demo organization, else the only one.
 * @throws MockAssertionError when the total differs.
 */
export function assertCharged(
  mock: CheckedMock,
  amount: string | number,
  options: ChargeOptions = {},
): void {
  hold(checkCharged(mock, amount, options, 'assertCharged'), true);
}
