/**
 * Checks on platform values by shape or brand, never by `instanceof`: a runner that gives each file
 * its own globals (Jest, vitest's vm pools, `node:vm`) hands the mock values from another realm.
 * The lint rule `lint/no-platform-instanceof.grit` keeps it so.
 */

/**
 * Whether `value` can be awaited like a promise: a promise of any realm, or any thenable. On a
 * `T | Promise<T>` it narrows to the promise, and to `T` otherwise.
 */
export function isThenable<T>(value: T): value is Extract<T, PromiseLike<unknown>> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/** Whether `value` is a `Date` of any realm (by its internal brand, which `toString` reports). */
export function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}

/** Whether `value` is a `RegExp` of any realm. */
export function isRegExp(value: unknown): value is RegExp {
  return Object.prototype.toString.call(value) === '[object RegExp]';
}

/** An error's message, whatever realm threw it (a `DOMException` too); anything else as text. */
export function errorMessage(error: unknown): string {
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : String(error);
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
