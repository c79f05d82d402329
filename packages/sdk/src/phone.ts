/**
 * Phone number normalisation to E.164, on libphonenumber-js's full ("max") metadata.
 *
 * This is its own entry point, `@msgsvc/sdk/phone`, because that metadata is large: code that
 * only sends messages does not pay for it.
 *
 * @module \@msgsvc/sdk/phone
 */

import {
  type CountryCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/max';

/** Why {@link normalizePhoneNumber} refused an input. */
export type PhoneNumberInvalidReason =
  /** Not shaped like a phone number: letters, symbols, or no digits at all. */
  | 'INVALID_FORMAT'
  /** No international prefix and no (known) default country, or an unknown country calling code. */
  | 'INVALID_COUNTRY'
  /** Fewer digits than any number of that country has. */
  | 'TOO_SHORT'
  /** More digits than any number of that country has. */
  | 'TOO_LONG'
  /** Well formed, but not a number that can exist (e.g. an unassigned range). */
  | 'INVALID_NUMBER';

/** The result of {@link normalizePhoneNumber}: a number in E.164, or the reason there is none. */
export type NormalizedPhoneNumber =
  | {
      /** The input is a valid number. */
      ok: true;
      /** The number in E.164, e.g. `"+244923123456"`. */
      e164: string;
      /** ISO 3166-1 alpha-2 country; `undefined` for non-geographic numbers (e.g. +800). */
      country: string | undefined;
      /** The national significant number, without country code or trunk prefix. */
      nationalNumber: string;
    }
  | {
      /** The input is not a valid number. */
      ok: false;
      /** Why. */
      reason: PhoneNumberInvalidReason;
    };

// An optional leading "+", then digits and the separators people write numbers with.
const PHONE_SHAPE = /^\+?[\d\s.()-]+$/;
const NOT_A_DIGIT = /\D/g;
// Angola's 90 and 98 prefixes are unassigned, so no real subscriber can be reached there; the
// service and its mock use them for fictional test numbers, which the max metadata would refuse.
const FICTIONAL_ANGOLAN = /^9[08]\d{7}$/;
const ANGOLAN_MOBILE_E164 = /^\+2449\d{8}$/;

/**
 * Normalises a phone number to E.164 and says whether it is a number that can exist.
 *
 * Accepts spaces, dashes, dots and parentheses, a leading `+`, or the `00` international prefix
 * (read as `+` whatever the default country). A number without either is read as a national
 * number of `defaultCountry`. Validity follows libphonenumber's full metadata, so unassigned
 * ranges are refused, except Angola's reserved fictional ranges `+244 90…` and `+244 98…`
 * (nine-digit national numbers), which are accepted for simulation and testing.
 *
 * @param input - The number as a person typed it.
 * @param defaultCountry - ISO 3166-1 alpha-2 region for numbers written without an international
 * prefix; `AO` (Angola) unless given.
 * @returns `{ ok: true, e164, country, nationalNumber }` or `{ ok: false, reason }`.
 * @example
 * ```ts
 * import { normalizePhoneNumber } from '@msgsvc/sdk/phone';
 *
 * normalizePhoneNumber('923 123 456');
 * // { ok: true, e164: '+244923123456', country: 'AO', nationalNumber: '923123456' }
 * normalizePhoneNumber('912 345 678', 'PT');
 * // { ok: true, e164: '+351912345678', country: 'PT', nationalNumber: '912345678' }
 * normalizePhoneNumber('+244 88 123 4567');
 * // { ok: false, reason: 'INVALID_NUMBER' }
 * ```
 */
export function normalizePhoneNumber(input: string, defaultCountry = 'AO'): NormalizedPhoneNumber {
  // Fast path for the commonest input, an Angolan mobile already in E.164: every +2449 followed by
  // eight digits is valid (libphonenumber's 9[1-79] mobiles plus the fictional 90 and 98), and a
  // campaign normalises a thousand of them per request.
  if (ANGOLAN_MOBILE_E164.test(input)) {
    return { ok: true, e164: input, country: 'AO', nationalNumber: input.slice(4) };
  }
  const trimmed = input.trim();
  if (!PHONE_SHAPE.test(trimmed)) return { ok: false, reason: 'INVALID_FORMAT' };
  let digits = trimmed.replace(NOT_A_DIGIT, '');
  let international = trimmed.startsWith('+');
  if (!international && digits.startsWith('00')) {
    digits = digits.slice(2);
    international = true;
  }
  if (digits === '') return { ok: false, reason: 'INVALID_FORMAT' };

  const region = defaultCountry.toUpperCase();
  const country = isSupportedCountry(region) ? region : undefined;
  if (!international && country === undefined) return { ok: false, reason: 'INVALID_COUNTRY' };

  const fictional = fictionalAngolanNumber(digits, international, country);
  if (fictional !== undefined) {
    return { ok: true, e164: `+244${fictional}`, country: 'AO', nationalNumber: fictional };
  }

  const text = international ? `+${digits}` : digits;
  const phone = parsePhoneNumberFromString(text, country);
  if (phone?.isValid()) {
    return {
      ok: true,
      e164: phone.number,
      country: phone.country,
      nationalNumber: phone.nationalNumber,
    };
  }
  return {
    ok: false,
    reason: LENGTH_REASONS[validatePhoneNumberLength(text, country) ?? ''] ?? 'INVALID_NUMBER',
  };
}

/** The national number when `digits` is in Angola's fictional ranges, written as people do. */
function fictionalAngolanNumber(
  digits: string,
  international: boolean,
  country: CountryCode | undefined,
): string | undefined {
  let national: string | undefined;
  if (digits.length === 12 && digits.startsWith('244') && (international || country === 'AO')) {
    // "+244 908…", or "244 908…" typed in Angola without the plus, as libphonenumber reads it too.
    national = digits.slice(3);
  } else if (!international && country === 'AO') {
    national = digits;
  }
  return national !== undefined && FICTIONAL_ANGOLAN.test(national) ? national : undefined;
}

// libphonenumber's length verdicts by the reasons they give; any other verdict (a length that
// fits) leaves a number that cannot exist.
const LENGTH_REASONS: Readonly<Record<string, PhoneNumberInvalidReason>> = {
  TOO_SHORT: 'TOO_SHORT',
  TOO_LONG: 'TOO_LONG',
  INVALID_COUNTRY: 'INVALID_COUNTRY',
  NOT_A_NUMBER: 'INVALID_FORMAT',
};
