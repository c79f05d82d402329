/**
 * The control API's declared shape, one vocabulary in-process and over HTTP: its params and views
 * are the control contract's schemas (`openapi/control.yaml`); a `Date` is accepted for a time.
 */
import type { components } from '@msgsvc/sdk';
import type { Environment, MessageStatus, SenderIdStatus } from '../domain/core/model';
import type { WorldSnapshot } from '../domain/engine/snapshot';
import type { CarrierCode } from '../domain/phone/carriers';
import type { RateLimitChanges } from '../domain/policies/rate-limits';
import type { components as control, operations } from '../generated/control';

/** An instant given to the control API: an ISO 8601 date-time with an offset, or a `Date`. */
export type Instant = string | Date;

type Schemas = control['schemas'];

/** A request body as an in-process call takes it: a list may be a read-only one. */
type Params<Body> = { [K in keyof Body]: ReadonlyList<Body[K]> };
type ReadonlyList<T> = T extends (infer U)[] ? readonly U[] : T;

/** An organization and its billing account. */
export type OrganizationView = Schemas['Organization'];

/** An organization as created: with its webhook signing secret, shown only here. */
export type CreatedOrganizationView = Schemas['CreatedOrganization'];

/** An API key, by prefix. */
export type ApiKeyView = Schemas['ApiKey'];

/** An API key as issued: with the full key, shown only here. */
export type IssuedApiKeyView = Schemas['IssuedApiKey'];

/** A sender ID (the wire's `remitter_id` names one). */
export type SenderIdView = Schemas['SenderId'];

/** An audience tag. */
export type TagView = Schemas['Tag'];

/** A contact. */
export type ContactView = Schemas['Contact'];

/** A ledger entry. */
export type LedgerEntryView = Schemas['LedgerEntry'];

/** One billing account checked against `balance = funded − Σ cost not refunded`. */
export type LedgerCheckView = Schemas['LedgerCheck']['accounts'][number];

/** How many records and tasks the world holds. */
export type CountsView = Schemas['Counts'];

/** The armed faults. */
export type FaultsView = Schemas['Faults'];

/** A webhook endpoint, its secret by prefix. */
export type WebhookEndpointView = Schemas['WebhookEndpoint'];

/** A webhook endpoint as registered: with its full signing secret, shown only here. */
export type CreatedWebhookEndpointView = Schemas['RegisteredWebhookEndpoint'];

/** An outbox entry: one event for one endpoint, its attempts and its next attempt. */
export type DeliveryView = Schemas['WebhookDelivery'];

/** A message a handset sent to a sender ID. */
export type InboundView = Schemas['InboundMessage'];

/** The record a triggered event is about. */
export type TriggerSubjectView = Schemas['TriggerResult']['subject'];

/** What `mock.control.trigger` answers (`POST /__mock/trigger`). */
export type TriggerView = Schemas['TriggerResult'];

/** The organization a call acts for, which the HTTP route reads from its path. */
interface OfOrganization {
  /** The organization's id. */
  organization_id: string;
}

/** What {@link AccountControls.createOrganization} takes. */
export type CreateOrganizationParams = Schemas['CreateOrganizationRequest'];

/** What {@link AccountControls.issueApiKey} takes. */
export type IssueApiKeyParams = OfOrganization & Params<Schemas['IssueApiKeyRequest']>;

/** What {@link AccountControls.createSenderId} takes. */
export type CreateSenderIdParams = OfOrganization & Schemas['CreateSenderIdRequest'];

/** What {@link AccountControls.createContact} takes. */
export type CreateContactParams = OfOrganization & Params<Schemas['CreateContactRequest']>;

/** Organizations, their accounts, API keys, sender IDs, tags and contacts. */
export interface AccountControls {
  /** Creates an organization and its billing account; the one response with its webhook secret. */
  createOrganization(params: CreateOrganizationParams): CreatedOrganizationView;
  /** Every organization, oldest first. */
  organizations(): OrganizationView[];
  /** One organization. Throws a `RESOURCE_NOT_FOUND` error for an unknown id. */
  organization(organizationId: string): OrganizationView;
  /** Adds `amount` (decimal string) to an organization's account; returns the new balance. */
  fundAccount(organizationId: string, amount: string): string;
  /** An organization's balance, as a decimal string. */
  balance(organizationId: string): string;
  /** Issues an API key; the one response that carries the full key. */
  issueApiKey(params: IssueApiKeyParams): IssuedApiKeyView;
  /** Revokes a key by id or key string; returns it, by prefix. */
  revokeApiKey(idOrKey: string): ApiKeyView;
  /** An organization's keys, by prefix. */
  apiKeys(organizationId: string): ApiKeyView[];
  /** Registers a sender ID (approved unless `status` says otherwise). */
  createSenderId(params: CreateSenderIdParams): SenderIdView;
  /** Approves (or rejects, or resets to pending) a sender ID. */
  setSenderIdStatus(senderId: string, status: SenderIdStatus): SenderIdView;
  /** An organization's sender IDs. */
  senderIds(organizationId: string): SenderIdView[];
  /** Creates an audience tag. */
  createTag(organizationId: string, name: string): TagView;
  /** Adds a contact; `number` is normalised with the organization's default country. */
  createContact(params: CreateContactParams): ContactView;
  /** Sets requests per minute by operation id (`null`: unlimited), or `false` to disable limits. */
  configureRateLimits(changes: RateLimitChanges | false): void;
}

/** Reads of state a test asserts on, in the public API's shapes. */
export interface ReadControls {
  /** Every message sent to `number` (any organization, any environment), oldest first. */
  messagesTo(number: string, defaultCountry?: string): components['schemas']['Message'][];
  /** A message in its Retrieve Message shape, whatever its tenant. */
  message(id: string): components['schemas']['Message'];
  /** An organization's campaigns in one environment (default `live`), oldest first. */
  campaigns(organizationId: string, environment?: Environment): components['schemas']['Campaign'][];
  /** How many messages, campaigns and pending tasks the world holds. */
  counts(): CountsView;
  /** An organization's ledger, oldest first. */
  ledger(organizationId: string): LedgerEntryView[];
  /** Checks `balance = funded − Σ cost not refunded` on every account. */
  checkLedger(): LedgerCheckView[];
}

/** What {@link FaultControls.failNextRequests} takes. */
export type RequestFailureParams = Schemas['RequestFailureRequest'];

/** What {@link FaultControls.addLatency} takes. */
export type LatencyParams = Schemas['LatencyRequest'];

/** What {@link FaultControls.failNextDispatch} takes. */
export type DispatchFailureParams = Schemas['DispatchFailureRequest'];

/** What {@link FaultControls.carrierOutage} takes. */
export interface CarrierOutageParams {
  /** The carrier, e.g. `UNITEL`. */
  destination: CarrierCode;
  /** Start of the outage (world time). */
  from: Instant;
  /** End of the outage (world time). */
  to: Instant;
}

/** Deterministic, counted faults: each arming call returns the fault's id. */
export interface FaultControls {
  /** The next `count` requests to `operation_id` (any when omitted) answer 500 or 503. */
  failNextRequests(params?: RequestFailureParams): string;
  /** The next `count` requests to `operation_id` (any when omitted) are answered `ms` later. */
  addLatency(params: LatencyParams): string;
  /** The next `count` campaigns processed (or the one named) fail with SYSTEM_DISPATCH_ERROR. */
  failNextDispatch(params?: DispatchFailureParams): string;
  /** Messages to a carrier are UNDELIVERED (CARRIER_OUTAGE) between two instants. */
  carrierOutage(params: CarrierOutageParams): string;
  /** Removes one fault, or all of them. */
  clearFaults(faultId?: string): void;
  /** The armed faults. */
  faults(): FaultsView;
}

/** A delivery as an in-process listener receives it. */
export interface WebhookRequest {
  /** `webhook-id`, `webhook-timestamp`, `webhook-signature`, `content-type`, and any `webhookHeaders`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The raw body, exactly as signed. */
  readonly body: string;
}

/** An in-process webhook receiver: returns an HTTP status (default 200), or throws to fail. */
export type WebhookListener = (
  request: WebhookRequest,
) => number | undefined | Promise<number | undefined>;

/** What {@link WebhookControls.addWebhookEndpoint} takes: a `url` or an in-process `listener`. */
export type WebhookEndpointParams = OfOrganization &
  Params<Omit<Schemas['AddWebhookEndpointRequest'], 'url'>> & {
    /** Where deliveries are POSTed. */
    url?: string;
    /** An in-process receiver instead of a URL. */
    listener?: WebhookListener;
  };

/** A filter of {@link WebhookControls.outbox}. */
export type OutboxFilter = NonNullable<operations['readOutbox']['parameters']['query']>;

/** What {@link WebhookControls.redeliverFailed} takes. */
export type RedeliverFailedOptions = Schemas['RedeliverFailedRequest'];

/** What {@link WebhookControls.redeliverFailed} did. */
export type RedeliverFailedView = Schemas['RedeliverFailedResult'];

/** What {@link WebhookControls.simulateInbound} takes. */
export type InboundParams = Schemas['InboundRequest'];

/** What {@link TriggerControls.trigger} takes: the event type, and its subject. */
export type TriggerParams = Schemas['TriggerRequest'];

/** The statuses a trigger can reach: a message's (but `PENDING`) and a campaign's final ones. */
export type TriggerStatus = Exclude<MessageStatus, 'PENDING'> | 'COMPLETED';

/** Events on demand: any webhook event of the contract, made to happen in the world. */
export interface TriggerControls {
  /**
   * Makes a webhook event happen through the world's own machinery (a real message moves, a real
   * inbound message is recorded, a real campaign is dispatched); returns the subject, the events
   * and their outbox deliveries. A subject that cannot get there is a `VALIDATION_ERROR`.
   */
  trigger(params: TriggerParams): TriggerView;
}

/** Webhook endpoints, the outbox, and messages from handsets. */
export interface WebhookControls {
  /** Registers a webhook endpoint; the one response that shows its secret in full. */
  addWebhookEndpoint(params: WebhookEndpointParams): CreatedWebhookEndpointView;
  /** Removes an endpoint (its pending deliveries fail). */
  removeWebhookEndpoint(endpointId: string): void;
  /** Registered endpoints (of one organization when given), secrets by prefix. */
  webhookEndpoints(organizationId?: string): WebhookEndpointView[];
  /** The webhook outbox, oldest first: every delivery, its attempts and its next attempt. */
  outbox(filter?: OutboxFilter): DeliveryView[];
  /** Sends a delivered or failed delivery again at the next clock move (not one still retrying). */
  redeliver(deliveryId: string): DeliveryView;
  /**
   * Sends every failed delivery (of one endpoint or event type when given) again, oldest first, up
   * to `limit` (default and most 1000); those to a removed or disabled endpoint are skipped.
   */
  redeliverFailed(options?: RedeliverFailedOptions): RedeliverFailedView;
  /** An organization's webhook signing secret, for verifying deliveries in a test. */
  webhookSecret(organizationId: string): string;
  /** A handset writes to a sender ID. */
  simulateInbound(params: InboundParams): InboundView;
  /** Inbound messages of an organization, oldest first. */
  inbound(organizationId: string): InboundView[];
}

/** The whole world at once. */
export interface SnapshotControls {
  /** The whole world — records, money, clock, randomness, pending work — as a JSON-safe value. */
  snapshot(): WorldSnapshot;
  /** Brings a snapshot back exactly, clock and pending work included. */
  restore(snapshot: WorldSnapshot): void;
  /** Replaces the world with a fresh one built from the same options. */
  reset(): void;
}

/**
 * The control surface of a mock service (`mock.control`): accounts and keys, reads, faults,
 * webhooks and inbound messages, snapshots. The clock is `mock.clock`.
 *
 * @example
 * ```ts
 * const mock = createMockService();
 * const org = mock.control.createOrganization({ name: 'Loja', balance: '5000' });
 * const { key } = mock.control.issueApiKey({ organization_id: org.id });
 * mock.control.createSenderId({ organization_id: org.id, name: 'LOJA', make_default: true });
 * mock.control.failNextRequests({ operation_id: 'sendMessage', status: 503 });
 * ```
 */
export interface MockControl
  extends AccountControls,
    ReadControls,
    FaultControls,
    WebhookControls,
    TriggerControls,
    SnapshotControls {}
