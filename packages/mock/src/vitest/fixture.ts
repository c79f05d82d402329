/**
 * The vitest fixture: each test that names `mock`, `client` or `demo` gets a fresh service with the
 * demo world seeded, an SDK client wired to it, and that world's organization, key and sender ID.
 */
import { test as baseTest } from 'vitest';
import { createMockService, type MockServiceOptions } from '../mock-service';
import type { MockFixtures } from '../testing/fixtures';

export type { MockFixtures } from '../testing/fixtures';

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
