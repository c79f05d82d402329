// The plain assertions of @msgsvc/mock (for mocha, ava, node:test, …): they pass where the vitest
// matchers pass and fail where they fail, with the same message, and throw an AssertionError.
import {
  assertCharged,
  assertDelivered,
  assertNotDelivered,
  assertNotSent,
  assertSent,
  createMockService,
  MockAssertionError,
  type MockService,
} from '@msgsvc/mock';
import { expect } from '@msgsvc/mock/vitest';
import { beforeEach, describe, it } from 'vitest';

let mock: MockService;
beforeEach(async () => {
  mock = createMockService({ demo: true });
  await mock.client().messages.send({ to: '923 000 001', body: 'O seu código: 1234' });
  await mock.client().messages.send({ to: '+244923000003', body: 'Adeus', external_id: 'o-3' });
});

/** What `check` throws (its message and the error), or undefined when it passes. */
function outcome(check: () => void): { message: string; error: unknown } | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    return { message: (error as Error).message, error };
  }
}

/**
 * The assertion and the matcher go the same way, and fail with the same message (a refusal of the
 * call itself names its caller: `assertCharged: "ten" is not an amount`).
 */
function same(assertion: () => void, matcher: () => void): string | undefined {
  const asserted = outcome(assertion);
  const matched = outcome(matcher);
  const caller = /^(assert|toHave)\w+: /;
  expect(asserted?.message.replace(caller, '')).toBe(matched?.message.replace(caller, ''));
  if (asserted !== undefined) {
    expect(asserted.error).toBeInstanceOf(MockAssertionError);
    expect((asserted.error as Error).name).toBe('AssertionError');
  }
  return asserted?.message;
}

describe('assertSent and assertNotSent', () => {
  it.each([
    [
      'recipient in another format and exact body',
      { to: '+244923000001', body: 'O seu código: 1234' },
    ],
    ['a RegExp body', { to: '923000001', body: /\d{4}/ }],
    [
      'an asymmetric matcher and a field',
      { body: expect.stringContaining('1234'), status: 'PENDING' },
    ],
    ['any message', {}],
    ['a body that was not sent', { to: '+244923000001', body: 'Code 2222' }],
    ['a recipient nothing went to', { to: '+244923000002', external_id: 'o-3' }],
    ['a field that differs', { to: '+244923000003', external_id: 'o-4' }],
  ])('%s: as toHaveSent and its .not', (_, expected) => {
    same(
      () => assertSent(mock, expected),
      () => expect(mock).toHaveSent(expected),
    );
    same(
      () => assertNotSent(mock, expected),
      () => expect(mock).not.toHaveSent(expected),
    );
  });

  it('a failure names what was looked for and lists what the mock sent', () => {
    const message = same(
      () => assertSent(mock, { to: '+244923000001', body: 'Code 2222' }),
      () => expect(mock).toHaveSent({ to: '+244923000001', body: 'Code 2222' }),
    );
    expect(message).toBe(
      'expected the mock to have sent { to: "+244923000001", body: "Code 2222" }, but none of the 1 message(s) it sent to +244923000001 matches:\n  +244923000001 PENDING SMS "O seu código: 1234"',
    );
  });

  it('refuses what is not a mock, negated too', () => {
    const notAMock = {} as MockService;
    expect(outcome(() => assertSent(notAMock))?.message).toMatch(
      /^assertSent: expected a mock service/,
    );
    expect(outcome(() => assertNotSent(notAMock))?.message).toMatch(
      /^assertNotSent: expected a mock service/,
    );
  });
});

describe('assertDelivered and assertNotDelivered', () => {
  it.each([
    ['pending', '+244923000001', false],
    ['delivered', '923 000 001', true],
    ['never sent to', '+244923000002', true],
  ] as const)('%s: as toHaveDelivered and its .not', (_, to, runClock) => {
    if (runClock) mock.clock.runUntilIdle();
    same(
      () => assertDelivered(mock, to),
      () => expect(mock).toHaveDelivered(to),
    );
    same(
      () => assertNotDelivered(mock, to),
      () => expect(mock).not.toHaveDelivered(to),
    );
  });

  it('says a pending message is still on its way', () => {
    expect(outcome(() => assertDelivered(mock, '+244923000001'))?.message).toContain(
      'run `mock.clock.runUntilIdle()` first',
    );
  });
});

describe('assertCharged', () => {
  it.each([['0'], ['99'], [0], ['ten']] as const)('%s: as toHaveCharged', (amount) => {
    same(
      () => assertCharged(mock, amount),
      () => expect(mock).toHaveCharged(amount),
    );
  });

  it('passes on the total charged, and carries both totals for a diff when it differs', () => {
    const [first] = mock.control.messagesTo('+244923000001');
    const total = (Number(first?.cost) * 2).toFixed(6);
    expect(outcome(() => assertCharged(mock, total))).toBeUndefined();
    const failed = outcome(() => assertCharged(mock, '99'))?.error as MockAssertionError;
    expect([failed.actual, failed.expected]).toEqual([total, '99.000000']);
  });

  it('asks which organization when it cannot tell', () => {
    const other = createMockService();
    const one = other.control.createOrganization({ name: 'One', balance: '10' });
    other.control.createOrganization({ name: 'Two', balance: '10' });
    same(
      () => assertCharged(other, '0'),
      () => expect(other).toHaveCharged('0'),
    );
    expect(outcome(() => assertCharged(other, '0', { organizationId: one.id }))).toBeUndefined();
  });
});
