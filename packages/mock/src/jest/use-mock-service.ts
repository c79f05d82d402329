/**
 * The hooks-style fixture for runners without `test.extend` (Jest, Bun): one object whose `mock`,
 * `client` and `demo` are fresh for each test.
 */
import { createMockService, type MockServiceOptions } from '../mock-service';
import type { MockFixtures } from '../testing/matchers';
import { runnerApi } from './runner-api';

/** What {@link useMockService} returns: the current test's fixtures, read as properties. */
export type MockContext = Readonly<MockFixtures>;

function outsideATest(name: keyof MockFixtures): Error {
  return new Error(
    `useMockService(): \`${name}\` was read outside a test. Read it inside a test, or in a beforeEach or afterEach declared after useMockService() (a describe body and beforeAll run before the first test's mock exists).`,
  );
}

/**
 * Gives each test of the enclosing file (or `describe`) a fresh mock service with the demo world
 * seeded, a client wired to it and the demo world, read from the returned object as `ctx.mock`,
 * `ctx.client` and `ctx.demo`: the Jest counterpart of `@msgsvc/mock/vitest`'s fixtures, with the
 * same `options` as `createMockTest`. Each is built on first read in a test; a `beforeEach`
 * registered here starts every test afresh and an `afterAll` lets the last one go.
 *
 * @example
 * ```ts
 * import { useMockService } from '@msgsvc/mock/jest';
 *
 * const ctx = useMockService({ seed: 42 });
 * test('texts the code', async () => {
 *   await ctx.client.messages.send({ to: '+244923000001', body: 'O seu código: 482913' });
 *   expect(ctx.mock).toHaveSent({ to: '+244923000001', body: /482913/ });
 * });
 * ```
 */
export function useMockService(options: MockServiceOptions = {}): MockContext {
  const { beforeEach, afterAll } = runnerApi();
  // The current test's fixtures, each built on first read (a test that reads none builds nothing).
  let current: Partial<MockFixtures> | undefined;
  // Replaced before each test rather than dropped after it: Jest runs a block's afterEach hooks in
  // the order they were declared, so dropping it there would hide the mock from the user's own.
  beforeEach(() => {
    current = {};
  });
  afterAll(() => {
    current = undefined;
  });
  const read = <Name extends keyof MockFixtures>(
    name: Name,
    build: () => MockFixtures[Name],
  ): MockFixtures[Name] => {
    if (current === undefined) throw outsideATest(name);
    current[name] ??= build();
    return current[name]!;
  };
  return {
    get mock() {
      return read('mock', () => createMockService({ ...options, demo: true }));
    },
    get client() {
      return read('client', () => this.mock.client());
    },
    get demo() {
      return read('demo', () => this.mock.seedDemo());
    },
  };
}
