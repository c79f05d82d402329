/**
 * What the SDK asks of the runtime, asked safely: environment variables (Node, Bun, Deno; none on
 * edge runtimes and browsers), whether this looks like a browser, and a cancellable sleep.
 */

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

/** True in a browser page (or a DOM-like test environment): both `window` and `document` exist. */
export function isBrowser(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown };
  return typeof g.window !== 'undefined' && typeof g.document !== 'undefined';
}

/** Waits `ms` milliseconds; rejects with the signal's reason when `signal` aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** A `setTimeout` sleep that rejects with the signal's reason when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', cancel);
      resolve();
    };
    const cancel = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', cancel, { once: true });
  });
}

/**
 * Runs a caller's `sleep` but settles as soon as `signal` aborts, rejecting with its reason: a
 * custom sleep (a virtual clock's, a test's) may ignore the signal it is handed, and a call must
 * not outlive its caller's abort.
 */
export function sleepUnlessAborted(
  sleep: Sleep,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (signal === undefined) return sleep(ms);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    sleep(ms, signal)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}
