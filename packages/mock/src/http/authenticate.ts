/**
 * Authentication and scopes: `X-API-KEY` must name a known, unrevoked key (else 401
 * `AUTH_INVALID_API_KEY`), and the key must hold the operation's scope (else 403
 * `AUTH_INVALID_SCOPE` with `fields.apikey` naming the scope, decision D5).
 */

import type { Caller } from '../domain/kernel/caller';
import { DomainError } from '../domain/kernel/errors';
import type { ApiKey } from '../domain/kernel/model';
import type { World } from '../domain/kernel/world';
import type { Scope } from '../domain/tenancy/api-keys';

/** Resolves the key of a request to its caller, or throws 401. */
export function authenticate(
  world: World,
  header: string | undefined,
): { key: ApiKey; caller: Caller } {
  const key = header === undefined ? undefined : world.apiKeys.get(header.trim());
  if (key === undefined || key.revoked) {
    throw new DomainError({
      code: 'AUTH_INVALID_API_KEY',
      message:
        header === undefined
          ? 'Missing API key: send it in the X-API-KEY header.'
          : 'Invalid API key: it is malformed, unknown or revoked.',
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
