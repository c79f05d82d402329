/**
 * Reads how long a response asks the client to wait: `retry-after-ms` (milliseconds, as
 * openai-node honours it), then `Retry-After` as delta seconds or an HTTP date.
 */

/**
 * The wait a response asks for, in milliseconds, or `undefined` when it asks for none.
 *
 * @param headers - The response headers.
 * @param now - The current time in epoch milliseconds (for an HTTP date).
 */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number(value);
  if (value.trim() !== '' && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
