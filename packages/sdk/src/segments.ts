// SMS segment counting as the network does it (3GPP TS 23.038 alphabet, TS 23.040 concatenation),
// and the explanation of a count.

import { countSeptets, septetsOf } from './gsm-alphabet';
import { gsmReplacement } from './gsm-replacements';

/** How a message travels: 7-bit GSM default alphabet, or UCS-2 (UTF-16 code units). */
export type SegmentEncoding = 'GSM_7' | 'UCS_2';

/** The result of {@link countSegments}. */
export interface SegmentCount {
  /** `GSM_7` when every character is in the GSM default alphabet or its extension table. */
  encoding: SegmentEncoding;
  /** Number of SMS the text is sent (and billed) as; `0` for the empty string. */
  segments: number;
  /** Total size: septets for `GSM_7` (extension characters count 2), UTF-16 code units for `UCS_2`. */
  units: number;
  /** The limit each segment was filled to: 160 or 153 septets, 70 or 67 code units. */
  perSegment: number;
  /**
   * Units still free in the last segment at the current `perSegment`. Once a single message is
   * full, one more character re-splits the text at 153 (or 67) per segment.
   */
  remainingInSegment: number;
  /** The text cut where the network cuts it; `parts.join('') === text`. */
  parts: string[];
}

// Units per segment: [one message, a segment of a concatenated one].
const GSM_LIMITS = [160, 153] as const;
const UCS2_LIMITS = [70, 67] as const;

/**
 * Counts the SMS segments a text is sent as, and splits it where the network would.
 *
 * One character outside the GSM-7 alphabet and its extension table switches the whole message to
 * UCS-2. A text of up to 160 septets (70 code units) is one message; a longer one is sent in
 * segments of 153 septets (67 code units). An escape pair or a surrogate pair is never cut: it
 * moves whole to the next segment, which leaves the previous one a unit short.
 *
 * The empty string gives `segments: 0` and no parts. Carriers would bill an empty SMS as one
 * segment, but the API refuses empty bodies, so zero is the honest count of what can be sent.
 *
 * @param text - The message body, as it will be sent.
 * @returns The encoding, segment count, sizes and the parts.
 * @example
 * ```ts
 * import { countSegments } from '@msgsvc/sdk/sms';
 *
 * countSegments('Olá!');           // { encoding: 'UCS_2', segments: 1, units: 4, ... }
 * countSegments('A'.repeat(161));  // { encoding: 'GSM_7', segments: 2, perSegment: 153, ... }
 * ```
 */
export function countSegments(text: string): SegmentCount {
  const { ends, ...count } = splitText(text);
  return { ...count, parts: ends.map((end, i) => text.slice(ends[i - 1] ?? 0, end)) };
}

// Where the network cuts a text: the one split behind countSegments and explainSegments, so a
// count and its explanation never disagree. `ends` holds the UTF-16 offset where each segment ends.
function splitText(text: string): Omit<SegmentCount, 'parts'> & { ends: number[] } {
  const septets = countSeptets(text);
  const gsm = septets >= 0;
  const units = gsm ? septets : text.length;
  const [single, concatenated] = gsm ? GSM_LIMITS : UCS2_LIMITS;
  const perSegment = units <= single ? single : concatenated;
  const ends: number[] = [];
  let used = units;
  if (units > single) {
    used = 0;
    for (let i = 0; i < text.length; ) {
      // Every GSM-7 character is one code unit (countSeptets has vouched for each one); a UCS-2
      // surrogate pair is two.
      const width = gsm ? 1 : unitsAt(text, i);
      const size = gsm ? septetsOf(text.charCodeAt(i)) : width;
      if (used + size > concatenated) {
        ends.push(i);
        used = 0;
      }
      used += size;
      i += width;
    }
  }
  if (text !== '') ends.push(text.length);
  return {
    encoding: gsm ? 'GSM_7' : 'UCS_2',
    segments: ends.length,
    units,
    perSegment,
    remainingInSegment: perSegment - used,
    ends,
  };
}

/**
 * UTF-16 code units of the character at `i`: a high surrogate followed by a low one is one
 * character of two units; a lone surrogate is sent as the single unit it is.
 */
function unitsAt(text: string, i: number): 1 | 2 {
  const code = text.charCodeAt(i);
  const next = text.charCodeAt(i + 1);
  return code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
}

/** One segment of {@link SegmentExplanation.spans}: where it is in the text and what it holds. */
export interface SegmentSpan {
  /** UTF-16 offset of its first code unit: `text.slice(start, end)` is the segment. */
  start: number;
  /** UTF-16 offset just past its last code unit. */
  end: number;
  /** The same start counted in code points (`[...text]` indexes): what a person counts. */
  codePointStart: number;
  /** The same end counted in code points. */
  codePointEnd: number;
  /** Septets (`GSM_7`) or UTF-16 code units (`UCS_2`) the segment holds. */
  units: number;
  /** The segment's text. */
  text: string;
}

/** A character that has no GSM-7 form, so it made the whole text UCS-2. */
export interface Ucs2Character {
  /** The character: one code point (two UTF-16 units for an emoji), or a lone surrogate. */
  char: string;
  /** Its code point as `U+` and at least four hex digits, e.g. `U+00E7` for `ç`. */
  codePoint: string;
  /** UTF-16 offset of the character in the text. */
  start: number;
  /** UTF-16 offset just past it. */
  end: number;
  /** Its offset counted in code points. */
  codePointIndex: number;
  /** The index of the segment it is in (0-based, into `spans`). */
  segment: number;
  /**
   * A GSM-7 text that stands in for it (`ç` → `c`, `’` → `'`, `…` → `...`, NBSP → space; `''` for
   * a zero-width or combining character, which is dropped), or `null` when none fits (emoji,
   * non-Latin scripts).
   */
  replacement: string | null;
}

/**
 * The text with every {@link Ucs2Character} that has a replacement replaced, and its count: its
 * encoding is `GSM_7` when every offender had a replacement.
 */
export interface ReplacedText extends Pick<SegmentCount, 'encoding' | 'segments' | 'units'> {
  /** The text after the replacements. */
  text: string;
  /** Characters left as they were because no replacement fits them. */
  unreplaced: number;
}

/** The result of {@link explainSegments}: the count of {@link countSegments}, explained. */
export interface SegmentExplanation extends Omit<SegmentCount, 'parts'> {
  /** The segments in order; they cover the text exactly, end to end. */
  spans: SegmentSpan[];
  /** Every character that forced UCS-2, in text order; empty for a GSM-7 text. */
  forcingUcs2: Ucs2Character[];
  /** What the text would be and take with the replacements; `null` when nothing forced UCS-2. */
  ifReplaced: ReplacedText | null;
}

/**
 * Explains {@link countSegments}' answer for a text: the segments with their offsets, the
 * characters that forced UCS-2 with their positions and GSM-7 replacements, and the segments the
 * text would take if they were replaced. Built on the same split as `countSegments`, so the two
 * always agree (`explainSegments(t).segments === countSegments(t).segments`).
 *
 * Offsets are given twice: in UTF-16 code units (for `String.prototype.slice`) and in code
 * points. A segment never ends inside a surrogate pair or a GSM-7 escape pair (an escape pair is
 * one code unit in the text). Replacements fold accents (`ç` → `c`, `ã` → `a`, `Ê` → `E`, by
 * Unicode compatibility decomposition) and typographic punctuation (curly quotes, dashes, `…`,
 * unusual spaces) to their plain GSM-7 forms, the substitutions gateways call "smart encoding";
 * a character already in GSM-7 (`é`, `à`, `Ç`) is never touched.
 *
 * @param text - The message body, as it will be sent.
 * @returns The count, its segments and the characters that forced UCS-2.
 * @example
 * ```ts
 * import { explainSegments } from '@msgsvc/sdk/sms';
 *
 * const why = explainSegments('Não há crédito: ligue já!');
 * why.encoding;                            // 'UCS_2'
 * why.forcingUcs2.map((c) => c.char);      // ['ã', 'á', 'á']
 * why.forcingUcs2[0];                      // { char: 'ã', codePoint: 'U+00E3', start: 1, replacement: 'a', ... }
 * why.ifReplaced;                          // { text: 'Nao ha crédito: ligue ja!', encoding: 'GSM_7', segments: 1, ... }
 * ```
 */
export function explainSegments(text: string): SegmentExplanation {
  const { ends, ...count } = splitText(text);
  const spans: SegmentSpan[] = [];
  const forcingUcs2: Ucs2Character[] = [];
  let start = 0;
  let codePoint = 0;
  for (const end of ends) {
    const codePointStart = codePoint;
    // A GSM-7 text has no character without septets, and no surrogate pairs.
    for (let i = start, size = 0; i < end; i += size, codePoint += 1) {
      size = unitsAt(text, i);
      if (septetsOf(text.charCodeAt(i)) === 0) {
        const char = text.slice(i, i + size);
        forcingUcs2.push({
          char,
          codePoint: `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`,
          start: i,
          end: i + size,
          codePointIndex: codePoint,
          segment: spans.length,
          replacement: gsmReplacement(char),
        });
      }
    }
    const slice = text.slice(start, end);
    const units = count.encoding === 'GSM_7' ? countSeptets(slice) : slice.length;
    spans.push({ start, end, codePointStart, codePointEnd: codePoint, units, text: slice });
    start = end;
  }
  return {
    ...count,
    spans,
    forcingUcs2,
    ifReplaced: forcingUcs2.length === 0 ? null : replaced(text, forcingUcs2),
  };
}

function replaced(text: string, offenders: readonly Ucs2Character[]): ReplacedText {
  let out = '';
  let from = 0;
  let unreplaced = 0;
  for (const o of offenders) {
    if (o.replacement === null) {
      unreplaced += 1;
      continue;
    }
    out += text.slice(from, o.start) + o.replacement;
    from = o.end;
  }
  out += text.slice(from);
  const { encoding, segments, units } = splitText(out);
  return { text: out, encoding, segments, units, unreplaced };
}
