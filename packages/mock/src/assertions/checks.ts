/**
 * Assertions on what a mock service did, read through the control API in the public API's shapes
 * (`messagesTo`, `message`, `ledger`): `expect(mock).toHaveSent({ to, body })`,
 * `toHaveDelivered(to)`, `toHaveCharged(amount)`. A failure shows what the mock did instead.
 * Runner-neutral: they use only what vitest's, Jest's and Bun's `expect.extend` give a matcher
 * (`this.equals`), so `@msgsvc/mock/vitest` and `@msgsvc/mock/jest` install the same functions and
 * fail with the same messages.
 */
import type { Message } from '@msgsvc/sdk';
import { formatMoney, parseMoney } from '@msgsvc/sdk/sms';
import { isRegExp } from '../domain/core/platform-checks';
import { DEMO_ORGANIZATION_ID } from '../domain/tenancy/demo-world';
import type { MockService } from '../mock-service';

/**
 * What `toHaveSent` looks for: `to` in any format the API accepts (normalised with Angola as the
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

/** Options of `toHaveCharged`. */
export interface ChargeOptions {
  /**
   * The organization whose account is checked. Default: the demo organization when it is seeded,
   * else the world's only organization.
   */
  readonly organizationId?: string;
}

/** What every runner's `expect.extend` gives a matcher and these use: `equals`, asymmetric-aware. */
interface MatcherContext {
  equals(a: unknown, b: unknown): boolean;
}

interface MatcherResult {
  pass: boolean;
  message: () => string;
  actual?: unknown;
  expected?: unknown;
}

type MockLike = Pick<MockService, 'control' | 'world'>;

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

function notAMock(name: string, received: unknown): MatcherResult {
  return {
    pass: false,
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

function matchesBody(ctx: MatcherContext, content: string, body: unknown): boolean {
  if (isRegExp(body)) return body.test(content);
  return ctx.equals(content, body);
}

function matches(ctx: MatcherContext, message: Message, expected: SentExpectation): boolean {
  for (const [field, value] of Object.entries(expected)) {
    if (field === 'to' || value === undefined) continue;
    if (field === 'body') {
      if (!matchesBody(ctx, message.content, value)) return false;
    } else if (!ctx.equals((message as Record<string, unknown>)[field], value)) {
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
 */
function toHaveSent(
  this: MatcherContext,
  received: unknown,
  expected: SentExpectation = {},
): MatcherResult {
  if (!isMock(received)) return notAMock('toHaveSent', received);
  const candidates =
    expected.to === undefined ? allMessages(received) : received.control.messagesTo(expected.to);
  const found = candidates.filter((message) => matches(this, message, expected));
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
 */
function toHaveDelivered(this: MatcherContext, received: unknown, to: string): MatcherResult {
  if (!isMock(received)) return notAMock('toHaveDelivered', received);
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

/** The organization `toHaveCharged` checks: the given one, the demo's, or the only one. */
function chargedOrganization(mock: MockLike, options: ChargeOptions): string | { refusal: string } {
  if (options.organizationId !== undefined) return options.organizationId;
  const organizations = mock.control.organizations();
  const demo = organizations.find((organization) => organization.id === DEMO_ORGANIZATION_ID);
  if (demo !== undefined) return demo.id;
  if (organizations.length === 1) return organizations[0]!.id;
  return {
    refusal: `toHaveCharged: the world has ${organizations.length} organizations and no demo one; pass { organizationId }`,
  };
}

/**
 * Passes when the organization's account was charged exactly `amount` in all: every debit less
 * every refund, funding left out. `amount` is a decimal string (`'8.000000'`, `'8'`) or a number of
 * currency units. A failure lists the ledger.
 */
function toHaveCharged(
  this: MatcherContext,
  received: unknown,
  amount: string | number,
  options: ChargeOptions = {},
): MatcherResult {
  if (!isMock(received)) return notAMock('toHaveCharged', received);
  const organizationId = chargedOrganization(received, options);
  if (typeof organizationId !== 'string')
    return { pass: false, message: () => organizationId.refusal };
  let expectedMicros: number;
  try {
    expectedMicros = parseMoney(typeof amount === 'number' ? amount.toFixed(6) : amount);
  } catch {
    return {
      pass: false,
      message: () => `toHaveCharged: ${JSON.stringify(amount)} is not an amount (e.g. '8.000000')`,
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

/**
 * The matchers, for `expect.extend(mockMatchers)` in a setup file; importing
 * `@msgsvc/mock/vitest` or `@msgsvc/mock/jest` installs them already.
 */
export const mockMatchers = {
  /** `expect(mock).toHaveSent({ to, body, ...fields })`. */
  toHaveSent,
  /** `expect(mock).toHaveDelivered(to)`. */
  toHaveDelivered,
  /** `expect(mock).toHaveCharged(amount, { organizationId })`. */
  toHaveCharged,
};
