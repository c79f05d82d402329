/**
 * How the control API renders records, in-process and over HTTP alike. API keys and webhook secrets
 * are rendered by prefix except in the one response that creates them, as in the service itself.
 */

import { keyPrefix, type WebhookEvent } from '@msgsvc/sdk';
import { redactSecrets } from '@msgsvc/sdk/contract';
import { formatMoney } from '@msgsvc/sdk/sms';
import type { LedgerCheck } from '../domain/billing/billing-ledger';
import type {
  ApiKey,
  CampaignRecord,
  CampaignStatus,
  Contact,
  InboundMessage,
  LedgerEntry,
  MessageRecord,
  MessageStatus,
  Organization,
  SenderId,
  Tag,
} from '../domain/core/model';
import { formatTimestamp } from '../domain/core/time-format';
import type { ReadonlyWorld } from '../domain/engine/readonly-world';
import type { StatusStep } from '../domain/history/status-history';
import type { FaultState } from '../domain/policies/faults';
import type { TriggerOutcome } from '../domain/webhooks/trigger-events';
import type { WebhookDelivery, WebhookEndpoint } from '../domain/webhooks/webhooks';
import type {
  ApiKeyView,
  ContactView,
  DeliveryView,
  FaultsView,
  InboundView,
  LedgerCheckView,
  LedgerEntryView,
  OrganizationView,
  SenderIdView,
  TagView,
  TriggerView,
  WebhookEndpointView,
} from './mock-control';

/** An organization with its billing account. */
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

/** An API key by prefix. */
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

/** A sender ID. */
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

/** An audience tag. */
export function tagView(tag: Tag): TagView {
  return { id: tag.id, organization_id: tag.organizationId, name: tag.name };
}

/** A contact. */
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

/** A ledger entry. */
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

/** One account's ledger check. */
export function ledgerCheckView(check: LedgerCheck): LedgerCheckView {
  return {
    billing_account_id: check.billingAccountId,
    balance: formatMoney(check.balance),
    funded: formatMoney(check.funded),
    outstanding_cost: formatMoney(check.outstandingCost),
    ok: check.ok,
  };
}

/** The armed faults. */
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

/** A webhook endpoint, its secret by prefix. */
export function webhookEndpointView(endpoint: WebhookEndpoint): WebhookEndpointView {
  return {
    id: endpoint.id,
    organization_id: endpoint.organizationId,
    environment: endpoint.environment,
    url: endpoint.url,
    secret_prefix: redactSecrets(endpoint.secret),
    events: endpoint.events === null ? null : [...endpoint.events],
    disabled: endpoint.disabled,
    created_at: formatTimestamp(endpoint.createdAt),
  };
}

/** An outbox entry. */
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

/** An inbound message. */
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

/** A trigger's outcome in the control vocabulary. */
export function triggerView(outcome: TriggerOutcome): TriggerView {
  return {
    type: outcome.type,
    subject: { ...outcome.subject },
    // The bodies exactly as signed and sent, read back.
    events: outcome.events.map((event) => JSON.parse(event.body) as WebhookEvent),
    deliveries: [...outcome.deliveries],
  };
}

/**
 * One step of a status history. A history holds every step since the record was created, across
 * snapshots, restores and state files.
 */
export interface StatusStepView<S extends string = string> {
  /** The status reached. */
  readonly status: S;
  /** When, in world time (ISO 8601, microseconds). */
  readonly at: string;
  /** The error code the record carried from this step on, or `null`. */
  readonly error_code: string | null;
}

function view<S extends string>(steps: readonly StatusStep<S>[]): StatusStepView<S>[] {
  return steps.map((step) => ({
    status: step.status,
    at: formatTimestamp(step.at),
    error_code: step.errorCode,
  }));
}

/** A message's status history, oldest first. */
export function messageHistory(
  world: ReadonlyWorld,
  message: MessageRecord,
): StatusStepView<MessageStatus>[] {
  return view(world.history.messageSteps(message));
}

/** A campaign's status history, oldest first. */
export function campaignHistory(
  world: ReadonlyWorld,
  campaign: CampaignRecord,
): StatusStepView<CampaignStatus>[] {
  return view(world.history.campaignSteps(campaign));
}
