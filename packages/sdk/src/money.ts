// Money as the API writes it, held as integer micro-units so no amount passes through a float.

/** Micro-units in one unit of currency: `"1.000000"` is `1_000_000`. */
export const MICROS_PER_UNIT = 1_000_000;

const MONEY_PATTERN = /^(-?)(\d+)(?:\.(\d{1,6}))?$/;

/**
 * Formats integer micro-units as the API's six-digit decimal string.
 *
 * @param micros - A safe integer number of micro-units (millionths of the currency unit).
 * @returns The amount with exactly six fraction digits, e.g. `"4.000000"` or `"-0.500000"`.
 * @throws RangeError when `micros` is not a safe integer.
 * @example
 * ```ts
 * import { formatMoney } from '@msgsvc/sdk/sms';
 *
 * formatMoney(4_000_000); // '4.000000'
 * formatMoney(-500_000);  // '-0.500000'
 * ```
 */
export function formatMoney(micros: number): string {
  if (!Number.isSafeInteger(micros)) {
    throw new RangeError(`Money must be a safe integer number of micro-units, got ${micros}`);
  }
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const fraction = abs % MICROS_PER_UNIT;
  // Subtracting the fraction first makes the division exact: no float rounding to reason about.
  const whole = (abs - fraction) / MICROS_PER_UNIT;
  return `${sign}${whole}.${String(fraction).padStart(6, '0')}`;
}

/**
 * Parses a decimal amount (`"4"`, `"4.5"`, `"-0.500000"`) into integer micro-units.
 *
 * Up to six fraction digits are accepted, so every accepted string is exact in micro-units; no
 * exponent, sign `+`, spaces or separators.
 *
 * @param text - The amount, matching `^-?\d+(\.\d{1,6})?$`.
 * @returns The amount in micro-units, a safe integer.
 * @throws SyntaxError when `text` is not such a decimal; RangeError when the amount is beyond
 * `Number.MAX_SAFE_INTEGER` micro-units (about nine billion units).
 * @example
 * ```ts
 * import { parseMoney } from '@msgsvc/sdk/sms';
 *
 * parseMoney('4.000000'); // 4_000_000
 * parseMoney('3.5');      // 3_500_000
 * ```
 */
export function parseMoney(text: string): number {
  const match = MONEY_PATTERN.exec(text);
  if (match === null) {
    throw new SyntaxError(`Invalid money amount ${JSON.stringify(text)}: expected e.g. "4.000000"`);
  }
  const [, sign, whole = '', fraction = ''] = match;
  // Both steps are exact while the result is a safe integer, and rounding never carries a value
  // past 2^53 back into the safe range, so the check below catches every inexact case.
  const micros = Number(whole) * MICROS_PER_UNIT + Number(fraction.padEnd(6, '0'));
  if (!Number.isSafeInteger(micros)) {
    throw new RangeError(`Money amount ${text} is too large to hold exactly`);
  }
  // `-0` would make "-0.000000" compare unequal to "0.000000" under Object.is.
  return sign === '-' && micros !== 0 ? -micros : micros;
}
