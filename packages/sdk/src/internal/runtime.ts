/**
 * Reads an environment variable without importing `node:process`: `process.env` where it exists,
 * `Deno.env` where it is allowed. Returns `undefined` everywhere else and for empty values.
 */
export function readEnv(name: string): string | undefined {
  const g = globalThis as {
    process?: { env?: Record<string, string | undefined> };
    Deno?: { env?: { get(name: string): string | undefined } };
  };
  let value: string | undefined;
  try {
    value = g.process?.env?.[name] ?? g.Deno?.env?.get(name);
  } catch {
    // Deno without --allow-env throws; treat it as unset.
  }
  return value?.trim() || undefined;
}

/** The globals {@link isBrowser} reads. */
export interface RuntimeGlobals {
  window?: unknown;
  document?: unknown;
  process?: { versions?: { node?: unknown } } | undefined;
  Deno?: unknown;
  Bun?: unknown;
}

/**
 * True in a browser page: both `window` and `document` exist and no server runtime does. A DOM
 * emulated inside Node, Deno or Bun (jsdom or happy-dom under vitest or Jest) is not a page: the
 * key stays in that process, which is the server side the SDK allows keys on. A bundler's `process`
 * shim has no `versions.node`, so a real page still counts as a browser.
 */
export function isBrowser(g: RuntimeGlobals = globalThis as RuntimeGlobals): boolean {
  if (g.window === undefined || g.document === undefined) return false;
  const serverRuntime =
    typeof g.process?.versions?.node === 'string' || g.Deno !== undefined || g.Bun !== undefined;
  return !serverRuntime;
}

/** Waits `ms` milliseconds; rejects with the signal's reason when `signal` aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * A `setTimeout` sleep that rejects with the signal's reason when the signal aborts. The client
 * calls it only through `sleepWithin`, with a signal of that wait's own, not yet aborted.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
