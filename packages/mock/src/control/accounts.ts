/**
 * The account controls: organizations and their funds, API keys, sender IDs, tags, contacts and
 * rate limits. Money crosses them as six-digit decimal strings, exactly as the public API writes it.
 */
import { formatMoney, parseMoney } from '@msgsvc/sdk/sms';
import { fundAccount, getAccount } from '../domain/billing/billing-ledger';
import { validationError } from '../domain/core/errors';
import { checkWebhookSecret } from '../domain/core/patterns';
import type { World } from '../domain/engine/world';
import { normalizeRecipient } from '../domain/phone/recipients';
import { applyRateLimitChanges } from '../domain/policies/rate-limits';
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

/** Builds the account controls over a world getter (the world is replaced on `reset`). */
export function createAccountControls(world: () => World): AccountControls {
  const balanceOf = (w: World, organizationId: string) =>
    formatMoney(getAccount(w, getOrganization(w, organizationId).billingAccountId).balance);
  return {
    createOrganization(params) {
      const w = world();
      const { balance, ...options } = checkOptions('createOrganization', params);
      if (options.webhookSecret !== undefined)
        checkWebhookSecret(options.webhookSecret, 'webhook_secret');
      const organization = createOrganization(w, {
        ...options,
        ...(balance === undefined ? {} : { balance: money(balance) }),
      });
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
      fundAccount(w, getOrganization(w, organizationId).billingAccountId, money(amount));
      return balanceOf(w, organizationId);
    },
    balance: (organizationId) => balanceOf(world(), organizationId),
    issueApiKey(params) {
      const key = issueApiKey(world(), checkOptions('issueApiKey', params));
      return { ...apiKeyView(key), key: key.key };
    },
    revokeApiKey: (idOrKey) => apiKeyView(revokeApiKey(world(), idOrKey)),
    apiKeys(organizationId) {
      const w = world();
      const { id } = getOrganization(w, organizationId);
      return [...w.apiKeys.values()].filter((key) => key.organizationId === id).map(apiKeyView);
    },
    createSenderId(params) {
      const w = world();
      return senderIdView(w, createSender(w, checkOptions('createSenderId', params)));
    },
    setSenderIdStatus(senderId, status) {
      const w = world();
      return senderIdView(w, setSenderStatus(w, senderId, status));
    },
    senderIds(organizationId) {
      const w = world();
      const { id } = getOrganization(w, organizationId);
      return [...w.senders.values()]
        .filter((sender) => sender.organizationId === id)
        .map((sender) => senderIdView(w, sender));
    },
    createTag: (organizationId, name) => tagView(createTag(world(), organizationId, name)),
    createContact(params) {
      const w = world();
      const { number, ...options } = checkOptions('createContact', params);
      const organization = getOrganization(w, options.organizationId);
      const normalized = normalizeRecipient(number, organization.defaultCountry);
      if (!normalized.ok) throw validationError({ number: 'Must be a valid phone number.' });
      return contactView(
        createContact(w, { ...options, organizationId: organization.id, e164: normalized.e164 }),
      );
    },
    configureRateLimits(changes) {
      // Open windows are kept. A misspelt key is named as the HTTP body names it: `limits.<key>`.
      const { rateLimits } = world();
      rateLimits.table = applyRateLimitChanges(rateLimits.table, changes, 'limits');
    },
  };
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
