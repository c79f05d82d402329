/**
 * Why a webhook delivery failed verification, in words: the classic mistakes each have their
 * own sentence — a body parsed and re-serialized, a secret of the wrong form, a timestamp off by
 * days because the sender runs on a virtual clock. Used only on the failure path of
 * `verifyWebhook`; never quotes more of a secret than `whsec_` and four characters.
 */

const SECRET_PREFIX = 'whsec_';
/** Beyond this offset a timestamp is not clock skew: the sender's clock is another world's. */
const VIRTUAL_CLOCK_HINT_SECONDS = 3600;
const numbers = new Intl.NumberFormat('en-US');

/**
 * The message for a body that is not the raw bytes: an object (parsed JSON) or another value.
 *
 * @param body - What was passed as the raw body.
 */
export function bodyNotRawMessage(body: unknown): string {
  const type = typeof body;
  const what =
    body === null || body === undefined
      ? String(body)
      : Array.isArray(body)
        ? 'an array'
        : `${type === 'object' ? 'an' : 'a'} ${type}`;
  return `The body passed is ${what}, not the raw body: it was probably parsed as JSON already. Pass the request body exactly as received, as a string or bytes (e.g. await request.text(), or express.raw({ type: 'application/json' })): re-serializing it changes the bytes the signature covers.`;
}

/**
 * The message for a secret that is not `whsec_` followed by base64 of at least one byte.
 *
 * @param secret - The secret given (any value: it may come from an unset environment variable).
 */
export function badSecretMessage(secret: unknown): string {
  const lead = 'Webhook secret must be "whsec_" followed by base64';
  if (typeof secret !== 'string') {
    return `${lead}; got ${secret === undefined ? 'undefined' : typeof secret} (is the environment variable set?).`;
  }
  if (secret === '') return `${lead}; got an empty string (is the environment variable set?).`;
  if (secret.trim() !== secret) {
    return `${lead}; this one has surrounding whitespace or a line break (trim it where it is read).`;
  }
  if (/^svc_(live|test)_/.test(secret)) {
    return `${lead}; this is an API key (svc_…), not the endpoint's webhook secret.`;
  }
  const base64 = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const shown = `${secret.slice(0, secret.startsWith(SECRET_PREFIX) ? 10 : 4)}…`;
  if (base64 === '') return `${lead}; nothing follows "whsec_".`;
  const bad = [...base64].findIndex((char) => !/[A-Za-z0-9+/=]/.test(char));
  if (bad !== -1) {
    const char = [...base64][bad]!;
    const hint =
      char === '-' || char === '_' ? ' (base64url? the secret uses standard base64)' : '';
    return `${lead}; ${shown} has "${printable(char)}" at position ${bad} of the base64 part, which is not base64${hint}.`;
  }
  return `${lead}; the base64 part of ${shown} does not decode (wrong length or padding: was it cut when copied?).`;
}

/**
 * The message for a timestamp outside the tolerance: by how much, and — for an offset of an hour or
 * more — the hint that the sender runs on a virtual clock.
 *
 * @param offsetSeconds - Timestamp minus now, in seconds (negative: in the past).
 * @param tolerance - The tolerance in seconds.
 */
export function timestampMessage(offsetSeconds: number, tolerance: number): string {
  const distance = Math.abs(offsetSeconds);
  const side = offsetSeconds < 0 ? 'in the past' : 'in the future';
  const base = `webhook-timestamp is ${numbers.format(distance)} s${humanDuration(distance)} ${side}; tolerance ${numbers.format(tolerance)} s.`;
  if (distance > 1e11) {
    return `${base} It looks like milliseconds: Standard Webhooks timestamps are Unix seconds.`;
  }
  if (distance < VIRTUAL_CLOCK_HINT_SECONDS) return base;
  return `${base} An offset this large is not clock skew: if the delivery comes from @msgsvc/mock on a virtual clock, its time is the mock's world time, not yours — verify against it with { now: () => mock.clock.now().getTime() }.`;
}

/**
 * The message for a signature that matches nothing: what the body looks like says which mistake is
 * likely. `reformatted` names the change to the body under which the signature does match, if any.
 *
 * @param reformatted - A description of the reformatting that makes the signature match.
 * @param looksReserialized - Whether the body is exactly what `JSON.stringify` with an indent writes.
 */
export function mismatchMessage(
  reformatted: string | undefined,
  looksReserialized: boolean,
): string {
  if (reformatted !== undefined) {
    return `No matching webhook signature: it matches the body ${reformatted}, so the body was re-serialized after it arrived (parsed as JSON and written again). Pass the raw body exactly as received (e.g. await request.text(), or express.raw({ type: 'application/json' })).`;
  }
  if (looksReserialized) {
    return 'No matching webhook signature: the body looks re-serialized (indented exactly as JSON.stringify writes it); pass the raw body exactly as received, not a parsed and re-serialized one.';
  }
  return "No matching webhook signature: either the body is not the raw bytes received (a framework that parses JSON and writes it again changes whitespace or key order), or the secret is not this endpoint's.";
}

/**
 * Reformatted versions of a JSON body, each with what changed: the usual ways a framework or a
 * handler writes a parsed body back. The original text is not among them.
 *
 * @param body - The body as passed.
 */
export function reformattings(body: string): Array<readonly [string, string]> {
  const variants: Array<readonly [string, string]> = [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  if (parsed !== undefined) {
    variants.push(['written compactly (JSON.stringify without an indent)', JSON.stringify(parsed)]);
    variants.push([
      'indented by 2 (JSON.stringify(body, null, 2))',
      JSON.stringify(parsed, null, 2),
    ]);
  }
  variants.push(['without its trailing whitespace', body.trimEnd()]);
  variants.push(['with a final line break', `${body}\n`]);
  const seen = new Set([body]);
  return variants.filter(([, text]) => !seen.has(text) && seen.add(text));
}

/**
 * Whether a body is exactly `JSON.stringify(JSON.parse(body), null, n)` for an indent n > 0: text a
 * handler wrote, rarely the bytes a sender put on the wire.
 *
 * @param body - The body as passed.
 */
export function looksReserialized(body: string): boolean {
  if (!body.includes('\n')) return false;
  try {
    const parsed: unknown = JSON.parse(body);
    return [2, 4, '\t'].some((indent) => JSON.stringify(parsed, null, indent) === body);
  } catch {
    return false;
  }
}

// " (324 days)", " (2 h)": a second reading for offsets a person would not count in seconds.
function humanDuration(seconds: number): string {
  if (seconds < 120) return '';
  if (seconds < 2 * 3600) return ` (${Math.round(seconds / 60)} min)`;
  if (seconds < 2 * 86_400) return ` (${Math.round(seconds / 3600)} h)`;
  return ` (${numbers.format(Math.round(seconds / 86_400))} days)`;
}

function printable(char: string): string {
  return /^[\x21-\x7e]$/.test(char)
    ? char
    : `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
