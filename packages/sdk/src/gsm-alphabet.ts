// The GSM 03.38 default alphabet and its extension table (3GPP TS 23.038): the one statement of
// the alphabet that segment counting, its explanation and the GSM-7 replacements all read.

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
// Each of these is sent as ESC + code, so it costs two septets.
const GSM_EXTENSION = '\f^{}\\[~]|€';

// Septets per UTF-16 code unit (0 = not in GSM-7), indexed by char code. Built once: counting runs
// for every recipient of a campaign. The highest GSM character is '€' (U+20AC), so ~8 KB suffices.
const SEPTETS = new Uint8Array(0x20ac + 1);
for (let i = 0; i < GSM_BASIC.length; i++) SEPTETS[GSM_BASIC.charCodeAt(i)] = 1;
for (let i = 0; i < GSM_EXTENSION.length; i++) SEPTETS[GSM_EXTENSION.charCodeAt(i)] = 2;

/**
 * Septets a UTF-16 code unit takes in GSM-7: 1 in the basic set, 2 in the extension table
 * (ESC + code), 0 when it has no GSM-7 form. Every GSM-7 character is a single code unit.
 */
export function septetsOf(code: number): number {
  return code < SEPTETS.length ? (SEPTETS[code] ?? 0) : 0;
}

/** Septets the text needs in GSM-7, or -1 as soon as a character has no GSM-7 form. */
export function countSeptets(text: string): number {
  let septets = 0;
  for (let i = 0; i < text.length; i++) {
    const size = septetsOf(text.charCodeAt(i));
    if (size === 0) return -1;
    septets += size;
  }
  return septets;
}
