/**
 * The mock in Jest (and Bun's test runner): `useMockService()` gives each test a fresh mock, a
 * pre-wired client and the demo world, and importing this entry installs the matchers of
 * `@msgsvc/mock/vitest` on the runner's `expect`, so import it from a test file or a
 * `setupFilesAfterEnv` file. Jest is an optional peer dependency: only this entry uses it.
 *
 * @example
 * ```ts
 * import { fictionalNumbers, useMockService } from '@msgsvc/mock/jest';
 *
 * const ctx = useMockService();
 * test('sends a campaign', async () => {
 *   const recipients = fictionalNumbers(3);
 *   await ctx.client.campaigns.sendBatch({
 *     remitter_id: ctx.demo.sender.id, channel_type: 'SMS', content: 'Olá!', recipients,
 *   });
 *   ctx.mock.clock.runUntilIdle();
 *   expect(ctx.mock).toHaveSent({ to: recipients[0], body: 'Olá!' });
 *   expect(ctx.mock).toHaveDelivered(recipients[1]);
 *   expect(ctx.mock).toHaveCharged('12.000000');
 * });
 * ```
 *
 * @module \@msgsvc/mock/jest
 */

import type {} from 'expect';
import { createMockService, type MockServiceOptions } from '../mock-service';
import { type MockFixtures, type MockMatchers, mockMatchers } from '../testing/matchers';

runnerApi().expect.extend(mockMatchers);

// `@jest/globals`' expect: its matchers are the `expect` package's `Matchers`.
declare module 'expect' {
  interface Matchers<R> extends MockMatchers<R> {}
}

// The global expect as `@types/jest` declares it.
declare global {
  namespace jest {
    interface Matchers<R> extends MockMatchers<R> {}
  }
}

export * from '../testing/matchers';
export type { MockServiceOptions };

/** What {@link useMockService} returns: the current test's fixtures, read as properties. */
export type MockContext = Readonly<MockFixtures>;

/**
 * Gives each test of the enclosing file (or `describe`) a fresh mock (demo world seeded), a client
 * and the demo world as `ctx.mock`, `ctx.client` and `ctx.demo`, each built on first read: the Jest
 * counterpart of `@msgsvc/mock/vitest`'s fixtures, with the same `options` as `createMockTest`.
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
    if (current === undefined) {
      throw new Error(
        `useMockService(): \`${name}\` was read outside a test. Read it inside a test, or in a beforeEach or afterEach declared after useMockService() (a describe body and beforeAll run before the first test's mock exists).`,
      );
    }
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

/** The part of a Jest-compatible runner this entry uses. */
interface RunnerApi {
  readonly expect: { extend(matchers: Record<string, unknown>): void };
  beforeEach(hook: () => void): void;
  afterAll(hook: () => void): void;
}

function isRunnerApi(value: unknown): value is RunnerApi {
  const api = value as Partial<RunnerApi> | undefined;
  return (
    typeof api?.expect?.extend === 'function' &&
    typeof api.beforeEach === 'function' &&
    typeof api.afterAll === 'function'
  );
}

/**
 * The running runner's `expect`, `beforeEach` and `afterAll`: its globals, else `@jest/globals` or
 * `bun:test` through the module's own `require` (Jest answers it even when `injectGlobals` is off;
 * Bun gives the test file its globals, not the modules it imports, and has a `require` in ES
 * modules too). Outside one, throws a sentence naming the fix.
 */
function runnerApi(): RunnerApi {
  const globals: unknown = globalThis;
  if (isRunnerApi(globals)) return globals;
  // Not a static import: every load would depend on `@jest/globals`. In an ES module under Jest
  // there is no `require` (the call throws): there Jest's globals are the way (`injectGlobals`
  // defaults on).
  for (const name of ['@jest/globals', 'bun:test']) {
    try {
      const runnerModule: unknown = require(name);
      if (isRunnerApi(runnerModule)) return runnerModule;
    } catch {
      // Not this runner, or no `require`: try the next.
    }
  }
  throw new Error(
    '@msgsvc/mock/jest found no Jest expect and hooks: import it from a test file or a file of ' +
      "Jest's setupFilesAfterEnv (setupFiles run before Jest installs expect), under Jest or " +
      "Bun's test runner. With injectGlobals: false, Jest gives @jest/globals to CommonJS " +
      'modules only: keep injectGlobals on in an ES module project.',
  );
}
