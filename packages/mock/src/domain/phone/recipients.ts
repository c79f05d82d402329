/**
 * From the number a client wrote to where the message goes: normalisation to E.164 with the SDK's
 * phone code (libphonenumber-js, the same code applications use to preview), then the route.
 */
import { normalizePhoneNumber } from '@msgsvc/sdk/phone';
import { magicBehaviour } from '../simulation/magic-numbers';

/**
 * Normalises a number written locally or internationally; `defaultCountry` is the region of
 * numbers written without an international prefix.
 */
export function normalizeRecipient(input: string, defaultCountry: string) {
  const result = normalizePhoneNumber(input, defaultCountry);
  if (!result.ok || magicBehaviour(result.e164)?.outcome === 'INVALID') {
    return { ok: false, input } as const;
  }
  return { ok: true, e164: result.e164 } as const;
}

/**
 * Normalises a batch's recipients: valid numbers deduplicated in submission order, invalid ones
 * kept as written (deduplicated too), both as the campaign will process them.
 * An invalid recipient loses its surrounding whitespace, unless nothing else is left: it is then
 * kept exactly as written, so a failed message never shows an empty number.
 */
export function normalizeRecipients(
  inputs: readonly string[],
  defaultCountry: string,
): { valid: string[]; invalid: string[] } {
  const valid = new Set<string>();
  const invalid = new Set<string>();
  for (const input of inputs) {
    const result = normalizeRecipient(input, defaultCountry);
    if (result.ok) valid.add(result.e164);
    else invalid.add(input.trim() === '' ? input : input.trim());
  }
  return { valid: [...valid], invalid: [...invalid] };
}
