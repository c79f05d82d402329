/**
 * Organizations and their billing accounts, sender IDs, contacts and tags: the control-side
 * operations that set a world up. None of them is reachable through the public API.
 */

import { fundAccount } from '../billing/billing-ledger';
import { found, validationError } from '../core/errors';
import type { Contact, Organization, SenderId, SenderIdStatus, Tag } from '../core/model';
import { WEBHOOK_SECRET_PREFIX } from '../core/patterns';
import { oneOf, SENDER_ID_STATUSES } from '../core/vocabulary';
import type { World } from '../core/world';
import type { ControlSchema, OfOrganization } from './control-params';
import { secretBytes } from './secret-bytes';

/** Parameters of {@link createOrganization}; `balance` in micro-units (a funding ledger entry). */
export type CreateOrganizationParams = Omit<
  ControlSchema<'CreateOrganizationRequest'>,
  'balance'
> & {
  readonly balance?: number;
};

/** A new `whsec_` secret: base64 of 24 random bytes (seeded unless namespaced: `secret-bytes.ts`). */
function newWebhookSecret(world: World): string {
  return `${WEBHOOK_SECRET_PREFIX}${btoa(String.fromCharCode(...secretBytes(world, 24)))}`;
}

/** Creates an organization with its billing account. */
export function createOrganization(world: World, params: CreateOrganizationParams): Organization {
  const defaultCountry = params.defaultCountry ?? 'AO';
  if (!/^[A-Z]{2}$/.test(defaultCountry)) {
    throw validationError({ default_country: 'Must be an ISO 3166-1 alpha-2 code such as AO.' });
  }
  const organization: Organization = {
    id: world.newId(),
    name: params.name,
    defaultCountry,
    billingAccountId: world.newId(),
    defaultSenderId: null,
    webhookSecret: params.webhookSecret ?? newWebhookSecret(world),
    createdAt: world.now(),
  };
  world.organizations.set(organization.id, organization);
  world.accounts.set(organization.billingAccountId, {
    id: organization.billingAccountId,
    organizationId: organization.id,
    currency: params.currency ?? 'AOA',
    balance: 0,
    funded: 0,
  });
  if (params.balance !== undefined && params.balance > 0) {
    fundAccount(world, organization.billingAccountId, params.balance, 'Opening balance');
  }
  return organization;
}

/** The organization with `id`, or a `RESOURCE_NOT_FOUND`. */
export function getOrganization(world: World, id: string): Organization {
  return found(world.organizations.get(id), 'Organization not found.');
}

/** Parameters of {@link createSender}. */
export type CreateSenderParams = OfOrganization & ControlSchema<'CreateSenderIdRequest'>;

/** Registers a sender ID for an organization. */
export function createSender(world: World, params: CreateSenderParams): SenderId {
  const organization = getOrganization(world, params.organizationId);
  const status = oneOf(params.status ?? 'APPROVED', SENDER_ID_STATUSES, 'status');
  const sender: SenderId = {
    id: world.newId(),
    organizationId: organization.id,
    name: params.name,
    status,
    createdAt: world.now(),
  };
  world.senders.set(sender.id, sender);
  if (params.makeDefault ?? (status === 'APPROVED' && organization.defaultSenderId === null)) {
    organization.defaultSenderId = sender.id;
  }
  return sender;
}

/** Changes a sender ID's approval status. */
export function setSenderStatus(world: World, id: string, status: SenderIdStatus): SenderId {
  oneOf(status, SENDER_ID_STATUSES, 'status');
  const sender = found(world.senders.get(id), 'Sender ID not found.');
  sender.status = status;
  const organization = getOrganization(world, sender.organizationId);
  if (status === 'APPROVED' && organization.defaultSenderId === null) {
    organization.defaultSenderId = sender.id;
  }
  return sender;
}

/**
 * The approved sender ID a send uses: the one named, which must belong to the
 * caller's organization and be approved, or else the organization's default.
 */
export function usableSender(
  world: World,
  organizationId: string,
  senderId: string | undefined,
): SenderId {
  const id = senderId ?? getOrganization(world, organizationId).defaultSenderId;
  if (id === null) {
    throw validationError({
      remitter_id: 'Required: the organization has no default sender ID.',
    });
  }
  const sender = world.senders.get(id);
  if (sender === undefined || sender.organizationId !== organizationId) {
    throw validationError({ remitter_id: 'Sender ID not found' });
  }
  if (sender.status !== 'APPROVED') {
    throw validationError({ remitter_id: 'Sender ID is not approved' });
  }
  return sender;
}

/** Creates an audience tag. */
export function createTag(world: World, organizationId: string, name: string): Tag {
  getOrganization(world, organizationId);
  const tag: Tag = { id: world.newId(), organizationId, name };
  world.tags.set(tag.id, tag);
  return tag;
}

/** Parameters of {@link createContact}: the number already in E.164 (the control API normalises it). */
export type CreateContactParams = OfOrganization &
  Omit<ControlSchema<'CreateContactRequest'>, 'number'> & { readonly e164: string };

/**
 * Adds a contact; a later message to its number carries its id. A bad field is named as the control
 * API's caller gave it (`number`, `tag_ids`).
 */
export function createContact(world: World, params: CreateContactParams): Contact {
  getOrganization(world, params.organizationId);
  for (const tagId of params.tagIds ?? []) {
    const tag = world.tags.get(tagId);
    if (tag === undefined || tag.organizationId !== params.organizationId) {
      throw validationError({ tag_ids: `Tag not found: ${tagId}` });
    }
  }
  if (contactForNumber(world, params.organizationId, params.e164) !== undefined) {
    throw validationError({ number: 'A contact with this number already exists.' });
  }
  const now = world.now();
  const contact: Contact = {
    id: world.newId(),
    organizationId: params.organizationId,
    name: params.name,
    email: params.email ?? null,
    e164: params.e164,
    tagIds: [...(params.tagIds ?? [])],
    createdAt: now,
    updatedAt: now,
  };
  world.contacts.set(contact.id, contact);
  return contact;
}

/** The contact of an organization with this number, if any. */
export function contactForNumber(
  world: World,
  organizationId: string,
  e164: string,
): Contact | undefined {
  for (const contact of world.contacts.values()) {
    if (contact.e164 === e164 && contact.organizationId === organizationId) return contact;
  }
  return undefined;
}

/**
 * Gives every organization of the world a new webhook signing secret, and every endpoint that
 * signed with its organization's old one the new one (an endpoint's own secret stays): a fork, or
 * a snapshot of another world restored into this one, must not sign like the world it came from.
 */
export function resecretWebhooks(world: World): void {
  for (const organization of world.organizations.values()) {
    const from = organization.webhookSecret;
    organization.webhookSecret = newWebhookSecret(world);
    for (const endpoint of world.webhooks.endpoints) {
      if (endpoint.organizationId === organization.id && endpoint.secret === from) {
        endpoint.secret = organization.webhookSecret;
      }
    }
  }
}
