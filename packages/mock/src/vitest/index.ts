/**
 * The mock in vitest: a `test` whose fixtures give each test a fresh mock, a pre-wired client and
 * the demo world, and matchers that read what the mock did — `expect(mock).toHaveSent({ to, body })`,
 * `toHaveDelivered(to)`, `toHaveCharged(amount)` — with failures that show what happened instead.
 * Importing this entry installs the matchers (`expect.extend`). vitest is an optional peer
 * dependency: only this entry loads it.
 *
 * @example
 * ```ts
 * import { expect, fictionalNumbers, test } from '@msgsvc/mock/vitest';
 *
 * test('sends a campaign', async ({ mock, client, demo }) => {
 *   const recipients = fictionalNumbers(3);
 *   await client.campaigns.sendBatch({
 *     remitter_id: demo.sender.id, channel_type: 'SMS', content: 'Olá!', recipients,
 *   });
 *   mock.clock.runUntilIdle();
 *   expect(mock).toHaveSent({ to: recipients[0], body: 'Olá!' });
 *   expect(mock).toHaveDelivered(recipients[1]);
 *   expect(mock).toHaveCharged('12.000000');
 * });
 * ```
 *
 * @module \@msgsvc/mock/vitest
 */
import { test as baseTest, expect } from 'vitest';
import { createMockService, type MockServiceOptions } from '../mock-service';
import { type MockFixtures, type MockMatchers, mockMatchers } from '../testing/matchers';

expect.extend(mockMatchers);

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: the declaration merges with vitest's own `Matchers<T = any>`.
  interface Matchers<T = any> extends MockMatchers<void> {}
}

/** vitest's `expect`, with the mock's matchers installed. */
export { expect } from 'vitest';
export * from '../testing/matchers';

/**
 * A vitest `test` whose `mock`, `client` and `demo` fixtures are built from `options` (a seed, a
 * prefix table, a real clock…); the demo world is always seeded. Fixtures are lazy: a test that
 * names none of them creates no service.
 *
 * @example
 * ```ts
 * import { createMockTest, expect } from '@msgsvc/mock/vitest';
 *
 * const test = createMockTest({ seed: 42 });
 * test('texts the code', async ({ mock, client }) => {
 *   await client.messages.send({ to: '+244923000001', body: 'Code 1234' });
 *   expect(mock).toHaveSent({ to: '+244923000001', body: /1234/ });
 * });
 * ```
 */
export function createMockTest(options: MockServiceOptions = {}) {
  return baseTest.extend<MockFixtures>({
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern.
    mock: async ({}, use) => {
      await use(createMockService({ ...options, demo: true }));
    },
    demo: async ({ mock }, use) => {
      await use(mock.seedDemo());
    },
    client: async ({ mock }, use) => {
      await use(mock.client());
    },
  });
}

/**
 * A vitest `test` with the `mock`, `client` and `demo` fixtures (default options): see
 * {@link createMockTest}.
 */
export const test = createMockTest();
/** The same as {@link test}, for suites written with `it`. */
export const it = test;
