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
  Contact,
  InboundMessage,
  LedgerEntry,
  MessageRecord,
  Organization,
  SenderId,
} from '../core/model';
import type { WorldConfig, WorldCore } from '../core/world';
import type { StatusHistory } from '../history/status-history';
import type { RateLimitTable } from '../policies/rate-limits';
import type { RecordStore, TenantRecord } from '../storage/record-store';
import type { WebhookDelivery, WebhookEndpoint } from '../webhooks/webhooks';

/**
 * The reads of a store of tenant-owned records (messages, campaigns). Every list returned is the
 * store's live array, in creation order: read it, never change it.
 *
 * @typeParam T - The record.
 * @typeParam I - The names of the store's indexes (`campaign` for messages).
 */
export interface ReadonlyRecordStore<T extends TenantRecord, I extends string = never>
  extends Pick<RecordStore<T, I>, 'get' | 'tenant' | 'indexed' | 'all'> {
  /** How many records are stored, every tenant's. */
  readonly size: number;
}

/**
 * The status histories a world keeps, step by step; the port renders them
 * (`messageHistory`, `campaignHistory`).
 */
export interface ReadonlyStatusHistory
  extends Pick<StatusHistory, 'messageSteps' | 'campaignSteps'> {}

/**
 * One world as tools read it. The records are the world's own: a tool never writes to them
 * (changes go through the control API, so the indexes, the ledger and the events stay right).
 */
export interface ReadonlyWorld
  extends Readonly<Pick<WorldCore, 'now' | 'keyNamespace' | 'subscribe'>> {
  /** The world's clock, as far as a tool needs it. */
  readonly clock: Pick<Clock, 'kind'>;
  /** The configuration a tool may show. */
  readonly config: Readonly<Pick<WorldConfig, 'seed'>>;
  /** Organizations by id, in creation order. */
  readonly organizations: ReadonlyMap<string, Organization>;
  /** Billing accounts by id, in creation order. */
  readonly accounts: ReadonlyMap<string, BillingAccount>;
  /** Every ledger entry of every account, oldest first. */
  readonly ledger: readonly LedgerEntry[];
  /** API keys by the full key (one loaded from a state file may be held under a stand-in). */
  readonly apiKeys: ReadonlyMap<string, ApiKey>;
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
  /** The webhook attempts awaiting their transport's answer (a live feed watches their count). */
  readonly inFlight: Pick<ReadonlySet<unknown>, 'size'>;
  /** Rate limits. */
  readonly rateLimits: {
    /** Requests per minute by operation id; `null` is unlimited. */
    readonly table: RateLimitTable;
  };
}
