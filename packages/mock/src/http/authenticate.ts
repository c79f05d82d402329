/**
 * Authentication and scopes: `X-API-KEY` must name a known, unrevoked key (else 401
 * `AUTH_INVALID_API_KEY`), and the key must hold the operation's scope (else 403
 * `AUTH_INVALID_SCOPE` with `fields.apikey` naming the scope).
 */

import type { Caller } from '../domain/core/caller';
import { DomainError } from '../domain/core/errors';
import type { ApiKey } from '../domain/core/model';
import type { World } from '../domain/engine/world';
import type { Scope } from '../domain/tenancy/api-keys';
import { httpTrimmed, invalidKeyMessage } from './api-key-diagnosis';

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
