/**
 * The vitest fixture: each test that names `mock`, `client` or `demo` gets a fresh service with the
 * demo world seeded, an SDK client wired to it, and that world's organization, key and sender ID.
 */
import type { MessagingClient } from '@msgsvc/sdk';
import { test as baseTest } from 'vitest';
import type { DemoWorld } from '../domain/tenancy/demo-world';
import { createMockService, type MockService, type MockServiceOptions } from '../mock-service';

/** What the fixture gives a test. */
export interface MockFixtures {
  /** A fresh mock service for this test alone, with the demo world seeded. */
  mock: MockService;
  /** `mock.client()`: the demo live key, the mock's fetch, waits on its virtual clock. */
  client: MessagingClient;
  /** The demo world: organization, keys, sender ID (`demo.sender.id`), tags and contacts. */
  demo: DemoWorld;
}

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
