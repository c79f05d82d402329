/**
 * The checks behind the matchers (`expect(mock).toHaveSent({ to, body })`, `toHaveDelivered(to)`,
 * `toHaveCharged(amount)`) and the plain assertions (`assertSent`, …): what a mock service did,
 * read through the control API in the public API's shapes (`messagesTo`, `message`, `ledger`). Each
 * answers pass or fail with the message for either way, so a matcher and an assertion fail with the
 * same words. Runner-neutral: the one thing a runner may lend is `equals` (asymmetric-aware).
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

type MockLike = CheckedMock;

/** At most this many messages are listed in a failure. */
const SHOWN = 10;

function isMock(value: unknown): value is MockLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    'control' in value &&
    'world' in value &&
    typeof (value as MockLike).control?.messagesTo === 'function'
  );
}

function notAMock(name: string, received: unknown): CheckResult {
  return {
    pass: false,
    refused: true,
    message: () =>
      `${name}: expected a mock service (createMockService() or the fixture's \`mock\`), received ${typeof received}`,
  };
}

/** Every message the world holds, oldest first, in the Retrieve Message shape. */
function allMessages(mock: MockLike): Message[] {
  return [...mock.world.messages.all()]
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
    .map((record) => mock.control.message(record.id));
}

function quote(text: string): string {
  const short = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  return JSON.stringify(short);
}

/** One line per message: recipient, status, channel, text, and the fields a test names. */
function describeMessages(messages: readonly Message[], fields: readonly string[] = []): string {
  if (messages.length === 0) return '  (none)';
  const lines = messages.slice(-SHOWN).map((message) => {
    const extra = fields
      .filter((field) => !['to', 'body', 'content', 'status', 'channel_type'].includes(field))
      .map((field) => ` ${field}=${JSON.stringify((message as Record<string, unknown>)[field])}`)
      .join('');
    return `  ${message.e164_format} ${message.status} ${message.channel_type} ${quote(message.content)}${extra}`;
  });
  const hidden = messages.length - lines.length;
  return `${hidden > 0 ? `  … ${hidden} earlier\n` : ''}${lines.join('\n')}`;
}

function matchesBody(equals: Equals, content: string, body: unknown): boolean {
  if (isRegExp(body)) return body.test(content);
  return equals(content, body);
}

function matches(equals: Equals, message: Message, expected: SentExpectation): boolean {
  for (const [field, value] of Object.entries(expected)) {
    if (field === 'to' || value === undefined) continue;
    if (field === 'body') {
      if (!matchesBody(equals, message.content, value)) return false;
    } else if (!equals((message as Record<string, unknown>)[field], value)) {
      return false;
    }
  }
  return true;
}

function printExpectation(expected: SentExpectation): string {
  const parts = Object.entries(expected)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => `${field}: ${isRegExp(value) ? String(value) : printable(value)}`);
  return parts.length === 0 ? 'any message' : `{ ${parts.join(', ')} }`;
}

function printable(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'asymmetricMatch' in value) {
    const described = (value as { toString(): string }).toString();
    const sample = (value as { sample?: unknown }).sample;
    return sample === undefined ? described : `${described}(${JSON.stringify(sample)})`;
  }
  return JSON.stringify(value);
}

/**
 * Passes when the mock accepted a message matching `expected` (any organization, any status): a
 * failure lists the messages sent to that recipient, or every message when none went there.
 *
 * @param received - The mock service.
 * @param expected - What to look for.
 * @param equals - How a field or body is compared with what `expected` gives for it.
 * @param name - Who asks, named when `received` is not a mock.
 * @returns The answer, with its message for either way.
 */
export function checkSent(
  received: unknown,
  expected: SentExpectation,
  equals: Equals,
  name = 'toHaveSent',
): CheckResult {
  if (!isMock(received)) return notAMock(name, received);
  const candidates =
    expected.to === undefined ? allMessages(received) : received.control.messagesTo(expected.to);
  const found = candidates.filter((message) => matches(equals, message, expected));
  const wanted = printExpectation(expected);
  const fields = Object.keys(expected);
  if (found.length > 0) {
    return {
      pass: true,
      message: () =>
        `expected the mock not to have sent ${wanted}, but it sent:\n${describeMessages(found, fields)}`,
    };
  }
  return {
    pass: false,
    message: () => {
      if (expected.to !== undefined && candidates.length === 0) {
        const all = allMessages(received);
        return `expected the mock to have sent ${wanted}, but it sent nothing to ${expected.to}; it sent ${all.length} message(s):\n${describeMessages(all, fields)}`;
      }
      const where = expected.to === undefined ? '' : ` to ${expected.to}`;
      return `expected the mock to have sent ${wanted}, but none of the ${candidates.length} message(s) it sent${where} matches:\n${describeMessages(candidates, fields)}`;
    },
  };
}

/**
 * Passes when a message to `to` reached `DELIVERED`. A failure shows that recipient's messages and
 * their statuses, and says when the simulated carrier has not answered yet (run the clock).
 *
 * @param received - The mock service.
 * @param to - The recipient, in any format the API accepts.
 * @param name - Who asks, named when `received` is not a mock.
 * @returns The answer, with its message for either way.
 */
export function checkDelivered(
  received: unknown,
  to: string,
  name = 'toHaveDelivered',
): CheckResult {
  if (!isMock(received)) return notAMock(name, received);
  const messages = received.control.messagesTo(to);
  const delivered = messages.filter((message) => message.status === 'DELIVERED');
  if (delivered.length > 0) {
    return {
      pass: true,
      message: () =>
        `expected no message delivered to ${to}, but ${delivered.length} was:\n${describeMessages(delivered)}`,
    };
  }
  return {
    pass: false,
    message: () => {
      if (messages.length === 0) {
        const all = allMessages(received);
        return `expected a message delivered to ${to}, but nothing was sent to ${to}; the mock sent ${all.length} message(s):\n${describeMessages(all)}`;
      }
      const waiting = messages.some((m) => m.status === 'PENDING' || m.status === 'SENT');
      const hint = waiting
        ? '\n(PENDING and SENT messages are still on their way: run `mock.clock.runUntilIdle()` first)'
        : '';
      return `expected a message delivered to ${to}, but none of its ${messages.length} message(s) is DELIVERED:\n${describeMessages(messages)}${hint}`;
    },
  };
}

/** The organization a charge check reads: the given one, the demo's, or the only one. */
function chargedOrganization(
  mock: MockLike,
  options: ChargeOptions,
  name: string,
): string | { refusal: string } {
  if (options.organizationId !== undefined) return options.organizationId;
  const organizations = mock.control.organizations();
  const demo = organizations.find((organization) => organization.id === DEMO_ORGANIZATION_ID);
  if (demo !== undefined) return demo.id;
  if (organizations.length === 1) return organizations[0]!.id;
  return {
    refusal: `${name}: the world has ${organizations.length} organizations and no demo one; pass { organizationId }`,
  };
}

/**
 * Passes when the organization's account was charged exactly `amount` in all: every debit less
 * every refund, funding left out. `amount` is a decimal string (`'8.000000'`, `'8'`) or a number of
 * currency units. A failure lists the ledger.
 *
 * @param received - The mock service.
 * @param amount - The total charged, e.g. `'12.000000'`.
 * @param options - Which organization's account.
 * @param name - Who asks, named when the call itself is wrong.
 * @returns The answer, with its message for either way and the two totals.
 */
export function checkCharged(
  received: unknown,
  amount: string | number,
  options: ChargeOptions = {},
  name = 'toHaveCharged',
): CheckResult {
  if (!isMock(received)) return notAMock(name, received);
  const organizationId = chargedOrganization(received, options, name);
  if (typeof organizationId !== 'string')
    return { pass: false, refused: true, message: () => organizationId.refusal };
  let expectedMicros: number;
  try {
    expectedMicros = parseMoney(typeof amount === 'number' ? amount.toFixed(6) : amount);
  } catch {
    return {
      pass: false,
      refused: true,
      message: () => `${name}: ${JSON.stringify(amount)} is not an amount (e.g. '8.000000')`,
    };
  }
  const ledger = received.control.ledger(organizationId);
  const charges = ledger.filter((entry) => entry.kind !== 'FUNDING');
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
}
