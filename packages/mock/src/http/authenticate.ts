/**
 * Authentication and scopes. The 401 says in words which classic mistake was made with the key,
 * and never quotes more of the key than its prefix and four characters.
 */
import { keyPrefix } from '@msgsvc/sdk';
import { API_KEY_PATTERN } from '@msgsvc/sdk/contract';
import type { Caller } from '../domain/core/caller';
import { DomainError } from '../domain/core/errors';
import type { ApiKey } from '../domain/core/model';
import type { World } from '../domain/engine/world';
import type { Scope } from '../domain/tenancy/api-keys';

/**
 * Resolves the key of a request to its caller, or throws a 401 whose message says what is wrong
 * with the key. Spaces, tabs and line breaks around the header are ignored, as HTTP does.
 */
export function authenticate(
  world: World,
  headers: Readonly<Record<string, string | undefined>>,
): { key: ApiKey; caller: Caller } {
  const header = headers['x-api-key'];
  // The exact header first: the common case, without building a trimmed copy.
  const key =
    header === undefined
      ? undefined
      : (world.apiKeys.get(header) ?? world.apiKeys.get(httpTrimmed(header)));
  if (key === undefined || key.revoked) {
    throw new DomainError({
      code: 'AUTH_INVALID_API_KEY',
      message: invalidKeyMessage(header, headers.authorization, key),
    });
  }
  return {
    key,
    caller: { organizationId: key.organizationId, environment: key.environment, apiKeyId: key.id },
  };
}

/** Throws 403 unless the key holds `scope`. */
export function requireScope(key: ApiKey, scope: Scope): void {
  if (!key.scopes.includes(scope)) {
    throw new DomainError({
      code: 'AUTH_INVALID_SCOPE',
      message: `The API key lacks the scope ${scope}.`,
      fields: { apikey: `Missing scope: ${scope}` },
    });
  }
}

const PREFIX = /^svc_(live|test)_/;
// What HTTP itself strips around a header value (RFC 9110 OWS, and fetch's CR/LF): never the key's.
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
// Whitespace, control and invisible characters a copy-paste or a file read brings along.
const INVISIBLE = /[\s\p{Cc}\p{Cf}]/u;

/** The key as HTTP would deliver it: without the spaces, tabs and line breaks around it. */
function httpTrimmed(header: string): string {
  return header.replace(HTTP_WHITESPACE, '');
}

/**
 * The 401's message for a key that is missing or was not accepted: `header` as received, the
 * `Authorization` header (to spot a bearer token sent instead), and the key the trimmed header
 * names when one exists (so it is revoked).
 */
function invalidKeyMessage(
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
  if (found !== undefined) return `Invalid API key: the key ${keyPrefix(key)} was revoked.`;
  if (/^bearer\s/i.test(key)) {
    return 'Invalid API key: send the key alone in X-API-KEY, without "Bearer " in front.';
  }
  const chars = [...key];
  const last = chars.length - 1;
  const end = INVISIBLE.test(chars[0]!) ? 0 : INVISIBLE.test(chars[last]!) ? last : -1;
  if (end !== -1) {
    const around = `${codePoint(chars[end]!)} at the ${end === 0 ? 'start' : 'end'}`;
    return `The API key has surrounding whitespace or an invisible character (${around}): a key is only letters, digits, _ and - — check how it was copied or read.`;
  }
  const inside = chars.findIndex((char) => INVISIBLE.test(char));
  if (inside !== -1) {
    return `Invalid API key: it contains whitespace, a line break or an invisible character (${codePoint(chars[inside]!)} after ${inside} characters); a key is only letters, digits, _ and -.`;
  }
  if (!PREFIX.test(key)) {
    return `Invalid API key: it starts with "${key.slice(0, 4)}…", but a key looks like svc_live_ (live) or svc_test_ (test) followed by letters, digits, _ or -.`;
  }
  if (!API_KEY_PATTERN.test(key)) {
    return `Invalid API key: ${keyPrefix(key)} is malformed — after svc_live_ or svc_test_ a key has only letters, digits, _ and -.`;
  }
  return `Invalid API key: no key ${keyPrefix(key)} exists (unknown to this service).`;
}

function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
