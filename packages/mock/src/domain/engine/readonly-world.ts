/**
 * What a tool built on the mock may read of a world: the live stores themselves, typed read-only
 * (a view copies nothing, whatever the world's size: bench rows `inspector … 100k messages`). The
 * `World` class satisfies it as it is. It lists what the server's inspector and control routes
 * read, no more, so that the rest (scheduler, idempotency, random streams) can change behind it.
 */
import type { Clock } from '../core/clock';
import type {
  ApiKey,
  BillingAccount,
  CampaignRecord,
  CampaignStatus,
  Contact,
  InboundMessage,
  LedgerEntry,
  MessageRecord,
  MessageStatus,
  Organization,
  SenderId,
} from '../core/model';
import type { WorldEvent } from '../core/world-events';
import type { RateLimitTable } from '../policies/rate-limits';
import type { StatusStep } from '../storage/step-log';
import type { WebhookDelivery, WebhookEndpoint } from '../webhooks/webhooks';

/**
 * The reads of a store of tenant-owned records (messages, campaigns): by id, a tenant's records in
 * creation order, and a tenant's records by an indexed field. Every list returned is the store's
 * live array, in creation order: read it, never change it.
 *
 * @typeParam T - The record.
 * @typeParam I - The names of the store's indexes (`campaign` for messages).
 */
export interface ReadonlyRecordStore<T, I extends string = never> {
  /** How many records are stored, every tenant's. */
  readonly size: number;
  /** The record with `id`, whatever its tenant. */
  get(id: string): T | undefined;
  /** A tenant's (an organization's, in one environment) records in creation order. */
  tenant(organizationId: string, environment: string): readonly T[];
  /** A tenant's records whose indexed field `name` equals `value`, in creation order. */
  indexed(name: I, organizationId: string, environment: string, value: string): readonly T[];
  /** Every record, tenant by tenant, each tenant's in creation order. */
  all(): IterableIterator<T>;
}

/**
 * The status histories a world keeps, step by step; the port renders them
 * (`messageHistory`, `campaignHistory`).
 */
export interface ReadonlyStatusHistory {
  /** A message's steps, oldest first. */
  messageSteps(message: MessageRecord): readonly StatusStep<MessageStatus>[];
  /** A campaign's steps, oldest first. */
  campaignSteps(campaign: CampaignRecord): readonly StatusStep<CampaignStatus>[];
}

/**
 * One world as tools read it. The records are the world's own: a tool never writes to them
 * (changes go through the control API, so the indexes, the ledger and the events stay right).
 */
export interface ReadonlyWorld {
  /** The world's clock, as far as a tool needs it. */
  readonly clock: {
    /** `virtual` in tests, `real` in a server on wall-clock time. */
    readonly kind: Clock['kind'];
  };
  /** The world's current time, epoch milliseconds. */
  now(): number;
  /** The configuration a tool may show. */
  readonly config: {
    /** The seed of every random draw. */
    readonly seed: number;
  };
  /** Organizations by id, in creation order. */
  readonly organizations: ReadonlyMap<string, Organization>;
  /** Billing accounts by id, in creation order. */
  readonly accounts: ReadonlyMap<string, BillingAccount>;
  /** Every ledger entry of every account, oldest first. */
  readonly ledger: readonly LedgerEntry[];
  /** API keys by the full key (one loaded from a state file may be held under a stand-in). */
  readonly apiKeys: ReadonlyMap<string, ApiKey>;
  /** What every API key of the world carries after `svc_live_`/`svc_test_`, if set. */
  readonly keyNamespace: string | undefined;
  /** Sender IDs by id. */
  readonly senders: ReadonlyMap<string, SenderId>;
  /** Contacts by id. */
  readonly contacts: ReadonlyMap<string, Contact>;
  /** Every message, by tenant in creation order, indexed by campaign. */
  readonly messages: ReadonlyRecordStore<MessageRecord, 'campaign'>;
  /** Every campaign, by tenant in creation order. */
  readonly campaigns: ReadonlyRecordStore<CampaignRecord>;
  /** Every message's and campaign's status history. */
  readonly history: ReadonlyStatusHistory;
  /** Inbound messages (replies from handsets), oldest first. */
  readonly inbound: readonly InboundMessage[];
  /** `organizationId|environment|e164` of the numbers that opted out; ask `isOptedOut`. */
  readonly optOuts: ReadonlySet<string>;
  /** Webhook endpoints and the outbox of deliveries, each oldest first. */
  readonly webhooks: {
    /** Every registered endpoint. */
    readonly endpoints: readonly WebhookEndpoint[];
    /** Every delivery, with its attempts. */
    readonly outbox: readonly WebhookDelivery[];
  };
  /** The webhook attempts awaiting their transport's answer. */
  readonly inFlight: {
    /** How many there are (an inspector's live feed notices deliveries under way by it). */
    readonly size: number;
  };
  /** Rate limits. */
  readonly rateLimits: {
    /** Requests per minute by operation id; `null` is unlimited. */
    readonly table: RateLimitTable;
  };
  /**
   * Calls `listener` with everything that happens in the world from now on, in the order it
   * happened, after the webhook outbox and the campaign's bookkeeping have heard of it (a message's
   * move arrives with its campaign already complete, the completion right after); returns the
   * function that stops it. Events carry ids: read the record from the world when one arrives.
   */
  subscribe(listener: (event: WorldEvent) => void): () => void;
}
