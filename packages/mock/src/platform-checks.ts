/**
 * Checks on platform values by shape, never by `instanceof`: a test runner that gives each file its
 * own globals (Jest's environments, vitest's vm pools, a `node:vm` context) hands the mock
 * `Request`s and promises from another realm, where `instanceof` answers false (D140).
 */

/**
 * Whether `value` can be awaited like a promise: a promise of any realm, or any thenable. On a
 * `T | Promise<T>` it narrows to the promise, and to `T` otherwise.
 */
export function isThenable<T>(value: T): value is Extract<T, PromiseLike<unknown>> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** Whether `value` is a web `Request` of any realm (the parts the mock reads are all there). */
export function isRequestLike(value: unknown): value is Request {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof Request, unknown>>;
  return (
    typeof candidate.url === 'string' &&
    typeof candidate.method === 'string' &&
    typeof candidate.arrayBuffer === 'function' &&
    typeof candidate.headers === 'object' &&
    candidate.headers !== null
  );
}
