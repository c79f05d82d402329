/**
 * Keys reduced to their prefix in everything the proxy prints or writes: API keys
 * (`svc_live_…`, `svc_test_…`) and webhook secrets (`whsec_…`), plain or percent-encoded, in a
 * path, a query or any text.
 */
import { keyPrefix } from '@msgsvc/sdk';

const SECRET = /(?:svc_live_|svc_test_|whsec_)[A-Za-z0-9+/=_-]*/g;
const ENCODED = /%[0-9A-Fa-f]{2}/;

/** `text` with every key or secret in it cut to its prefix. */
export function redactText(text: string): string {
  return text.replace(SECRET, (secret) =>
    secret.startsWith('whsec_') ? `${secret.slice(0, 10)}…` : keyPrefix(secret),
  );
}

/**
 * A raw path or query with every secret cut, including percent-encoded ones: a part (split on
 * `/`, `&` and `=`) that hides one once decoded is written decoded and cut.
 */
export function redactUrlPart(raw: string): string {
  return raw.replace(/[^/&=?]+/g, (part) => {
    if (!ENCODED.test(part)) return redactText(part);
    let decoded: string;
    try {
      decoded = decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return redactText(part);
    }
    const cut = redactText(decoded);
    return cut === decoded ? part : cut;
  });
}
