/**
 * The control API: everything a test (or the server's control endpoints) does to a world that the
 * public API cannot — create organizations, fund accounts, issue and revoke keys, register sender
 * IDs and contacts — and every read of state a test wants to assert on. Money crosses this API as
 * six-digit decimal strings, exactly as the public API writes it.
 */
import { formatMoney, parseMoney } from '@msgsvc/sdk/sms';
import {
  checkLedger,
  fundAccount,
  getAccount,
  type LedgerCheck,
  ledgerOf,
} from './domain/billing/billing-ledger';
import { DomainError, validationError } from './domain/kernel/errors';
import type { Environment, RemitterStatus } from './domain/kernel/model';
import { WEBHOOK_SECRET_PATTERN } from './domain/kernel/patterns';
import { formatTimestamp } from './domain/kernel/time-format';
import { ENVIRONMENTS, oneOf } from './domain/kernel/vocabulary';
import type { World } from './domain/kernel/world';
import { normalizeRecipient } from './domain/phone/recipients';
import { configureRateLimits, type RateLimitChanges } from './domain/policies/rate-limits';
import { type IssueApiKeyParams, issueApiKey, revokeApiKey } from './domain/tenancy/api-keys';
import {
  createContact,
  createOrganization,
  createRemitter,
  createTag,
  getOrganization,
  setRemitterStatus,
} from './domain/tenancy/organizations';
import { campaignObject, messageDetail } from './http/serializers';

/** A ledger entry as the control API shows it. */
export interface LedgerEntryView {
  /** The entry's id. */
  readonly id: string;
  /** `FUNDING`, `CAMPAIGN_DEBIT`, `MESSAGE_DEBIT` or `REFUND`. */
  readonly kind: string;
  /** Signed decimal string: credits positive, debits negative, e.g. `"-8.000000"`. */
  readonly amount: string;
  /** The account's balance after this entry, a decimal string. */
  readonly balance_after: string;
  /** When the entry was written (ISO 8601, microseconds, `+00:00`). */
  readonly at: string;
  /** The campaign it concerns, if any. */
  readonly campaign_id: string | null;
  /** The message it concerns, if any. */
  readonly message_id: string | null;
  /** A short human description. */
  readonly note: string;
}

/** Builds the control API over a world getter (the world is replaced on `reset`). */
export function createControlApi(world: () => World) {
  return {
    /** Creates an organization and its billing account; `balance` is a decimal string. */
    createOrganization(params: {
      name: string;
      defaultCountry?: string;
      currency?: string;
      balance?: string;
      webhookSecret?: string;
    }) {
      if (
        params.webhookSecret !== undefined &&
        !WEBHOOK_SECRET_PATTERN.test(params.webhookSecret)
      ) {
        throw validationError({
          webhookSecret: 'Must be whsec_ followed by base64 of 24 to 64 bytes.',
        });
      }
      const organization = createOrganization(world(), {
        name: params.name,
        ...(params.defaultCountry === undefined ? {} : { defaultCountry: params.defaultCountry }),
        ...(params.currency === undefined ? {} : { currency: params.currency }),
        ...(params.balance === undefined ? {} : { balance: money(params.balance) }),
        ...(params.webhookSecret === undefined ? {} : { webhookSecret: params.webhookSecret }),
      });
      return { ...organization };
    },

    /** Every organization, oldest first. */
    organizations() {
      return [...world().organizations.values()].map((organization) => ({ ...organization }));
    },

    /** Adds `amount` (decimal string) to an organization's account; returns the new balance. */
    fundAccount(organizationId: string, amount: string): string {
      const organization = getOrganization(world(), organizationId);
      fundAccount(world(), organization.billingAccountId, money(amount));
      return formatMoney(getAccount(world(), organization.billingAccountId).balance);
    },

    /** An organization's balance, as a decimal string. */
    balance(organizationId: string): string {
      const organization = getOrganization(world(), organizationId);
      return formatMoney(getAccount(world(), organization.billingAccountId).balance);
    },

    /** Issues an API key; the result carries the full key (shown only here). */
    issueApiKey(params: IssueApiKeyParams) {
      if (params.environment !== undefined) oneOf(params.environment, ENVIRONMENTS, 'environment');
      const key = issueApiKey(world(), params);
      return {
        ...key,
        /** Canonical scope strings (decision D5). */
        scopes: [...key.scopes],
      };
    },

    /** Revokes a key by id or key string. */
    revokeApiKey(idOrKey: string): void {
      revokeApiKey(world(), idOrKey);
    },

    /** Registers a sender ID (approved unless `status` says otherwise). */
    createRemitter(params: {
      organizationId: string;
      name: string;
      status?: RemitterStatus;
      makeDefault?: boolean;
    }) {
      return { ...createRemitter(world(), params) };
    },

    /** Approves (or rejects, or resets to pending) a sender ID. */
    setRemitterStatus(remitterId: string, status: RemitterStatus) {
      return { ...setRemitterStatus(world(), remitterId, status) };
    },

    /** Creates an audience tag. */
    createTag(organizationId: string, name: string) {
      return { ...createTag(world(), organizationId, name) };
    },

    /** Adds a contact; `number` is normalised with the organization's default country. */
    createContact(params: {
      organizationId: string;
      name: string;
      number: string;
      email?: string | null;
      tagIds?: string[];
    }) {
      const organization = getOrganization(world(), params.organizationId);
      const normalized = normalizeRecipient(params.number, organization.defaultCountry);
      if (!normalized.ok) throw validationError({ number: 'Must be a valid phone number.' });
      return {
        ...createContact(world(), {
          organizationId: organization.id,
          name: params.name,
          e164: normalized.e164,
          email: params.email ?? null,
          tagIds: params.tagIds ?? [],
        }),
      };
    },

    /** Every message sent to `number` (any organization, any environment), oldest first. */
    messagesTo(number: string, defaultCountry = 'AO') {
      const normalized = normalizeRecipient(number, defaultCountry);
      const e164 = normalized.ok ? normalized.e164 : number;
      const w = world();
      return [...w.messages.all()]
        .filter((message) => message.e164 === e164)
        .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
        .map((message) => messageDetail(w, message));
    },

    /** A message in its Retrieve Message shape, whatever its tenant. */
    message(id: string) {
      const w = world();
      const message = w.messages.get(id);
      if (message === undefined)
        throw new DomainError({ code: 'NOT_FOUND', message: 'Message not found.' });
      return messageDetail(w, message);
    },

    /** An organization's campaigns in one environment, oldest first, in the Campaign shape. */
    campaigns(organizationId: string, environment: Environment = 'live') {
      oneOf(environment, ENVIRONMENTS, 'environment');
      const w = world();
      return w.campaigns
        .tenant(organizationId, environment)
        .map((campaign) => campaignObject(w, campaign));
    },

    /** How many messages and campaigns the world holds. */
    counts() {
      const w = world();
      return {
        /** Messages of every organization and environment. */
        messages: w.messages.size,
        /** Campaigns of every organization and environment. */
        campaigns: w.campaigns.size,
        /** Background tasks still scheduled. */
        pendingTasks: w.scheduler.size,
      };
    },

    /** An organization's ledger, oldest first. */
    ledger(organizationId: string): LedgerEntryView[] {
      const organization = getOrganization(world(), organizationId);
      return ledgerOf(world(), organization.billingAccountId).map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        amount: formatMoney(entry.amount),
        balance_after: formatMoney(entry.balanceAfter),
        at: formatTimestamp(entry.at),
        campaign_id: entry.campaignId,
        message_id: entry.messageId,
        note: entry.note,
      }));
    },

    /** Checks `balance = funded − Σ cost not refunded` on every account. */
    checkLedger(): LedgerCheck[] {
      return checkLedger(world());
    },

    /**
     * Tightens, relaxes or disables rate limits (decision D8): requests per minute by operation id,
     * `null` for unlimited, or `false` to disable them all.
     *
     * @throws UnknownValueError (a `TypeError`) for a key that is not an operation id.
     */
    configureRateLimits(changes: RateLimitChanges | false): void {
      configureRateLimits(world(), changes);
    },
  };
}

/**
 * The control API's type: accounts, keys, sender IDs, contacts and reads of state.
 *
 * @interface
 */
export type ControlApi = ReturnType<typeof createControlApi>;

function money(text: string): number {
  try {
    return parseMoney(text);
  } catch {
    throw validationError({
      amount: 'Must be a decimal string with at most six fraction digits, e.g. "1000.50".',
    });
  }
}
