/**
 * The account controls: organizations and their funds, API keys, sender IDs, tags, contacts and
 * rate limits. Money crosses them as six-digit decimal strings, exactly as the public API writes it.
 */
import { formatMoney, parseMoney } from '@msgsvc/sdk/sms';
import { fundAccount, getAccount } from '../domain/billing/billing-ledger';
import { DomainError, validationError } from '../domain/core/errors';
import { WEBHOOK_SECRET_PATTERN } from '../domain/core/patterns';
import { ENVIRONMENTS, oneOf } from '../domain/core/vocabulary';
import type { World } from '../domain/engine/world';
import { normalizeRecipient } from '../domain/phone/recipients';
import { configureRateLimits } from '../domain/policies/rate-limits';
import { issueApiKey, revokeApiKey } from '../domain/tenancy/api-keys';
import {
  createContact,
  createOrganization,
  createSender,
  createTag,
  getOrganization,
  setSenderStatus,
} from '../domain/tenancy/organizations';
import { checkOptions } from './control-options';
import type { AccountControls } from './mock-control';
import { apiKeyView, contactView, organizationView, senderIdView, tagView } from './views';

/**
 * Builds the account controls over a world getter (the world is replaced on `reset`).
 *
 * @param world - Returns the current world.
 */
export function createAccountControls(world: () => World): AccountControls {
  return {
    ...organizationControls(world),
    ...apiKeyControls(world),
    ...senderIdControls(world),
    ...contactControls(world),
    configureRateLimits(changes) {
      // A misspelt key is named as the HTTP body names it: `limits.<key>`.
      configureRateLimits(world(), changes, 'limits');
    },
  };
}

// The controls of organizations and their funds.
function organizationControls(
  world: () => World,
): Pick<
  AccountControls,
  'createOrganization' | 'organizations' | 'organization' | 'fundAccount' | 'balance'
> {
  return {
    createOrganization(params) {
      checkOptions('createOrganization', params);
      if (
        params.webhook_secret !== undefined &&
        !WEBHOOK_SECRET_PATTERN.test(params.webhook_secret)
      ) {
        throw validationError({
          webhook_secret: 'Must be whsec_ followed by base64 of 24 to 64 bytes.',
        });
      }
      const w = world();
      const organization = createOrganization(w, {
        name: params.name,
        ...(params.default_country === undefined ? {} : { defaultCountry: params.default_country }),
        ...(params.currency === undefined ? {} : { currency: params.currency }),
        ...(params.balance === undefined ? {} : { balance: money(params.balance) }),
        ...(params.webhook_secret === undefined ? {} : { webhookSecret: params.webhook_secret }),
      });
      // The one response that shows the new organization's webhook secret in full.
      return { ...organizationView(w, organization), webhook_secret: organization.webhookSecret };
    },

    organizations() {
      const w = world();
      return [...w.organizations.values()].map((organization) => organizationView(w, organization));
    },

    organization(organizationId) {
      const w = world();
      return organizationView(w, getOrganization(w, organizationId));
    },

    fundAccount(organizationId, amount) {
      const w = world();
      const organization = getOrganization(w, organizationId);
      fundAccount(w, organization.billingAccountId, money(amount));
      return formatMoney(getAccount(w, organization.billingAccountId).balance);
    },

    balance(organizationId) {
      const w = world();
      const organization = getOrganization(w, organizationId);
      return formatMoney(getAccount(w, organization.billingAccountId).balance);
    },
  };
}

// The controls of API keys.
function apiKeyControls(
  world: () => World,
): Pick<AccountControls, 'issueApiKey' | 'revokeApiKey' | 'apiKeys'> {
  return {
    issueApiKey(params) {
      checkOptions('issueApiKey', params);
      if (params.environment !== undefined) oneOf(params.environment, ENVIRONMENTS, 'environment');
      const key = issueApiKey(world(), {
        organizationId: params.organization_id,
        ...(params.environment === undefined ? {} : { environment: params.environment }),
        ...(params.scopes === undefined ? {} : { scopes: params.scopes }),
        ...(params.name === undefined ? {} : { name: params.name }),
        ...(params.key === undefined ? {} : { key: params.key }),
      });
      return { ...apiKeyView(key), key: key.key };
    },

    revokeApiKey(idOrKey) {
      return apiKeyView(revokeApiKey(world(), idOrKey));
    },

    apiKeys(organizationId) {
      const w = world();
      const organization = getOrganization(w, organizationId);
      return [...w.apiKeys.values()]
        .filter((key) => key.organizationId === organization.id)
        .map(apiKeyView);
    },
  };
}

// The controls of sender IDs.
function senderIdControls(
  world: () => World,
): Pick<AccountControls, 'createSenderId' | 'setSenderIdStatus' | 'senderIds'> {
  return {
    createSenderId(params) {
      checkOptions('createSenderId', params);
      const w = world();
      const sender = createSender(w, {
        organizationId: params.organization_id,
        name: params.name,
        ...(params.status === undefined ? {} : { status: params.status }),
        ...(params.make_default === undefined ? {} : { makeDefault: params.make_default }),
      });
      return senderIdView(w, sender);
    },

    setSenderIdStatus(senderId, status) {
      const w = world();
      return senderIdView(w, setSenderStatus(w, senderId, status));
    },

    senderIds(organizationId) {
      const w = world();
      const organization = getOrganization(w, organizationId);
      return [...w.senders.values()]
        .filter((sender) => sender.organizationId === organization.id)
        .map((sender) => senderIdView(w, sender));
    },
  };
}

// The controls of tags and contacts.
function contactControls(world: () => World): Pick<AccountControls, 'createTag' | 'createContact'> {
  return {
    createTag(organizationId, name) {
      return tagView(createTag(world(), organizationId, name));
    },

    createContact(params) {
      checkOptions('createContact', params);
      const w = world();
      const organization = getOrganization(w, params.organization_id);
      const normalized = normalizeRecipient(params.number, organization.defaultCountry);
      if (!normalized.ok) throw validationError({ number: 'Must be a valid phone number.' });
      // The domain names its own fields; a control caller gave `number` and `tag_ids`.
      const contact = withFieldNames({ e164: 'number', tagIds: 'tag_ids' }, () =>
        createContact(w, {
          organizationId: organization.id,
          name: params.name,
          e164: normalized.e164,
          email: params.email ?? null,
          tagIds: [...(params.tag_ids ?? [])],
        }),
      );
      return contactView(contact);
    },
  };
}

/** Runs `work`, renaming the fields of a validation error it throws to the caller's names. */
function withFieldNames<T>(names: Readonly<Record<string, string>>, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof DomainError) || error.fields === undefined) throw error;
    const fields = Object.fromEntries(
      Object.entries(error.fields).map(([field, message]) => [
        Object.hasOwn(names, field) ? names[field]! : field,
        message,
      ]),
    );
    throw new DomainError({ code: error.code, message: error.message, fields });
  }
}

function money(text: string): number {
  try {
    return parseMoney(text);
  } catch {
    throw validationError({
      amount: 'Must be a decimal string with at most six fraction digits, e.g. "1000.50".',
    });
  }
}
