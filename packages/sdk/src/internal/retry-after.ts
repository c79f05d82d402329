// `retry-after-ms` (as openai-node honours it), then `Retry-After` as delta seconds or an HTTP date
// (RFC 9110 §10.2.3). Any other value (negative, empty, `soon`) asks for nothing, so the caller
// falls back to its own backoff.

// delta-seconds is 1*DIGIT; an HTTP date starts with a day name (IMF-fixdate, RFC 850 and asctime
// forms). Without the day-name check `Date.parse('-1')` reads a year and answers "long ago: now".
const DELTA_SECONDS = /^\d+$/;
const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /;
const MILLISECONDS = /^\d+(\.\d+)?$/;

/**
 * The wait a response asks for, in milliseconds, or `undefined` when it asks for none.
 *
 * @param headers - The response headers.
 * @param now - The current time in epoch milliseconds (for an HTTP date).
 */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
  // An absent header reads as '', which no form matches.
  const ms = headers.get('retry-after-ms')?.trim() ?? '';
  if (MILLISECONDS.test(ms)) return Number(ms);
  const value = headers.get('retry-after')?.trim() ?? '';
  if (DELTA_SECONDS.test(value)) return Number(value) * 1000;
  if (!HTTP_DATE.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
