/**
 * How the control API renders records, in-process and over HTTP alike (one vocabulary): snake_case
 * fields like the public API, timestamps as ISO 8601 and money as decimal strings, in the service's
 * formats. API keys and webhook secrets are rendered by prefix except in the one response that
 * creates them (the only time a full secret is shown, as in the service itself).
 */

import { keyPrefix, type WebhookEvent } from '@msgsvc/sdk';
import { formatMoney } from '@msgsvc/sdk/sms';
import type { LedgerCheck } from '../domain/billing/billing-ledger';
import type {
  ApiKey,
  Contact,
  Environment,
  InboundMessage,
  LedgerEntry,
  Organization,
  SenderId,
  SenderIdStatus,
  Tag,
} from '../domain/core/model';
import type { OperationId } from '../domain/core/operation-ids';
import { WEBHOOK_SECRET_PREFIX } from '../domain/core/patterns';
import { formatTimestamp } from '../domain/core/time-format';
import type { ReadonlyWorld } from '../domain/engine/readonly-world';
import type { FaultState } from '../domain/policies/faults';
import type { TriggerOutcome } from '../domain/webhooks/trigger-events';
import type { WebhookEventType } from '../domain/webhooks/webhook-events';
import type { DeliveryState, WebhookDelivery, WebhookEndpoint } from '../domain/webhooks/webhooks';

/** An organization and its billing account. */
export interface OrganizationView {
  /** The organization's id. */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** ISO 3166-1 alpha-2 country used to read national numbers, e.g. `AO`. */
  readonly default_country: string;
  /** Its billing account's id. */
  readonly billing_account_id: string;
  /** The account's currency, e.g. `AOA`. */
  readonly currency: string | null;
  /** The account's balance, a decimal string. */
  readonly balance: string | null;
  /** The id of its default sender ID, if any. */
  readonly default_sender_id: string | null;
  /** When it was created (ISO 8601). */
  readonly created_at: string;
}

/** An organization as created: with its webhook signing secret, shown only here. */
export interface CreatedOrganizationView extends OrganizationView {
  /** The organization's webhook signing secret, `whsec_…`. */
  readonly webhook_secret: string;
}

/** An API key, by prefix. */
export interface ApiKeyView {
  /** The key's id (for revoking it without the key). */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** The organization it acts for. */
  readonly organization_id: string;
  /** `live` or `test`. */
  readonly environment: Environment;
  /** The environment and the first four characters of the secret, e.g. `svc_live_AbCd`. */
  readonly prefix: string;
  /** Canonical scope strings. */
  readonly scopes: readonly string[];
  /** True once revoked. */
  readonly revoked: boolean;
  /** When it was issued (ISO 8601). */
  readonly created_at: string;
}

/** An API key as issued: with the full key, shown only here. */
export interface IssuedApiKeyView extends ApiKeyView {
  /** The full key, `svc_live_…` or `svc_test_…`. */
  readonly key: string;
}

/** A sender ID (the wire's `remitter_id` names one). */
export interface SenderIdView {
  /** The sender ID's id (a message's `remitter_id`). */
  readonly id: string;
  /** The organization that registered it. */
  readonly organization_id: string;
  /** The name handsets see, e.g. `MYSHOP`. */
  readonly name: string;
  /** `APPROVED`, `PENDING` or `REJECTED`. */
  readonly status: SenderIdStatus;
  /** True when it is its organization's default. */
  readonly is_default: boolean;
  /** When it was registered (ISO 8601). */
  readonly created_at: string;
}

/** An audience tag. */
export interface TagView {
  /** The tag's id. */
  readonly id: string;
  /** The organization it belongs to. */
  readonly organization_id: string;
  /** Its name. */
  readonly name: string;
}

/** A contact. */
export interface ContactView {
  /** The contact's id. */
  readonly id: string;
  /** The organization it belongs to. */
  readonly organization_id: string;
  /** Its name. */
  readonly name: string;
  /** Its email, if any. */
  readonly email: string | null;
  /** Its number in E.164, e.g. `+244923000001`. */
  readonly e164_format: string;
  /** The tags it carries. */
  readonly tag_ids: readonly string[];
  /** When it was created (ISO 8601). */
  readonly created_at: string;
}

/** A ledger entry. */
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

/** One billing account checked against `balance = funded − Σ cost not refunded`. */
export interface LedgerCheckView {
  /** The account's id. */
  readonly billing_account_id: string;
  /** Its balance, a decimal string. */
  readonly balance: string;
  /** Everything ever funded, a decimal string. */
  readonly funded: string;
  /** The cost of charged messages not refunded, a decimal string. */
  readonly outstanding_cost: string;
  /** True when the equation holds. */
  readonly ok: boolean;
}

/** How many records and tasks the world holds. */
export interface CountsView {
  /** Messages of every organization and environment. */
  readonly messages: number;
  /** Campaigns of every organization and environment. */
  readonly campaigns: number;
  /** Background tasks still scheduled. */
  readonly pending_tasks: number;
}

/** The armed faults. */
export interface FaultsView {
  /** Requests that will answer 500 or 503 without executing. */
  readonly request_failures: readonly {
    /** The fault's id (for `clearFaults`). */
    readonly id: string;
    /** The operation it applies to; `null` for any. */
    readonly operation_id: OperationId | null;
    /** The status the requests answer. */
    readonly status: 500 | 503;
    /** Requests still to fail. */
    readonly remaining: number;
  }[];
  /** Requests that will be answered late (wall-clock time). */
  readonly latencies: readonly {
    /** The fault's id (for `clearFaults`). */
    readonly id: string;
    /** The operation it applies to; `null` for any. */
    readonly operation_id: OperationId | null;
    /** The delay, in milliseconds. */
    readonly ms: number;
    /** Requests still to delay. */
    readonly remaining: number;
  }[];
  /** Campaigns whose dispatch will fail with `SYSTEM_DISPATCH_ERROR`. */
  readonly dispatch_failures: readonly {
    /** The fault's id (for `clearFaults`). */
    readonly id: string;
    /** The campaign it applies to; `null` for the next ones processed. */
    readonly campaign_id: string | null;
    /** Campaigns still to fail. */
    readonly remaining: number;
  }[];
  /** Carrier outages: messages to `destination` are `UNDELIVERED` between `from` and `to`. */
  readonly carrier_outages: readonly {
    /** The fault's id (for `clearFaults`). */
    readonly id: string;
    /** The carrier code, e.g. `UNITEL`. */
    readonly destination: string;
    /** Start of the outage (ISO 8601, world time). */
    readonly from: string;
    /** End of the outage (ISO 8601, world time). */
    readonly to: string;
  }[];
}

/** A webhook endpoint, its secret by prefix. */
export interface WebhookEndpointView {
  /** The endpoint's id. */
  readonly id: string;
  /** The organization it belongs to. */
  readonly organization_id: string;
  /** `live` or `test`: which records notify it. */
  readonly environment: Environment;
  /** Where deliveries are POSTed; `null` for an in-process listener. */
  readonly url: string | null;
  /** `whsec_` and the secret's first four characters. */
  readonly secret_prefix: string;
  /** The event types it receives; `null` for all. */
  readonly events: readonly WebhookEventType[] | null;
  /** True once it answered 410 (no more deliveries). */
  readonly disabled: boolean;
  /** When it was registered (ISO 8601). */
  readonly created_at: string;
}

/** A webhook endpoint as registered: with its full signing secret, shown only here. */
export interface CreatedWebhookEndpointView extends WebhookEndpointView {
  /** Its signing secret, `whsec_…`. */
  readonly secret: string;
}

/** An outbox entry: one event for one endpoint, its attempts and its next attempt. */
export interface DeliveryView {
  /** The delivery's id, sent as the `webhook-id` header (the same on every retry). */
  readonly id: string;
  /** The endpoint it is for. */
  readonly endpoint_id: string;
  /** The event type, e.g. `message.status_updated`. */
  readonly type: WebhookEventType;
  /**
   * `waiting` (behind an earlier delivery about the same message or campaign), `scheduled`,
   * `in_flight`, `delivered` or `failed` (for good).
   */
  readonly state: DeliveryState;
  /** When the event was queued (ISO 8601). */
  readonly created_at: string;
  /** When the next attempt runs; `null` when none is scheduled. */
  readonly next_attempt_at: string | null;
  /** Every attempt so far, oldest first. */
  readonly attempts: readonly {
    /** When the attempt was made (ISO 8601). */
    readonly at: string;
    /** The endpoint's HTTP status; `null` when no answer came. */
    readonly status: number | null;
    /** Why no answer came (network error, timeout), or `null`. */
    readonly error: string | null;
    /**
     * The `Location` of a 3xx answer (not followed; at most 2048 characters). Present on such
     * attempts only, so assertions written for other attempts keep their shape.
     */
    readonly location?: string;
  }[];
  /** The event as sent: `{ type, timestamp, data }`. */
  readonly event: unknown;
}

/** A message a handset sent to a sender ID. */
export interface InboundView {
  /** The inbound message's id. */
  readonly id: string;
  /** The organization of the sender ID written to. */
  readonly organization_id: string;
  /** `live` or `test`. */
  readonly environment: Environment;
  /** The handset, in E.164. */
  readonly from: string;
  /** The sender ID written to. */
  readonly to: string;
  /** The text. */
  readonly body: string;
  /** `SMS` or `WHATSAPP`. */
  readonly channel_type: string;
  /** The message it answers, if any. */
  readonly in_reply_to: string | null;
  /** When it arrived (ISO 8601). */
  readonly received_at: string;
}

/**
 * An organization with its billing account.
 *
 * @param world - The world the organization lives in.
 * @param organization - The organization.
 */
export function organizationView(
  world: ReadonlyWorld,
  organization: Organization,
): OrganizationView {
  const account = world.accounts.get(organization.billingAccountId);
  return {
    id: organization.id,
    name: organization.name,
    default_country: organization.defaultCountry,
    billing_account_id: organization.billingAccountId,
    currency: account?.currency ?? null,
    balance: account === undefined ? null : formatMoney(account.balance),
    default_sender_id: organization.defaultSenderId,
    created_at: formatTimestamp(organization.createdAt),
  };
}

/**
 * An API key by prefix.
 *
 * @param key - The key.
 */
export function apiKeyView(key: ApiKey): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    organization_id: key.organizationId,
    environment: key.environment,
    prefix: keyPrefix(key.key),
    scopes: [...key.scopes],
    revoked: key.revoked,
    created_at: formatTimestamp(key.createdAt),
  };
}

/**
 * A webhook secret as it may be displayed: `whsec_` and its first four characters.
 *
 * @param secret - The full secret.
 */
export function displaySecret(secret: string): string {
  const kindEnd = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? WEBHOOK_SECRET_PREFIX.length : 0;
  return `${secret.slice(0, kindEnd + 4)}…`;
}

/**
 * A sender ID.
 *
 * @param world - The world it lives in (for its organization's default).
 * @param sender - The sender ID.
 */
export function senderIdView(world: ReadonlyWorld, sender: SenderId): SenderIdView {
  return {
    id: sender.id,
    organization_id: sender.organizationId,
    name: sender.name,
    status: sender.status,
    is_default: world.organizations.get(sender.organizationId)?.defaultSenderId === sender.id,
    created_at: formatTimestamp(sender.createdAt),
  };
}

/**
 * An audience tag.
 *
 * @param tag - The tag.
 */
export function tagView(tag: Tag): TagView {
  return { id: tag.id, organization_id: tag.organizationId, name: tag.name };
}

/**
 * A contact.
 *
 * @param contact - The contact.
 */
export function contactView(contact: Contact): ContactView {
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

/**
 * A ledger entry.
 *
 * @param entry - The entry.
 */
export function ledgerEntryView(entry: LedgerEntry): LedgerEntryView {
  return {
    id: entry.id,
    kind: entry.kind,
    amount: formatMoney(entry.amount),
    balance_after: formatMoney(entry.balanceAfter),
    at: formatTimestamp(entry.at),
    campaign_id: entry.campaignId,
    message_id: entry.messageId,
    note: entry.note,
  };
}

/**
 * One account's ledger check.
 *
 * @param check - The check.
 */
export function ledgerCheckView(check: LedgerCheck): LedgerCheckView {
  return {
    billing_account_id: check.billingAccountId,
    balance: formatMoney(check.balance),
    funded: formatMoney(check.funded),
    outstanding_cost: formatMoney(check.outstandingCost),
    ok: check.ok,
  };
}

/**
 * The armed faults.
 *
 * @param faults - The world's fault state.
 */
export function faultsView(faults: FaultState): FaultsView {
  return {
    request_failures: faults.requestFailures.map((f) => ({
      id: f.id,
      operation_id: f.operationId,
      status: f.status,
      remaining: f.remaining,
    })),
    latencies: faults.latencies.map((f) => ({
      id: f.id,
      operation_id: f.operationId,
      ms: f.ms,
      remaining: f.remaining,
    })),
    dispatch_failures: faults.dispatchFailures.map((f) => ({
      id: f.id,
      campaign_id: f.campaignId,
      remaining: f.remaining,
    })),
    carrier_outages: faults.outages.map((f) => ({
      id: f.id,
      destination: f.destination,
      from: formatTimestamp(f.from),
      to: formatTimestamp(f.to),
    })),
  };
}

/**
 * A webhook endpoint, its secret by prefix.
 *
 * @param endpoint - The endpoint.
 */
export function webhookEndpointView(endpoint: WebhookEndpoint): WebhookEndpointView {
  return {
    id: endpoint.id,
    organization_id: endpoint.organizationId,
    environment: endpoint.environment,
    url: endpoint.url,
    secret_prefix: displaySecret(endpoint.secret),
    events: endpoint.events === null ? null : [...endpoint.events],
    disabled: endpoint.disabled,
    created_at: formatTimestamp(endpoint.createdAt),
  };
}

/**
 * An outbox entry.
 *
 * @param delivery - The delivery.
 */
export function deliveryView(delivery: WebhookDelivery): DeliveryView {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    type: delivery.type,
    state: delivery.state,
    created_at: formatTimestamp(delivery.createdAt),
    next_attempt_at:
      delivery.nextAttemptAt === null ? null : formatTimestamp(delivery.nextAttemptAt),
    attempts: delivery.attempts.map((a) => ({
      at: formatTimestamp(a.at),
      status: a.status,
      error: a.error,
      ...(a.location === undefined ? {} : { location: a.location }),
    })),
    event: JSON.parse(delivery.body),
  };
}

/**
 * An inbound message.
 *
 * @param inbound - The inbound message.
 */
export function inboundView(inbound: InboundMessage): InboundView {
  return {
    id: inbound.id,
    organization_id: inbound.organizationId,
    environment: inbound.environment,
    from: inbound.from,
    to: inbound.to,
    body: inbound.body,
    channel_type: inbound.channel,
    in_reply_to: inbound.inReplyTo,
    received_at: formatTimestamp(inbound.receivedAt),
  };
}

/** The record a triggered event is about. */
export interface TriggerSubjectView {
  /** A message and a campaign are served by the public API; an inbound message by the control API. */
  readonly kind: 'message' | 'inbound' | 'campaign';
  /** Its id. */
  readonly id: string;
  /** Whether the trigger created it. */
  readonly created: boolean;
}

/** What `mock.control.trigger` answers (`POST /__mock/trigger`). */
export interface TriggerView {
  /** The event type triggered. */
  readonly type: WebhookEventType;
  /** The record the event is about. */
  readonly subject: TriggerSubjectView;
  /** Every webhook event produced, in order, as endpoints receive them (`{ type, timestamp, data }`). */
  readonly events: WebhookEvent[];
  /** The outbox deliveries made for those events (none when no endpoint subscribes to them). */
  readonly deliveries: string[];
}

/**
 * A trigger's outcome in the control vocabulary.
 *
 * @param outcome - What `triggerEvent` did.
 */
export function triggerView(outcome: TriggerOutcome): TriggerView {
  return {
    type: outcome.type,
    subject: { ...outcome.subject },
    // The bodies exactly as signed and sent, read back.
    events: outcome.events.map((event) => JSON.parse(event.body) as WebhookEvent),
    deliveries: [...outcome.deliveries],
  };
}
