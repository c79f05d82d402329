/**
 * Checks on values a caller hands the SDK, by brand rather than `instanceof`: a test runner that
 * gives each file its own globals (Jest, vitest's vm pools, `node:vm`) passes values of another
 * realm, where `instanceof Date` answers false.
 */

/** Whether `value` is a `Date` of any realm (by its internal brand, which `toString` reports). */
export function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}
