/**
 * Why a request's API key was refused, in words: the 401 names the classic mistakes — the
 * key in `Authorization: Bearer`, whitespace or an invisible character around or inside it, a
 * prefix that is not `svc_live_`/`svc_test_`, a secret of the wrong form, a revoked key — and never
 * quotes more of the key than its prefix and four characters.
 */

import { API_KEY_PATTERN } from '@msgsvc/sdk/contract';
import type { ApiKey } from '../domain/core/model';

const PREFIX = /^svc_(live|test)_/;
// What HTTP itself strips around a header value (RFC 9110 OWS, and fetch's CR/LF): never the key's.
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
// Whitespace, control and invisible characters a copy-paste or a file read brings along.
const INVISIBLE = /[\s\p{Cc}\p{Cf}]/u;

/** The key as HTTP would deliver it: without the spaces, tabs and line breaks around it. */
export function httpTrimmed(header: string): string {
  return header.replace(HTTP_WHITESPACE, '');
}

/**
 * The 401's message for a key that is missing or was not accepted.
 *
 * @param header - The `X-API-KEY` header as received (`undefined` when absent).
 * @param authorization - The `Authorization` header, to spot a bearer token sent instead.
 * @param found - The key the trimmed header names, when one exists (so it is revoked).
 */
export function invalidKeyMessage(
  header: string | undefined,
  authorization: string | undefined,
  found: ApiKey | undefined,
): string {
  if (header === undefined) {
    return authorization !== undefined && /^bearer\s/i.test(authorization.trim())
      ? 'Missing API key: send it in the X-API-KEY header, not as Authorization: Bearer (the public API takes no bearer tokens).'
      : 'Missing API key: send it in the X-API-KEY header.';
  }
  const key = httpTrimmed(header);
  if (key === '') return 'Invalid API key: the X-API-KEY header is empty.';
  if (found !== undefined) return `Invalid API key: the key ${shown(key)} was revoked.`;
  if (/^bearer\s/i.test(key)) {
    return 'Invalid API key: send the key alone in X-API-KEY, without "Bearer " in front.';
  }
  const around = surrounding(key);
  if (around !== undefined) {
    return `The API key has surrounding whitespace or an invisible character (${around}): a key is only letters, digits, _ and - — check how it was copied or read.`;
  }
  const inside = [...key].findIndex((char) => INVISIBLE.test(char));
  if (inside !== -1) {
    return `Invalid API key: it contains whitespace, a line break or an invisible character (${codePoint([...key][inside]!)} after ${inside} characters); a key is only letters, digits, _ and -.`;
  }
  if (!PREFIX.test(key)) {
    return `Invalid API key: it starts with "${key.slice(0, 4)}…", but a key looks like svc_live_ (live) or svc_test_ (test) followed by letters, digits, _ or -.`;
  }
  if (!API_KEY_PATTERN.test(key)) {
    return `Invalid API key: ${shown(key)} is malformed — after svc_live_ or svc_test_ a key has only letters, digits, _ and -.`;
  }
  return `Invalid API key: no key ${shown(key)} exists (unknown to this service).`;
}

// "U+00A0 at the end", "U+FEFF at the start".
function surrounding(key: string): string | undefined {
  const chars = [...key];
  if (INVISIBLE.test(chars[0]!)) return `${codePoint(chars[0]!)} at the start`;
  if (INVISIBLE.test(chars[chars.length - 1]!)) {
    return `${codePoint(chars[chars.length - 1]!)} at the end`;
  }
  return undefined;
}

function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

// The key as key listings show it: its environment prefix and four characters of the secret.
function shown(key: string): string {
  const match = PREFIX.exec(key);
  return `${key.slice(0, (match?.[0].length ?? 0) + 4)}…`;
}
