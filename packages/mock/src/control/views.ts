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
import { wireName } from '../domain/core/vocabulary';
import type { ReadonlyWorld } from '../domain/engine/readonly-world';
import type { StatusStep } from '../domain/history/status-history';
import type { FaultState } from '../domain/policies/faults';
import type { TriggerOutcome } from '../domain/webhooks/trigger-events';
import type { WebhookDelivery, WebhookEndpoint } from '../domain/webhooks/webhooks';
import type { LedgerEntryView } from './mock-control';

/** A camelCase name in snake_case: `organizationId` → `organization_id`. */
type Snake<Name extends string> = Name extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Tail>}`
  : Name;

/** The `keys` of a record as a view shows them unchanged, named in snake_case. */
function fieldsOf<R extends object, K extends keyof R & string>(
  record: R,
  keys: readonly K[],
): { [P in K as Snake<P>]: R[P] } {
  return Object.fromEntries(keys.map((key) => [wireName(key), record[key]])) as never;
}

/** An organization with its billing account. */
export function organizationView(world: ReadonlyWorld, organization: Organization) {
  const account = world.accounts.get(organization.billingAccountId);
  return {
    ...fieldsOf(organization, [
      'id',
      'name',
      'defaultCountry',
      'billingAccountId',
      'defaultSenderId',
    ]),
    currency: account?.currency ?? null,
    balance: account === undefined ? null : formatMoney(account.balance),
    created_at: formatTimestamp(organization.createdAt),
  };
}

/** An API key by prefix. */
export function apiKeyView(key: ApiKey) {
  return {
    ...fieldsOf(key, ['id', 'name', 'organizationId', 'environment', 'revoked']),
    prefix: keyPrefix(key.key),
    scopes: [...key.scopes],
    created_at: formatTimestamp(key.createdAt),
  };
}

/** A sender ID. */
export function senderIdView(world: ReadonlyWorld, sender: SenderId) {
  return {
    ...fieldsOf(sender, ['id', 'organizationId', 'name', 'status']),
    is_default: world.organizations.get(sender.organizationId)?.defaultSenderId === sender.id,
    created_at: formatTimestamp(sender.createdAt),
  };
}

/** An audience tag. */
export function tagView(tag: Tag) {
  return fieldsOf(tag, ['id', 'organizationId', 'name']);
}

/** A contact. */
export function contactView(contact: Contact) {
  return {
    ...fieldsOf(contact, ['id', 'organizationId', 'name', 'email']),
    e164_format: contact.e164,
    tag_ids: [...contact.tagIds],
    created_at: formatTimestamp(contact.createdAt),
  };
}

/** A ledger entry (its type named: /port exports it, and its docs show the named one). */
export function ledgerEntryView(entry: LedgerEntry): LedgerEntryView {
  return {
    ...fieldsOf(entry, ['id', 'kind', 'campaignId', 'messageId', 'note']),
    amount: formatMoney(entry.amount),
    balance_after: formatMoney(entry.balanceAfter),
    at: formatTimestamp(entry.at),
  };
}

/** One account's ledger check. */
export function ledgerCheckView(check: LedgerCheck) {
  return {
    ...fieldsOf(check, ['billingAccountId', 'ok']),
    balance: formatMoney(check.balance),
    funded: formatMoney(check.funded),
    outstanding_cost: formatMoney(check.outstandingCost),
  };
}

/** The armed faults. */
export function faultsView(faults: FaultState) {
  return {
    request_failures: faults.requestFailures.map((f) =>
      fieldsOf(f, ['id', 'operationId', 'status', 'remaining']),
    ),
    latencies: faults.latencies.map((f) => fieldsOf(f, ['id', 'operationId', 'ms', 'remaining'])),
    dispatch_failures: faults.dispatchFailures.map((f) =>
      fieldsOf(f, ['id', 'campaignId', 'remaining']),
    ),
    carrier_outages: faults.outages.map((f) => ({
      ...fieldsOf(f, ['id', 'destination']),
      from: formatTimestamp(f.from),
      to: formatTimestamp(f.to),
    })),
  };
}

/** A webhook endpoint, its secret by prefix. */
export function webhookEndpointView(endpoint: WebhookEndpoint) {
  return {
    ...fieldsOf(endpoint, ['id', 'organizationId', 'environment', 'url', 'disabled']),
    secret_prefix: redactSecrets(endpoint.secret),
    events: endpoint.events === null ? null : [...endpoint.events],
    created_at: formatTimestamp(endpoint.createdAt),
  };
}

/** An outbox entry. */
export function deliveryView(delivery: WebhookDelivery) {
  return {
    ...fieldsOf(delivery, ['id', 'endpointId', 'type', 'state']),
    created_at: formatTimestamp(delivery.createdAt),
    next_attempt_at:
      delivery.nextAttemptAt === null ? null : formatTimestamp(delivery.nextAttemptAt),
    attempts: delivery.attempts.map((a) => ({
      ...fieldsOf(a, ['status', 'error']),
      at: formatTimestamp(a.at),
      ...(a.location === undefined ? {} : { location: a.location }),
    })),
    event: JSON.parse(delivery.body),
  };
}

/** An inbound message. */
export function inboundView(inbound: InboundMessage) {
  return {
    ...fieldsOf(inbound, [
      'id',
      'organizationId',
      'environment',
      'from',
      'to',
      'body',
      'inReplyTo',
    ]),
    channel_type: inbound.channel,
    received_at: formatTimestamp(inbound.receivedAt),
  };
}

/** A trigger's outcome in the control vocabulary. */
export function triggerView(outcome: TriggerOutcome) {
  return {
    type: outcome.type,
    subject: { ...outcome.subject },
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
