/**
 * Timestamps are written the service's way (ISO 8601, UTC, microseconds, `+00:00`) for any time,
 * in any order: a time on another day than the one written before it gets its own date. Times
 * up to 2039, where a double still holds the microsecond.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTimestamp, parseTimestamp } from '../src/domain/core/time-format';

describe('formatTimestamp', () => {
  it('writes each time of a random sequence as its own date, to the microsecond', () => {
    const time = fc.tuple(fc.integer({ min: 0, max: 2 ** 41 - 1 }), fc.nat(999));
    fc.assert(
      fc.property(fc.array(time, { minLength: 1, maxLength: 20 }), (times) => {
        for (const [ms, micros] of times) {
          const text = formatTimestamp(ms + micros / 1000);
          const iso = new Date(ms).toISOString();
          expect(text).toBe(`${iso.slice(0, 23)}${String(micros).padStart(3, '0')}+00:00`);
          expect(parseTimestamp(text)).toBeCloseTo(ms + micros / 1000, 3);
        }
      }),
    );
  });
});
