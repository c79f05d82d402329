/**
 * Phone numbers in a cassette: each real number becomes a fictional Angolan one, the same
 * real number the same fictional one everywhere, written in the form the client wrote it (`923 123
 * 456` stays nine digits with its spaces), so that a replayed request is as valid, or as invalid,
 * as the recorded one and the service reads it the same way.
 */
import { normalizePhoneNumber } from '@msgsvc/sdk/phone';

/** Angola's `+244 90` range: unassigned, the mock's magic numbers and test network; kept. */
const KEPT = /^\+24490\d{7}$/;
/** Where the masked numbers live: Angola's other unassigned range, `+244 98`, never kept. */
const FAKE_PREFIX = '98';
const DIGIT = /\d/;

/** Masks phone numbers consistently for one cassette. */
export class PhoneMask {
  /** Real E.164 → fictional E.164. */
  private readonly valid = new Map<string, string>();
  /** An invalid number as written (trimmed) → its masked form. */
  private readonly invalid = new Map<string, string>();
  /** Every original string masked so far → its mask, to scrub free text that echoes it. */
  private readonly seen = new Map<string, string>();

  /**
   * The masked form of `text`, a phone number as a client wrote it (valid or not), read with
   * `country` as its default country (`country_alpha2` of a batch; AO otherwise).
   */
  mask(text: string, country = 'AO'): string {
    const known = this.seen.get(text);
    if (known !== undefined) return known;
    const masked = this.compute(text, country);
    if (masked !== text) this.seen.set(text, masked);
    return masked;
  }

  /**
   * `text` with every phone number it mentions masked: numbers already masked elsewhere (in any
   * form) and any run of digits that reads as a valid number. For free text: error messages,
   * `fields`, a search term.
   */
  scrub(text: string): string {
    if (!DIGIT.test(text)) return text;
    let out = text.replace(/\+?\d[\d\s().-]{5,28}\d/g, (run) => {
      const known = this.seen.get(run);
      if (known !== undefined) return known;
      if (normalizePhoneNumber(run).ok) return this.mask(run);
      // A number run together with other digits by separators (`+244923111007-1`, a key made
      // of a number and a counter): each unbroken run of digits in it that is a number.
      return run.replace(/\+?\d{7,15}/g, (digits) => this.#maskDigits(digits));
    });
    // A number quoted in a form the regex splits differently (a recipient with a trailing space).
    for (const [original, masked] of this.seen) {
      if (original.length >= 7 && out.includes(original)) out = out.split(original).join(masked);
    }
    return out;
  }

  /**
   * A search term (`q`, a partial match on the recipient's number): a whole number is masked; a
   * digit run of seven or more found inside a number already masked becomes the same slice of
   * its mask, so that the search still finds the same (masked) records; shorter runs name no one
   * and are kept.
   */
  maskSearch(term: string): string {
    const digits = term.replace(/\D/g, '');
    if (digits.length < 7 || !/^\+?[\d\s().-]+$/.test(term.trim())) return this.scrub(term);
    if (normalizePhoneNumber(term).ok) return this.mask(term);
    for (const [real, fake] of this.valid) {
      const at = real.indexOf(digits);
      if (at !== -1) return replaceDigits(term, fake.slice(at, at + digits.length));
    }
    return this.mask(term);
  }

  /**
   * An unbroken run of digits (with its `+`, if any) masked when it is a number: read with the
   * default country, or as international once a `+` is put before it (`351912345678`).
   */
  #maskDigits(digits: string): string {
    const known = this.seen.get(digits);
    if (known !== undefined) return known;
    if (normalizePhoneNumber(digits).ok) return this.mask(digits);
    if (digits[0] !== '+' && digits.length >= 10 && normalizePhoneNumber(`+${digits}`).ok) {
      const masked = this.mask(`+${digits}`).slice(1);
      this.seen.set(digits, masked);
      return masked;
    }
    return digits;
  }

  private compute(text: string, country: string): string {
    const result = normalizePhoneNumber(text, country);
    if (result.ok) {
      if (KEPT.test(result.e164)) return text;
      const fake = numbered(
        this.valid,
        result.e164,
        (n) => `+244${FAKE_PREFIX}${String(n).padStart(7, '0')}`,
      );
      // Same form as written when the number is Angolan and read as such: its last nine digits
      // (the national number) swapped for the fake's, separators and prefix untouched.
      if (result.country === 'AO') {
        const written = replaceLastDigits(text, fake.slice(4));
        const check = normalizePhoneNumber(written, country);
        if (check.ok && check.e164 === fake) return written;
      }
      return fake;
    }
    return numbered(this.invalid, text.trim(), (n) => maskInvalid(text, country, result.reason, n));
  }
}

/** What `map` holds for `key`; the first time, made from the map's next number (1, 2, …). */
export function numbered<V>(map: Map<string, V>, key: string, make: (n: number) => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make(map.size + 1);
    map.set(key, value);
  }
  return value;
}

/**
 * An invalid number masked so that it stays invalid for the same reason: length, separators,
 * `+` and its first three digits (a country code at most) kept, the rest a counter.
 */
function maskInvalid(text: string, country: string, reason: string, n: number): string {
  const total = (text.match(/\d/g) ?? []).length;
  const keep = Math.min(3, total);
  const tail = total - keep;
  const candidates = [
    String(n).padStart(tail, '0').slice(-tail),
    '0'.repeat(tail),
    '9'.repeat(tail),
  ];
  for (const candidate of candidates) {
    if (tail === 0) break;
    const written = replaceLastDigits(text, candidate);
    const check = normalizePhoneNumber(written, country);
    if (!check.ok && check.reason === reason) return written;
  }
  // No counter keeps the reason (a rare length-dependent case): every digit after the first
  // three becomes 0, which names no one.
  return tail === 0 ? text.replace(/\d/g, '0') : replaceLastDigits(text, '0'.repeat(tail));
}

/** `text` with its last `digits.length` digits replaced, in order, by `digits`. */
function replaceLastDigits(text: string, digits: string): string {
  const chars = [...text];
  let left = digits.length;
  for (let i = chars.length - 1; i >= 0 && left > 0; i--) {
    if (DIGIT.test(chars[i]!)) chars[i] = digits[--left]!;
  }
  return chars.join('');
}

/** `text` with its digits replaced, in order, by `digits` (as many as it has). */
function replaceDigits(text: string, digits: string): string {
  let at = 0;
  return text.replace(/\d/g, (d) => (at < digits.length ? digits[at++]! : d));
}
