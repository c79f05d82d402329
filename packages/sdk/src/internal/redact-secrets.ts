// The one redaction of secrets: what the mock's error messages and request log, the server's
// inspector and verify's proxy show in place of an API key or a webhook secret.
import { decodeOrKeep } from './path-template';

/** An API key or a webhook secret: its kind, then its characters (a key's or base64's alphabet). */
const SECRET = /(svc_live_|svc_test_|whsec_)([A-Za-z0-9+/=_-]*)/g;
/** Text without any of these holds no secret, plain or encoded: most text is let through here. */
const MAYBE = /svc_|whsec_|%/;
/** The pieces of a path, a query or a sentence that may hide an encoded secret. */
const PIECE = /[^/&=?\s]*%[^/&=?\s]*/g;

/**
 * `text` with every API key and webhook secret in it cut to its kind and four characters
 * (`svc_live_abcd…`, `whsec_ZGVt…`), whether written plainly or percent-encoded
 * (`svc%5Flive%5F…`) in a path, a query, a header or a message. A piece that hid a secret is
 * written decoded and cut; everything else stays exactly as it was. Cutting twice changes nothing,
 * so a message redacted before it is put in a redacted envelope does not grow.
 *
 * @example
 * ```ts
 * import { redactSecrets } from '@msgsvc/sdk/contract';
 *
 * redactSecrets('/c/v1/messages?api_key=svc%5Flive%5FAb12Cd34'); // '/c/v1/messages?api_key=svc_live_Ab12…'
 * ```
 */
export function redactSecrets(text: string): string {
  if (!MAYBE.test(text)) return text;
  const cut = text.replace(SECRET, cutSecret);
  if (!cut.includes('%')) return cut;
  return cut.replace(PIECE, (piece) => {
    const decoded = decodeOrKeep(piece);
    const decodedCut = decoded.replace(SECRET, cutSecret);
    return decodedCut === decoded ? piece : decodedCut;
  });
}

function cutSecret(match: string, kind: string, rest: string): string {
  return rest.length <= 4 ? match : `${kind}${rest.slice(0, 4)}…`;
}
