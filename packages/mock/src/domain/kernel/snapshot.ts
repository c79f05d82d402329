/**
 * Snapshot and restore (issue: worlds, snapshot and restore). A snapshot is one JSON-safe value
 * holding the whole world — records, money, keys, rate-limit windows, idempotency records, faults,
 * webhooks, the clock, the random sources and the pending background work — so that restoring it
 * continues exactly where the snapshot was taken.
 */

import type { FaultState } from '../policies/faults';
import type { IdempotencyRecord } from '../policies/idempotency';
import type { RateLimitTable, RateLimitWindow } from '../policies/rate-limits';
import type { WebhookState } from '../webhooks/webhooks';
import { type Clock, VirtualClock } from './clock';
import {
  type ApiKey,
  type BillingAccount,
  type CampaignRecord,
  type Contact,
  copyMessage,
  type InboundMessage,
  type LedgerEntry,
  type MessageRecord,
  type Organization,
  type Remitter,
  type Tag,
} from './model';
import { Random, type RandomState } from './random';
import { type ScheduledTask, Scheduler } from './scheduler';
import { isWork, type Task } from './tasks';
import { World, type WorldConfig } from './world';

/** The format version; a snapshot of another version is refused. */
export const SNAPSHOT_VERSION = 1;

/** A whole world as JSON-safe data. */
export interface WorldSnapshot {
  /** The format version, {@link SNAPSHOT_VERSION}. */
  readonly version: typeof SNAPSHOT_VERSION;
  /** The clock's time, epoch milliseconds. */
  readonly time: number;
  /** The world's configuration. */
  readonly config: WorldConfig;
  /** The state of each random stream. */
  readonly random: {
    /** The identifier stream. */
    ids: RandomState;
    /** The trace id stream. */
    traces: RandomState;
    /** The delivery simulation stream. */
    simulation: RandomState;
  };
  /** The UUID v7 generator's state. */
  readonly idState: {
    /** The millisecond of the last id. */
    msecs: number;
    /** The counter within that millisecond. */
    seq: number;
  };
  /** Pending background work. */
  readonly scheduler: {
    /** The tasks, with their due times. */
    tasks: ScheduledTask<Task>[];
    /** The sequence number of the next task scheduled (orders tasks due at the same time). */
    nextSeq: number;
  };
  /** Organizations. */
  readonly organizations: Organization[];
  /** Billing accounts. */
  readonly accounts: BillingAccount[];
  /** Ledger entries, oldest first. */
  readonly ledger: LedgerEntry[];
  /** API keys, revoked ones included. */
  readonly apiKeys: ApiKey[];
  /** Sender IDs. */
  readonly remitters: Remitter[];
  /** Contacts. */
  readonly contacts: Contact[];
  /** Audience tags. */
  readonly tags: Tag[];
  /** Tenant by tenant, each in creation order (restoring in this order rebuilds the same rows). */
  readonly messages: MessageRecord[];
  /** Campaigns. */
  readonly campaigns: CampaignRecord[];
  /** Rate limits and their open windows. */
  readonly rateLimits: {
    /** Requests per minute by operation id; `null` is unlimited. */
    table: RateLimitTable;
    /** Open windows as `[apiKeyId|operationId, window]` pairs. */
    windows: [string, RateLimitWindow][];
  };
  /** Idempotency records as `[apiKeyId|Idempotency-Key, record]` pairs. */
  readonly idempotency: [string, IdempotencyRecord][];
  /** Armed faults. */
  readonly faults: FaultState;
  /** Inbound messages, oldest first. */
  readonly inbound: InboundMessage[];
  /** Opted-out numbers as `organizationId|environment|e164`. */
  readonly optOuts: string[];
  /** Webhook endpoints and the outbox. */
  readonly webhooks: WebhookState;
}

const copy = <T extends object>(record: T): T => ({ ...record });

// Records the world mutates (messages, campaigns, accounts, deliveries…) are copied; records it
// never changes after creation (ledger entries, inbound messages, scheduled tasks) are shared, so a
// snapshot costs one shallow copy per mutable record. Treat a snapshot as read-only.
function copyWebhooks(state: WebhookState): WebhookState {
  return {
    endpoints: state.endpoints.map((e) => ({
      ...e,
      events: e.events === null ? null : [...e.events],
    })),
    outbox: state.outbox.map((d) => ({ ...d, attempts: d.attempts.map(copy) })),
  };
}

function copyCampaign(campaign: CampaignRecord): CampaignRecord {
  return {
    ...campaign,
    recipients: [...campaign.recipients],
    invalidRecipients: [...campaign.invalidRecipients],
    tagIds: [...campaign.tagIds],
  };
}

/** Takes a snapshot. Later changes to the world do not change it. */
export function snapshotWorld(world: World): WorldSnapshot {
  const messages: MessageRecord[] = new Array(world.messages.size);
  let n = 0;
  for (const message of world.messages.all()) messages[n++] = copyMessage(message);
  return {
    version: SNAPSHOT_VERSION,
    time: world.now(),
    config: structuredClone(world.config),
    random: {
      ids: world.random.ids.state(),
      traces: world.random.traces.state(),
      simulation: world.random.simulation.state(),
    },
    idState: { ...world.idState },
    scheduler: world.scheduler.toJSON(),
    organizations: [...world.organizations.values()].map(copy),
    accounts: [...world.accounts.values()].map(copy),
    ledger: [...world.ledger],
    apiKeys: [...world.apiKeys.values()].map((key) => ({ ...key, scopes: [...key.scopes] })),
    remitters: [...world.remitters.values()].map(copy),
    contacts: [...world.contacts.values()].map((contact) => ({
      ...contact,
      tagIds: [...contact.tagIds],
    })),
    tags: [...world.tags.values()].map(copy),
    messages,
    campaigns: [...world.campaigns.all()].map(copyCampaign),
    rateLimits: {
      table: { ...world.rateLimits.table },
      windows: [...world.rateLimits.windows].map(([k, w]) => [k, { ...w }]),
    },
    idempotency: [...world.idempotency].map(([k, r]) => [k, { ...r }]),
    faults: structuredClone(world.faults),
    inbound: [...world.inbound],
    optOuts: [...world.optOuts],
    webhooks: copyWebhooks(world.webhooks),
  };
}

/**
 * Builds a world from a snapshot. With no clock given, a virtual clock resumes at the snapshot's
 * time.
 */
export function restoreWorld(snapshot: WorldSnapshot, clock?: Clock): World {
  if (snapshot.version !== SNAPSHOT_VERSION) {
    throw new Error(
      `Unsupported snapshot version ${String(snapshot.version)} (expected ${SNAPSHOT_VERSION}).`,
    );
  }
  const source = snapshot;
  const world = new World({
    seed: source.config.seed,
    clock: clock ?? new VirtualClock(source.time),
    prices: structuredClone(source.config.prices),
    simulation: structuredClone(source.config.simulation),
    ...(source.config.prefixTable === undefined
      ? {}
      : { prefixTable: structuredClone(source.config.prefixTable) }),
  });
  world.random = {
    ids: Random.fromState(source.random.ids),
    traces: Random.fromState(source.random.traces),
    simulation: Random.fromState(source.random.simulation),
  };
  world.idState = { ...source.idState };
  world.scheduler = Scheduler.fromJSON(source.scheduler, isWork);
  for (const o of source.organizations) world.organizations.set(o.id, copy(o));
  for (const a of source.accounts) world.accounts.set(a.id, copy(a));
  world.ledger = [...source.ledger];
  for (const k of source.apiKeys) world.apiKeys.set(k.key, { ...k, scopes: [...k.scopes] });
  for (const r of source.remitters) world.remitters.set(r.id, copy(r));
  for (const c of source.contacts) {
    world.contacts.set(c.id, { ...c, tagIds: [...c.tagIds] });
    world.contactByNumber.set(`${c.organizationId}|${c.e164}`, c.id);
  }
  for (const t of source.tags) world.tags.set(t.id, copy(t));
  for (const m of source.messages) world.messages.add(copyMessage(m));
  for (const c of source.campaigns) {
    world.campaigns.add({
      ...c,
      recipients: [...c.recipients],
      invalidRecipients: [...c.invalidRecipients],
      tagIds: [...c.tagIds],
    });
  }
  // Mutable state is copied, never shared: the world changes it, and the snapshot must stay the
  // value it was (restoring it twice gives the same world twice).
  world.rateLimits = {
    table: { ...source.rateLimits.table },
    windows: new Map(source.rateLimits.windows.map(([k, w]) => [k, { ...w }])),
  };
  world.idempotency = new Map(source.idempotency.map(([k, r]) => [k, { ...r }]));
  world.faults = structuredClone(source.faults);
  world.inbound = source.inbound.map(copy);
  world.optOuts = new Set(source.optOuts);
  world.webhooks = copyWebhooks(source.webhooks);
  // An attempt that was on the wire when the snapshot was taken is made again.
  for (const delivery of world.webhooks.outbox) {
    if (delivery.state === 'in_flight') {
      delivery.state = 'scheduled';
      delivery.nextAttemptAt = world.now();
      world.schedule(0, { type: 'webhook.deliver', deliveryId: delivery.id });
    }
  }
  return world;
}
