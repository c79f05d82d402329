/**
 * Secrets a client put where they do not belong — a full API key in `?api_key=`, in the path or in
 * an `Idempotency-Key`, a webhook secret in a query — cut to the prefix every control read shows
 *, so error messages, the request log and the inspector never repeat one
 *. Query and path are looked at decoded too: `svc%5Flive%5F…` is the same key.
 */
import { decodeOrKeep } from '@msgsvc/sdk/contract';

/** An API key or a webhook secret: its kind, then the secret characters (any base64 or key alphabet). */
const SECRET = /(svc_live_|svc_test_|whsec_)([A-Za-z0-9+/=_-]*)/g;
/** Quick test before the work of decoding. */
const KIND = /svc_live_|svc_test_|whsec_|%5f|%5F/;

/**
 * Cuts every secret in `text` to its kind and four characters: `svc_live_abcd…`. Idempotent: a
 * prefix already cut (four characters or fewer) is left as it is, so text redacted twice (an
 * unexpected error's message, then its envelope) does not grow.
 */
export function redactSecrets(text: string): string {
  return text.replace(SECRET, (match, kind: string, rest: string) =>
    rest.length <= 4 ? match : `${kind}${rest.slice(0, 4)}…`,
  );
}

/**
 * A raw query string with each parameter that carries a secret (in its name or value, encoded or
 * not) rewritten decoded and cut; other parameters stay exactly as sent.
 */
export function redactQuery(query: string): string {
  if (!KIND.test(query)) return query;
  return query
    .split('&')
    .map((part) => {
      const decoded = decodeOrKeep(part.replace(/\+/g, ' '));
      return redactSecrets(decoded) === decoded ? part : redactSecrets(decoded);
    })
    .join('&');
}

/** A raw path with each segment that carries a secret rewritten decoded and cut. */
export function redactPath(path: string): string {
  if (!KIND.test(path)) return path;
  return path
    .split('/')
    .map((segment) => {
      const decoded = decodeOrKeep(segment);
      return redactSecrets(decoded) === decoded ? segment : redactSecrets(decoded);
    })
    .join('/');
}

/**
 * An error message (or a `fields` value) with every secret it echoes cut, written encoded or not:
 * `No route for GET /c/v1/svc_live_abcd…`. Text without one is returned as it is, at the cost of
 * one test.
 */
export function redactMessage(text: string): string {
  if (!KIND.test(text)) return text;
  return text.split(' ').map(redactPath).join(' ');
}
