// The message of an HTTP error, built so that a test runner printing only `error.message` shows the
// cause (a 402's message comes from the service, which names the shortfall). Bounded, whatever the
// service sent. Written small: it is in the SDK's main entry, under the size budget.

/**
 * The error's message: the service's, with the cause added where the envelope has it.
 *
 * @param status - The HTTP status.
 * @param message - The envelope's message, or the fallback.
 * @param fields - The envelope's `fields`.
 * @param retryAfter - Seconds from `Retry-After`.
 */
export function errorMessage(
  status: number,
  message: string,
  fields: unknown,
  retryAfter: number | undefined,
): string {
  const base = clip(message, 1000);
  const texts = Object.entries(Object(fields)).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const more = texts.length - 5;
  if (status === 422 && more > -5) {
    // "to — must be an E.164 number; body — must not be empty; and 3 more"
    return `Invalid request: ${texts
      .slice(0, 5)
      .map(([name, text]) => `${clip(name, 60)} — ${plain(clip(text, 160))}`)
      .join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
  }
  // `fields.apikey` is "Missing scope: apikey:messages:send".
  const scope = texts.find(([name]) => name === 'apikey')?.[1].replace(/^missing scope: */i, '');
  if (status === 403 && scope && !base.includes(scope)) {
    return `${stop(base)} Missing scope: ${plain(clip(scope, 160))}.`;
  }
  return status === 429 && retryAfter !== undefined
    ? `${stop(base)} Retry after ${Math.ceil(retryAfter)} s.`
    : base;
}

// "Must be at most 200." → "must be at most 200"; "E.164 …" and "UUID …" keep their capitals.
function plain(text: string): string {
  return text.replace(/^[A-Z](?=[a-z])/, (first) => first.toLowerCase()).replace(/\.$/, '');
}

function stop(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

function clip(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
