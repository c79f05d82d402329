/**
 * Finds the running test runner's `expect`, `beforeEach` and `afterAll`: the globals Jest (and
 * vitest with `globals: true`) put on the test's global object, else `@jest/globals`, which Jest's
 * module registry answers even when `injectGlobals` is off, or Bun's `bun:test`. Jest itself is never a
 * dependency: nothing here is loaded outside a runner that provides these.
 */

/** The part of a Jest-compatible `expect` this entry uses. */
interface RunnerExpect {
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

/**
 * The runner's module, through the module's own `require`: `@jest/globals`, which Jest's CommonJS
 * runtime answers, or `bun:test` (Bun gives the test file its globals, not the modules it imports,
 * and has a `require` in ES modules too).
 */
function fromRunnerModule(): unknown {
  // In an ES module under Jest there is no `require`, and a static import would make every load
  // depend on `@jest/globals`; there, Jest's globals are the way (`injectGlobals` defaults on).
  if (typeof require !== 'function') return undefined;
  for (const name of ['@jest/globals', 'bun:test']) {
    try {
      return require(name);
    } catch {
      // Not this runner: try the next.
    }
  }
  return undefined;
}

/**
 * The runner's API; throws a sentence naming the fix when the entry is loaded outside a
 * Jest-compatible runner.
 */
export function runnerApi(): RunnerApi {
  const globals: unknown = globalThis;
  if (isRunnerApi(globals)) return globals;
  const runnerModule = fromRunnerModule();
  if (isRunnerApi(runnerModule)) return runnerModule;
  throw new Error(
    '@msgsvc/mock/jest found no Jest expect and hooks: import it from a test file or a file of ' +
      "Jest's setupFilesAfterEnv (setupFiles run before Jest installs expect), under Jest or " +
      "Bun's test runner. With injectGlobals: false, Jest gives @jest/globals to CommonJS " +
      'modules only: keep injectGlobals on in an ES module project.',
  );
}
