/**
 * SMS segment counting as the network does it (3GPP TS 23.038 alphabet, TS 23.040 concatenation).
 *
 * @module
 */

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

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
// Each of these is sent as ESC + code, so it costs two septets.
const GSM_EXTENSION = '\f^{}\\[~]|€';

const GSM_SINGLE = 160;
const GSM_CONCATENATED = 153;
const UCS2_SINGLE = 70;
const UCS2_CONCATENATED = 67;

// Septets per UTF-16 code unit (0 = not in GSM-7), indexed by char code. Built once: counting runs
// for every recipient of a campaign. The highest GSM character is '€' (U+20AC), so ~8 KB suffices.
const SEPTETS = buildSeptetTable();

function buildSeptetTable(): Uint8Array {
  const table = new Uint8Array(0x20ac + 1);
  for (let i = 0; i < GSM_BASIC.length; i++) table[GSM_BASIC.charCodeAt(i)] = 1;
  for (let i = 0; i < GSM_EXTENSION.length; i++) table[GSM_EXTENSION.charCodeAt(i)] = 2;
  return table;
}

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
  if (text === '') {
    return {
      encoding: 'GSM_7',
      segments: 0,
      units: 0,
      perSegment: GSM_SINGLE,
      remainingInSegment: GSM_SINGLE,
      parts: [],
    };
  }
  const septets = countSeptets(text);
  return septets < 0 ? splitUcs2(text) : splitGsm7(text, septets);
}

/** Septets the text needs in GSM-7, or -1 as soon as a character has no GSM-7 form. */
function countSeptets(text: string): number {
  let septets = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const size = code < SEPTETS.length ? (SEPTETS[code] ?? 0) : 0;
    if (size === 0) return -1;
    septets += size;
  }
  return septets;
}

function splitGsm7(text: string, septets: number): SegmentCount {
  if (septets <= GSM_SINGLE) return single('GSM_7', text, septets, GSM_SINGLE);
  const parts: string[] = [];
  let start = 0;
  let used = 0;
  for (let i = 0; i < text.length; i++) {
    // Every GSM-7 character is one code unit; countSeptets has vouched for each one.
    const size = SEPTETS[text.charCodeAt(i)] ?? 1;
    if (used + size > GSM_CONCATENATED) {
      parts.push(text.slice(start, i));
      start = i;
      used = 0;
    }
    used += size;
  }
  parts.push(text.slice(start));
  return concatenated('GSM_7', parts, septets, GSM_CONCATENATED, used);
}

function splitUcs2(text: string): SegmentCount {
  const units = text.length;
  if (units <= UCS2_SINGLE) return single('UCS_2', text, units, UCS2_SINGLE);
  const parts: string[] = [];
  let start = 0;
  let used = 0;
  for (let i = 0; i < text.length; ) {
    // A high surrogate followed by a low one is one character of two units; a lone surrogate is
    // sent as the single unit it is.
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    const size = code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
    if (used + size > UCS2_CONCATENATED) {
      parts.push(text.slice(start, i));
      start = i;
      used = 0;
    }
    used += size;
    i += size;
  }
  parts.push(text.slice(start));
  return concatenated('UCS_2', parts, units, UCS2_CONCATENATED, used);
}

function single(
  encoding: SegmentEncoding,
  text: string,
  units: number,
  limit: number,
): SegmentCount {
  return {
    encoding,
    segments: 1,
    units,
    perSegment: limit,
    remainingInSegment: limit - units,
    parts: [text],
  };
}

function concatenated(
  encoding: SegmentEncoding,
  parts: string[],
  units: number,
  limit: number,
  usedInLast: number,
): SegmentCount {
  return {
    encoding,
    segments: parts.length,
    units,
    perSegment: limit,
    remainingInSegment: limit - usedInLast,
    parts,
  };
}
