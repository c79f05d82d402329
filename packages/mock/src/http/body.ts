/**
 * Reading a request body as the service does: the media type must be
 * `application/json`, in UTF-8 — the only encoding JSON allows between systems (RFC 8259) — and
 * the bytes must decode as UTF-8. Nothing is ever replaced by U+FFFD and then charged and sent.
 */
import { DomainError, validationError } from '../domain/core/errors';

/** Decodes strictly: an invalid byte sequence throws instead of becoming U+FFFD. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Charset labels that name UTF-8 (WHATWG Encoding: `utf-8`, `utf8`, `unicode-1-1-utf-8`, …). */
const UTF8_LABELS = new Set([
  'utf-8',
  'utf8',
  'unicode-1-1-utf-8',
  'unicode11utf8',
  'unicode20utf8',
  'x-unicode20utf8',
]);

/**
 * Checks a request's `Content-Type`: `application/json`, with no `charset` or a UTF-8 one (other
 * parameters are allowed). Anything else is a 415 `UNSUPPORTED_MEDIA_TYPE`.
 */
export function requireJsonUtf8(contentType: string | undefined): void {
  const [type, ...parameters] = (contentType ?? '').split(';');
  // Only application/json (with parameters); `+json` types are a 415 too.
  if (type!.trim().toLowerCase() !== 'application/json') {
    throw new DomainError({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the body as application/json.',
    });
  }
  for (const parameter of parameters) {
    const equals = parameter.indexOf('=');
    if (parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
    const label = parameter
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (!UTF8_LABELS.has(label)) {
      throw new DomainError({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `JSON bodies are UTF-8: send charset=utf-8 or no charset, not ${label || 'an empty one'}.`,
      });
    }
  }
}

/**
 * The body as text: bytes are decoded as UTF-8 (a byte-order mark is dropped), strictly; a body
 * that is not UTF-8 is a 422 on `fields.body`, like any other body that is not JSON.
 */
export function bodyText(body: string | Uint8Array | null): string | null {
  if (body === null || typeof body === 'string') return body;
  try {
    return UTF8.decode(body);
  } catch {
    throw validationError({ body: 'The body is not valid UTF-8 (JSON is UTF-8, RFC 8259).' });
  }
}
