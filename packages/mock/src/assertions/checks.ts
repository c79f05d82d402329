/**
 * The checks behind the matchers (`toHaveSent`, …) and the plain assertions (`assertSent`, …), so
 * both fail with the same words. Runner-neutral: the one thing a runner may lend is `equals`. The
 * assertions are for runners without `expect.extend` (mocha, ava, node:test, tap, uvu): each throws
 * an `AssertionError` with the matcher's message.
 */
import type { Message } from '@msgsvc/sdk';
import { formatMoney, parseMoney } from '@msgsvc/sdk/sms';
import type { MockControl } from '../control/mock-control';
import { isRegExp } from '../domain/core/platform-checks';
import type { World } from '../domain/engine/world';
import { DEMO_ORGANIZATION_ID } from '../domain/tenancy/demo-world';

/**
 * What `toHaveSent` and `assertSent` look for: `to` in any format the API accepts (normalised with Angola as the
 * default country), `body` as text, a `RegExp` or an asymmetric matcher (`expect.stringContaining`),
 * and any field of {@link Message} (`status`, `channel_type`, `external_id`, …) as a value or an
 * asymmetric matcher.
 */
export type SentExpectation = {
  /** The recipient, e.g. `'+244923000001'` or `'923 000 001'`. */
  readonly to?: string;
  /** The text sent (the message's `content`): exact, a `RegExp`, or an asymmetric matcher. */
  readonly body?: unknown;
} & { readonly [Field in keyof Message]?: unknown };

/** Options of `toHaveCharged` and `assertCharged`. */
export interface ChargeOptions {
  /**
   * The organization whose account is checked. Default: the demo organization when it is seeded,
   * else the world's only organization.
   */
  readonly organizationId?: string;
}

/** Equality as a check uses it: `equals(actual, expected)`, asymmetric matchers in `expected`. */
export type Equals = (actual: unknown, expected: unknown) => boolean;

/**
 * A check's answer, in the shape `expect.extend` wants from a matcher: `message` describes the
 * failure when `pass` is false, and what was found when it is true (for `.not`).
 */
export interface CheckResult {
  /** Whether the mock did what was checked. */
  pass: boolean;
  /** The failure message for the way the check went. */
  message: () => string;
  /** What was found, for a runner's diff. */
  actual?: unknown;
  /** What was expected, for a runner's diff. */
  expected?: unknown;
  /** Set when the call itself is wrong (not a mock, not an amount): it fails either way. */
  refused?: true;
}

/** What the checks read of a mock service (`createMockService()` returns one). */
export interface CheckedMock {
  /** Its control API: `messagesTo`, `message`, `organizations`, `ledger`. */
  readonly control: MockControl;
  /** Its current world, for every message it holds. */
  readonly world: World;
}

/** At most this many messages are listed in a failure. */
const SHOWN = 10;

/** `check` of `received`, or the refusal that names `name` when `received` is not a mock. */
function ofMock(
  name: string,
  received: unknown,
  check: (mock: CheckedMock) => CheckResult,
): CheckResult {
  const mock = received as Partial<CheckedMock> | null;
  if (
    typeof received === 'object' &&
    typeof mock?.control?.messagesTo === 'function' &&
    'world' in mock
  ) {
    return check(mock as CheckedMock);
  }
  return refusal(
    `${name}: expected a mock service (createMockService() or the fixture's \`mock\`), received ${typeof received}`,
  );
}

/** Every message the world holds, oldest first, in the Retrieve Message shape. */
function allMessages(mock: CheckedMock): Message[] {
  return [...mock.world.messages.all()]
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
    .map((record) => mock.control.message(record.id));
}

/** `N message(s):` and one line per message: recipient, status, channel, text, named fields. */
function listed(messages: readonly Message[], fields: readonly string[] = []): string {
  return `${messages.length} message(s):\n${describeMessages(messages, fields)}`;
}

function describeMessages(messages: readonly Message[], fields: readonly string[] = []): string {
  if (messages.length === 0) return '  (none)';
  const lines = messages.slice(-SHOWN).map((message) => {
    const extra = fields
      .filter((field) => !['to', 'body', 'content', 'status', 'channel_type'].includes(field))
      .map((field) => ` ${field}=${JSON.stringify((message as Record<string, unknown>)[field])}`)
      .join('');
    const text = message.content.length > 60 ? `${message.content.slice(0, 57)}…` : message.content;
    return `  ${message.e164_format} ${message.status} ${message.channel_type} ${JSON.stringify(text)}${extra}`;
  });
  const hidden = messages.length - lines.length;
  return `${hidden > 0 ? `  … ${hidden} earlier\n` : ''}${lines.join('\n')}`;
}

function matches(equals: Equals, message: Message, expected: SentExpectation): boolean {
  return Object.entries(expected).every(([field, value]) => {
    if (field === 'to' || value === undefined) return true;
    if (field !== 'body') return equals((message as Record<string, unknown>)[field], value);
    return isRegExp(value) ? value.test(message.content) : equals(message.content, value);
  });
}

function printExpectation(expected: SentExpectation): string {
  const parts = Object.entries(expected)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => `${field}: ${isRegExp(value) ? String(value) : printable(value)}`);
  return parts.length === 0 ? 'any message' : `{ ${parts.join(', ')} }`;
}

function printable(value: unknown): string {
  if (!isAsymmetric(value)) return JSON.stringify(value);
  const { sample } = value as { sample?: unknown };
  return sample === undefined ? String(value) : `${String(value)}(${JSON.stringify(sample)})`;
}

/** Whether an expected value is an asymmetric matcher (`expect.stringContaining('1234')`). */
function isAsymmetric(value: unknown): value is { asymmetricMatch(actual: unknown): boolean } {
  return typeof (value as { asymmetricMatch?: unknown } | null)?.asymmetricMatch === 'function';
}

/** The check of `toHaveSent` and `assertSent`; `name` says who asks, if `received` is no mock. */
export function checkSent(
  received: unknown,
  expected: SentExpectation,
  equals: Equals,
  name = 'toHaveSent',
): CheckResult {
  return ofMock(name, received, (mock) => {
    const { to } = expected;
    const candidates = to === undefined ? allMessages(mock) : mock.control.messagesTo(to);
    const found = candidates.filter((message) => matches(equals, message, expected));
    const wanted = printExpectation(expected);
    const fields = Object.keys(expected);
    const message = () => {
      if (found.length > 0)
        return `expected the mock not to have sent ${wanted}, but it sent:\n${describeMessages(found, fields)}`;
      if (to !== undefined && candidates.length === 0)
        return `expected the mock to have sent ${wanted}, but it sent nothing to ${to}; it sent ${listed(allMessages(mock), fields)}`;
      const where = to === undefined ? '' : ` to ${to}`;
      return `expected the mock to have sent ${wanted}, but none of the ${candidates.length} message(s) it sent${where} matches:\n${describeMessages(candidates, fields)}`;
    };
    return { pass: found.length > 0, message };
  });
}

/** The check of `toHaveDelivered` and `assertDelivered`. */
export function checkDelivered(
  received: unknown,
  to: string,
  name = 'toHaveDelivered',
): CheckResult {
  return ofMock(name, received, (mock) => {
    const messages = mock.control.messagesTo(to);
    const delivered = messages.filter((message) => message.status === 'DELIVERED');
    const message = () => {
      if (delivered.length > 0)
        return `expected no message delivered to ${to}, but ${delivered.length} was:\n${describeMessages(delivered)}`;
      if (messages.length === 0)
        return `expected a message delivered to ${to}, but nothing was sent to ${to}; the mock sent ${listed(allMessages(mock))}`;
      const waiting = messages.some((m) => m.status === 'PENDING' || m.status === 'SENT');
      const hint = waiting
        ? '\n(PENDING and SENT messages are still on their way: run `mock.clock.runUntilIdle()` first)'
        : '';
      return `expected a message delivered to ${to}, but none of its ${messages.length} message(s) is DELIVERED:\n${describeMessages(messages)}${hint}`;
    };
    return { pass: delivered.length > 0, message };
  });
}

/** A check that fails either way: the call itself is wrong. */
function refusal(message: string): CheckResult {
  return { pass: false, refused: true, message: () => message };
}

/** The check of `toHaveCharged` and `assertCharged`: debits less refunds, funding left out. */
export function checkCharged(
  received: unknown,
  amount: string | number,
  options: ChargeOptions = {},
  name = 'toHaveCharged',
): CheckResult {
  return ofMock(name, received, (mock) => {
    // The given organization, the demo's, or the only one.
    const ids = mock.control.organizations().map((organization) => organization.id);
    let organizationId = options.organizationId;
    if (ids.includes(DEMO_ORGANIZATION_ID)) organizationId ??= DEMO_ORGANIZATION_ID;
    else if (ids.length === 1) organizationId ??= ids[0];
    if (organizationId === undefined) {
      return refusal(
        `${name}: the world has ${ids.length} organizations and no demo one; pass { organizationId }`,
      );
    }
    let expectedMicros: number;
    try {
      expectedMicros = parseMoney(typeof amount === 'number' ? amount.toFixed(6) : amount);
    } catch {
      return refusal(`${name}: ${JSON.stringify(amount)} is not an amount (e.g. '8.000000')`);
    }
    const charges = mock.control.ledger(organizationId).filter((entry) => entry.kind !== 'FUNDING');
    const chargedMicros = -charges.reduce((sum, entry) => sum + parseMoney(entry.amount), 0);
    const charged = formatMoney(chargedMicros);
    const wanted = formatMoney(expectedMicros);
    const lines =
      charges.length === 0
        ? '  (no charges)'
        : charges
            .slice(-SHOWN)
            .map(
              (entry) =>
                `  ${entry.kind} ${entry.amount}${entry.message_id === null ? '' : ` message ${entry.message_id}`}${entry.campaign_id === null ? '' : ` campaign ${entry.campaign_id}`}`,
            )
            .join('\n');
    const pass = chargedMicros === expectedMicros;
    return {
      pass,
      actual: charged,
      expected: wanted,
      message: () =>
        pass
          ? `expected the account not to have been charged ${wanted}, but it was:\n${lines}`
          : `expected the account to have been charged ${wanted}, but it was charged ${charged}:\n${lines}`,
    };
  });
}

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
