/**
 * GSM-7 stand-ins for characters that have none of their own: what "smart encoding" gateways
 * substitute so that a text stays GSM-7.
 *
 * Two sources, in order. First a table of typographic punctuation and invisible characters, the
 * characters word processors and phones put in text (curly quotes, dashes, the ellipsis, unusual
 * spaces, zero-width joiners); it covers the same ground as Twilio's Smart Encoding list, with the
 * mapping read from each character's Unicode name. Then Unicode's own compatibility decomposition
 * (NFKD) with the combining marks dropped: `ç` is `c` + cedilla, `ã` is `a` + tilde, `ª` is `a`,
 * a full-width `Ａ` is `A`. A stand-in is offered only when it is GSM-7 through and through.
 */

import { countSeptets } from './gsm-alphabet';

const SINGLE_QUOTE = "'";
const DOUBLE_QUOTE = '"';

// char → stand-in, for what NFKD does not already fold to GSM-7. Keys are code points so the table
// reads unambiguously.
const TABLE = new Map<string, string>(
  (
    [
      // Single quotation marks, primes and accents used as apostrophes.
      [0x2018, SINGLE_QUOTE], // LEFT SINGLE QUOTATION MARK
      [0x2019, SINGLE_QUOTE], // RIGHT SINGLE QUOTATION MARK
      [0x201a, SINGLE_QUOTE], // SINGLE LOW-9 QUOTATION MARK
      [0x201b, SINGLE_QUOTE], // SINGLE HIGH-REVERSED-9 QUOTATION MARK
      [0x2039, SINGLE_QUOTE], // SINGLE LEFT-POINTING ANGLE QUOTATION MARK
      [0x203a, SINGLE_QUOTE], // SINGLE RIGHT-POINTING ANGLE QUOTATION MARK
      [0x2032, SINGLE_QUOTE], // PRIME
      [0x0060, SINGLE_QUOTE], // GRAVE ACCENT (backtick)
      [0x00b4, SINGLE_QUOTE], // ACUTE ACCENT
      [0x02bc, SINGLE_QUOTE], // MODIFIER LETTER APOSTROPHE
      // Double quotation marks; « » are Portuguese quotation marks.
      [0x201c, DOUBLE_QUOTE], // LEFT DOUBLE QUOTATION MARK
      [0x201d, DOUBLE_QUOTE], // RIGHT DOUBLE QUOTATION MARK
      [0x201e, DOUBLE_QUOTE], // DOUBLE LOW-9 QUOTATION MARK
      [0x201f, DOUBLE_QUOTE], // DOUBLE HIGH-REVERSED-9 QUOTATION MARK
      [0x00ab, DOUBLE_QUOTE], // LEFT-POINTING DOUBLE ANGLE QUOTATION MARK
      [0x00bb, DOUBLE_QUOTE], // RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK
      [0x2033, DOUBLE_QUOTE], // DOUBLE PRIME
      // Hyphens and dashes.
      [0x2010, '-'], // HYPHEN
      [0x2012, '-'], // FIGURE DASH
      [0x2013, '-'], // EN DASH
      [0x2014, '-'], // EM DASH
      [0x2015, '-'], // HORIZONTAL BAR
      [0x2212, '-'], // MINUS SIGN
      [0x2022, '-'], // BULLET
      [0x2043, '-'], // HYPHEN BULLET
      // Other punctuation and symbols.
      [0x00b7, '.'], // MIDDLE DOT
      [0x2044, '/'], // FRACTION SLASH (what NFKD leaves in ½)
      [0x2215, '/'], // DIVISION SLASH
      [0x00f7, '/'], // DIVISION SIGN
      [0x00d7, 'x'], // MULTIPLICATION SIGN
      [0x0153, 'oe'], // LATIN SMALL LIGATURE OE
      [0x0152, 'OE'], // LATIN CAPITAL LIGATURE OE
      // Latin letters with a stroke or without a dot, which Unicode does not decompose.
      [0x0131, 'i'], // LATIN SMALL LETTER DOTLESS I
      [0x0142, 'l'], // LATIN SMALL LETTER L WITH STROKE
      [0x0141, 'L'], // LATIN CAPITAL LETTER L WITH STROKE
      [0x0111, 'd'], // LATIN SMALL LETTER D WITH STROKE
      [0x0110, 'D'], // LATIN CAPITAL LETTER D WITH STROKE
      // Spaces and line breaks.
      [0x0009, ' '], // CHARACTER TABULATION
      [0x2028, '\n'], // LINE SEPARATOR
      [0x2029, '\n'], // PARAGRAPH SEPARATOR
      // Invisible characters: dropped.
      [0x00ad, ''], // SOFT HYPHEN
      [0x200b, ''], // ZERO WIDTH SPACE
      [0x200c, ''], // ZERO WIDTH NON-JOINER
      [0x200d, ''], // ZERO WIDTH JOINER
      [0x2060, ''], // WORD JOINER
      [0xfeff, ''], // ZERO WIDTH NO-BREAK SPACE (byte order mark)
    ] as const
  ).map(([code, standIn]) => [String.fromCodePoint(code), standIn]),
);

const MARKS = /\p{M}/gu;
const ONLY_MARKS = /^\p{M}+$/u;

/**
 * The GSM-7 stand-in for one character that has no GSM-7 form of its own.
 *
 * @param char - One code point (or a lone surrogate) that is not in the GSM-7 alphabet.
 * @returns The stand-in (`''` when the character is invisible or a combining mark, which is
 * dropped), or `null` when nothing in GSM-7 stands for it.
 */
export function gsmReplacement(char: string): string | null {
  const listed = TABLE.get(char);
  if (listed !== undefined) return listed;
  // A combining mark alone (an accent typed as its own code point) goes; its base letter stays.
  if (ONLY_MARKS.test(char)) return '';
  const folded = [...char.normalize('NFKD').replace(MARKS, '')]
    .map((c) => TABLE.get(c) ?? c)
    .join('');
  return folded !== '' && folded !== char && countSeptets(folded) >= 0 ? folded : null;
}
