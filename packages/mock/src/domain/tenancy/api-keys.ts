/** API keys: issuing, revoking, re-keying a fork, and the scope vocabulary. */
import { API_KEY_PATTERN } from '@msgsvc/sdk/contract';
import { found, validationError } from '../core/errors';
import type { ApiKey } from '../core/model';
import type { World } from '../core/world';
import type { ControlSchema, OfOrganization } from './control-params';
import { getOrganization } from './organizations';
import { secretBytes } from './secret-bytes';

/** Every scope a key can hold, in canonical form. */
export const SCOPES = [
  'apikey:messages:send',
  'apikey:messages:list',
  'apikey:messages:read',
  'apikey:campaign:send',
  'apikey:campaigns:read',
  'apikey:contacts:write',
  'apikey:contacts:list',
  'apikey:templates:list',
] as const;

/** A canonical scope. */
export type Scope = (typeof SCOPES)[number];

/**
 * The canonical form of a scope as a person may write it: the `apikey:` prefix is optional and
 * `campaigns:send` means `campaign:send`. An unknown scope is refused.
 */
function canonicalScope(scope: string): Scope {
  const bare = scope.startsWith('apikey:') ? scope.slice('apikey:'.length) : scope;
  const prefixed = `apikey:${bare === 'campaigns:send' ? 'campaign:send' : bare}`;
  if (!(SCOPES as readonly string[]).includes(prefixed)) {
    throw validationError({ scopes: `Unknown scope: ${scope}` });
  }
  return prefixed as Scope;
}

/** Parameters of {@link issueApiKey}. */
export type IssueApiKeyParams = OfOrganization & ControlSchema<'IssueApiKeyRequest'>;

const KEY_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Issues a key for an organization. */
export function issueApiKey(world: World, params: IssueApiKeyParams): ApiKey {
  getOrganization(world, params.organizationId);
  const environment = params.environment ?? 'live';
  const scopes = [...new Set((params.scopes ?? SCOPES).map(canonicalScope))];
  const namespace = world.keyNamespace ?? '';
  const start = `svc_${environment}_${namespace}`;
  // A world with a namespace is one of several on a server: its secrets must not follow from its
  // seed, which every world may share (see `secret-bytes.ts`).
  const length = 32 - namespace.length;
  let key = params.key;
  if (key === undefined && world.keyNamespace === undefined)
    key = `${start}${alphabetText(Array.from({ length }, () => world.random.ids.uint32()))}`;
  // A namespaced world's stream starts again on restore: skip what it already issued.
  while (key === undefined || (params.key === undefined && world.apiKeys.has(key))) {
    key = `${start}${alphabetText(secretBytes(world, length))}`;
  }
  if (!API_KEY_PATTERN.test(key) || !key.startsWith(`svc_${environment}_`)) {
    throw validationError({
      key: `A ${environment} key looks like svc_${environment}_ + letters, digits, _ or -.`,
    });
  }
  // Keys are unique across the worlds of a server because each world's carry its namespace.
  if (!key.startsWith(start)) {
    throw validationError({
      key: `The keys of this world begin with ${start} (keys are unique across worlds); omit key for a random one.`,
    });
  }
  if (world.apiKeys.has(key)) throw validationError({ key: 'This key already exists.' });
  const record: ApiKey = {
    id: world.newId(),
    key,
    name: params.name ?? `${environment} key`,
    organizationId: params.organizationId,
    environment,
    scopes,
    revoked: false,
    createdAt: world.now(),
  };
  world.apiKeys.set(key, record);
  return record;
}

/** Revokes a key (by id or full key). Other keys are unaffected. */
export function revokeApiKey(world: World, idOrKey: string): ApiKey {
  const record = found(
    world.apiKeys.get(idOrKey) ?? [...world.apiKeys.values()].find((key) => key.id === idOrKey),
    'API key not found.',
  );
  record.revoked = true;
  return record;
}

/**
 * Gives every key of the world that does not carry its namespace a fresh secret that does — same
 * id, name, organization, scopes and state — and returns those keys. A fork, or a snapshot
 * of another world restored into this one, must not answer to the keys of the world it came from.
 * The secrets come from the platform's cryptographic source, not the world's seeded stream, so a
 * restored world draws the same ids as the one it was taken from.
 */
export function rekeyApiKeys(world: World): ApiKey[] {
  const namespace = world.keyNamespace;
  if (namespace === undefined) return [];
  const changed: ApiKey[] = [];
  const kept = [...world.apiKeys.values()];
  world.apiKeys.clear();
  for (const record of kept) {
    const start = `svc_${record.environment}_${namespace}`;
    if (!record.key.startsWith(start)) {
      const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32 - namespace.length));
      record.key = `${start}${alphabetText(bytes)}`;
      changed.push(record);
    }
    world.apiKeys.set(record.key, record);
  }
  return changed;
}

/** Random values as key characters, each one's remainder picking a letter or digit. */
function alphabetText(values: ArrayLike<number>): string {
  return Array.from(values, (value) => KEY_ALPHABET[value % KEY_ALPHABET.length]).join('');
}
