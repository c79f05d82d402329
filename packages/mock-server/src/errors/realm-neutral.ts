/**
 * Checks on values that may come from another realm (a server started inside a test runner's vm
 * context), by shape rather than `instanceof`. The mock's own helpers are not on its public
 * surface, which is all the server sees.
 */

/** Whether `value` can be awaited like a promise; narrows a `T | Promise<T>`. */
export function isThenable<T>(value: T): value is Extract<T, PromiseLike<unknown>> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/** Whether `value` looks like an error of any realm: an object with a string `message`. */
export function isErrorLike(value: unknown): value is Error {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** An error's message, whatever realm threw it; anything else as text. */
export function errorMessage(error: unknown): string {
  return isErrorLike(error) ? error.message : String(error);
}

/** An error's stack (its message when it has none), whatever realm threw it; anything else as text. */
export function errorStack(error: unknown): string {
  return isErrorLike(error) ? (error.stack ?? error.message) : String(error);
}
