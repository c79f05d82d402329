/**
 * How the control API renders records: snake_case JSON like the public API, timestamps and money
 * in the service's formats. API keys and webhook secrets are rendered by prefix except in the one
 * response that creates them (the only time a full secret is shown, as in the service itself;
 * decisions D51, D62).
 */

import { keyPrefix } from '@msgsvc/sdk';
import { formatMoney } from '@msgsvc/sdk/sms';
import type { ApiKey, Contact, Organization, Remitter, Tag } from '../../domain/kernel/model';
import { WEBHOOK_SECRET_PREFIX } from '../../domain/kernel/patterns';
import { formatTimestamp } from '../../domain/kernel/time-format';
import type { World } from '../../domain/kernel/world';

/** An organization with its billing account. */
export function organizationView(world: World, organization: Organization) {
  const account = world.accounts.get(organization.billingAccountId);
  return {
    id: organization.id,
    name: organization.name,
    default_country: organization.defaultCountry,
    billing_account_id: organization.billingAccountId,
    currency: account?.currency ?? null,
    balance: account === undefined ? null : formatMoney(account.balance),
    default_sender_id: organization.defaultRemitterId,
    created_at: formatTimestamp(organization.createdAt),
  };
}

/** An API key by prefix; `full` adds the secret (only when it is issued). */
export function apiKeyView(key: ApiKey, full = false) {
  return {
    id: key.id,
    name: key.name,
    organization_id: key.organizationId,
    environment: key.environment,
    prefix: keyPrefix(key.key),
    ...(full ? { key: key.key } : {}),
    scopes: [...key.scopes],
    revoked: key.revoked,
    created_at: formatTimestamp(key.createdAt),
  };
}

/** A webhook secret as it may be displayed: `whsec_` and its first four characters. */
export function displaySecret(secret: string): string {
  const kindEnd = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? WEBHOOK_SECRET_PREFIX.length : 0;
  return `${secret.slice(0, kindEnd + 4)}…`;
}

/** A webhook endpoint as a read shows it: the secret by prefix (`secret_prefix`). */
export function webhookEndpointView<E extends { readonly secret: string }>(endpoint: E) {
  const { secret, ...rest } = endpoint;
  return { ...rest, secret_prefix: displaySecret(secret) };
}

/** A sender ID. */
export function senderIdView(world: World, remitter: Remitter) {
  return {
    id: remitter.id,
    organization_id: remitter.organizationId,
    name: remitter.name,
    status: remitter.status,
    is_default: world.organizations.get(remitter.organizationId)?.defaultRemitterId === remitter.id,
    created_at: formatTimestamp(remitter.createdAt),
  };
}

/** An audience tag. */
export function tagView(tag: Tag) {
  return { id: tag.id, organization_id: tag.organizationId, name: tag.name };
}

/** A contact. */
export function contactView(contact: Contact) {
  return {
    id: contact.id,
    organization_id: contact.organizationId,
    name: contact.name,
    email: contact.email,
    e164_format: contact.e164,
    tag_ids: [...contact.tagIds],
    created_at: formatTimestamp(contact.createdAt),
  };
}

/** Every key of an organization, by prefix. */
export function keysOf(world: World, organizationId: string) {
  return [...world.apiKeys.values()]
    .filter((key) => key.organizationId === organizationId)
    .map((key) => apiKeyView(key));
}

/** Every sender ID of an organization. */
export function senderIdsOf(world: World, organizationId: string) {
  return [...world.remitters.values()]
    .filter((remitter) => remitter.organizationId === organizationId)
    .map((remitter) => senderIdView(world, remitter));
}
