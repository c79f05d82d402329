/**
 * Finds the running test runner's `expect`, `beforeEach` and `afterAll`: the globals Jest (and Bun,
 * and vitest with `globals: true`) put on the test's global object, else `@jest/globals`, which
 * Jest's module registry answers even when `injectGlobals` is off. Jest itself is never a
 * dependency: nothing here is loaded outside a runner that provides these.
 */

/** The part of a Jest-compatible `expect` this entry uses. */
export interface RunnerExpect {
  /** Installs custom matchers, as `expect.extend` does in Jest, Bun and vitest. */
  extend(matchers: Record<string, unknown>): void;
}

/** The part of a Jest-compatible runner this entry uses. */
export interface RunnerApi {
  readonly expect: RunnerExpect;
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

/** `@jest/globals` through the module's own `require`, which only Jest's CommonJS runtime gives. */
function fromJestGlobals(): unknown {
  // In an ES module (Jest's native ESM) there is no `require`, and a static import would make every
  // load depend on `@jest/globals`; there, Jest's globals are the way (`injectGlobals` defaults on).
  if (typeof require !== 'function') return undefined;
  try {
    return require('@jest/globals');
  } catch {
    return undefined;
  }
}

/**
 * The runner's API; throws a sentence naming the fix when the entry is loaded outside a
 * Jest-compatible runner.
 */
export function runnerApi(): RunnerApi {
  const globals: unknown = globalThis;
  if (isRunnerApi(globals)) return globals;
  const jestGlobals = fromJestGlobals();
  if (isRunnerApi(jestGlobals)) return jestGlobals;
  throw new Error(
    '@msgsvc/mock/jest found no Jest expect and hooks: import it from a test file or a file of ' +
      "Jest's setupFilesAfterEnv (setupFiles run before Jest installs expect), under Jest or " +
      "Bun's test runner. With injectGlobals: false, Jest gives @jest/globals to CommonJS " +
      'modules only: keep injectGlobals on in an ES module project.',
  );
}
