/**
 * Snapshot and restore: one JSON-safe value holding the whole world, clock, random sources and
 * pending work included, so that restoring it continues exactly where the snapshot was taken.
 */
import { type Clock, VirtualClock } from '../core/clock';
import type { CampaignRecord, CampaignStatus, MessageRecord, MessageStatus } from '../core/model';
import { Random } from '../core/random';
import type { WorldConfig } from '../core/world';
import {
  exportHistory,
  type SavedColumns,
  type SharedHistory,
  type StatusStep,
} from '../history/status-history';
import { savedMessage } from '../messages/message-store';
import type { RateLimitTable } from '../policies/rate-limits';
import { World } from './world';

/** The format version; a snapshot of another version is refused. */
export const SNAPSHOT_VERSION = 2;

/**
 * One part of a world's state: how to save it as JSON-safe data and how to load it into a world
 * freshly built from the snapshot's configuration and clock.
 */
interface Part<T> {
  save(world: World): T;
  load(world: World, saved: T): void;
}

const part = <T>(definition: Part<T>): Part<T> => definition;

// Records the world mutates (messages not yet final, campaigns, accounts, deliveries…) are cloned
// both ways, so that a snapshot stays the value it was (restoring it twice gives the same world
// twice); records it never changes again (final messages, ledger entries, inbound messages,
// scheduled tasks) are shared. Treat a snapshot as read-only.
const clone = <T>(value: T): T => structuredClone(value);

/** A part kept as a map by id (or by `keyOf`): saved as its values. */
function recordMap<T extends { id: string }>(
  of: (world: World) => Map<string, T>,
  keyOf = (record: T) => record.id,
): Part<T[]> {
  return part({
    save: (world) => [...of(world).values()].map(clone),
    load: (world, saved) => {
      const map = of(world);
      for (const record of saved) map.set(keyOf(record), clone(record));
    },
  });
}

/** A part kept as a map by a composite key: saved as `[key, value]` pairs. */
function entryMap<T extends object>(of: (world: World) => Map<string, T>): Part<[string, T][]> {
  return part({
    save: (world) => [...of(world)].map(([key, value]) => [key, clone(value)]),
    load: (world, saved) => {
      const map = of(world);
      for (const [key, value] of saved) map.set(key, clone(value));
    },
  });
}

/** A part kept as one object the world changes in place: saved as a copy, loaded into it. */
function inPlace<T extends object>(of: (world: World) => T): Part<T> {
  return part({
    save: (world) => clone(of(world)),
    load: (world, saved) => {
      Object.assign(of(world), clone(saved));
    },
  });
}

/**
 * The world's parts, in snapshot order: the one list snapshot and restore both walk, so a part
 * added to the world and listed here is saved and restored alike. The clock's time and the
 * configuration are not parts: a restored world is built from them.
 */
const PARTS = {
  /** The state of each random stream (identifiers, trace ids, the delivery simulation). */
  random: part({
    save: (world) => ({
      ids: world.random.ids.state(),
      traces: world.random.traces.state(),
      simulation: world.random.simulation.state(),
    }),
    load: (world, saved) => {
      world.random.ids = Random.fromState(saved.ids);
      world.random.traces = Random.fromState(saved.traces);
      world.random.simulation = Random.fromState(saved.simulation);
    },
  }),
  /** The UUID v7 generator's state: the millisecond of the last id and its counter. */
  idState: inPlace((w) => w.idState),
  /** Pending background work with due times, and the sequence number of the next task. */
  scheduler: part({
    save: (world) => world.scheduler.toJSON(),
    load: (world, saved) => {
      world.scheduler.load(saved);
    },
  }),
  /** Organizations. */
  organizations: recordMap((w) => w.organizations),
  /** Billing accounts. */
  accounts: recordMap((w) => w.accounts),
  /** Ledger entries, oldest first. */
  ledger: part({
    save: (world) => [...world.ledger],
    load: (world, saved) => {
      for (const entry of saved) world.ledger.push(entry);
    },
  }),
  /** API keys, revoked ones included. */
  apiKeys: recordMap(
    (w) => w.apiKeys,
    (k) => k.key,
  ),
  /** Sender IDs. */
  senders: recordMap((w) => w.senders),
  /** Contacts. */
  contacts: recordMap((w) => w.contacts),
  /** Audience tags. */
  tags: recordMap((w) => w.tags),
  /** Tenant by tenant, each in creation order (restoring in this order rebuilds the same rows). */
  messages: part({
    save: (world) => {
      const messages: MessageRecord[] = new Array(world.messages.size);
      let n = 0;
      // Indexed loops, not the store's generator: this runs once per message.
      for (const rows of world.messages.tenantRows()) {
        for (let i = 0; i < rows.length; i++) messages[n++] = savedMessage(rows[i]!);
      }
      return messages;
    },
    load: (world, saved) => {
      const messages: MessageRecord[] = new Array(saved.length);
      for (let i = 0; i < saved.length; i++) messages[i] = savedMessage(saved[i]!);
      world.messages.load(messages);
    },
  }),
  /** Campaigns. */
  campaigns: part({
    save: (world) => [...world.campaigns.all()].map(clone),
    load: (world, saved) => {
      world.campaigns.load(saved.map(clone));
    },
  }),
  /** Rate limits (requests per minute by operation id) and their open windows. */
  rateLimits: part({
    save: (world) => ({
      table: { ...world.rateLimits.table } as RateLimitTable,
      windows: [...world.rateLimits.windows].map(clone),
    }),
    load: (world, saved) => {
      world.rateLimits.table = { ...saved.table };
      for (const [k, w] of saved.windows) world.rateLimits.windows.set(k, clone(w));
    },
  }),
  /** Idempotency records as `[apiKeyId|Idempotency-Key, record]` pairs. */
  idempotency: entryMap((w) => w.idempotency),
  /** Armed faults. */
  faults: inPlace((w) => w.faults),
  /** Inbound messages, oldest first. */
  inbound: part({
    save: (world) => [...world.inbound],
    load: (world, saved) => {
      for (const inbound of saved) world.inbound.push(clone(inbound));
    },
  }),
  /** Opted-out numbers as `organizationId|environment|e164`. */
  optOuts: part({
    save: (world) => [...world.optOuts],
    load: (world, saved) => {
      for (const optOut of saved) world.optOuts.add(optOut);
    },
  }),
  /** Webhook endpoints and the outbox. */
  webhooks: inPlace((w) => w.webhooks),
  /**
   * Status histories, after the messages and campaigns they follow. Absent from snapshots
   * taken before histories were kept: those load, with what each record proves of its history.
   */
  history: part<SavedHistory | undefined>({
    save: (world) =>
      new HistorySnapshot({
        messages: world.history.messages.share(world.messages.tenantRows()),
        campaigns: world.history.campaigns.share(world.campaigns.tenantRows()),
      }),
    load: (world, saved) => {
      const { history } = world;
      const messages = [...world.messages.tenantRows()];
      const campaigns = [...world.campaigns.tenantRows()];
      history.placeCampaigns(campaigns);
      // Shared logs (a snapshot taken in this process) are adopted without copying a step.
      if (saved instanceof HistorySnapshot) {
        history.messages.adopt(messages, saved.shared.messages, derivedMessageSteps);
        history.campaigns.adopt(campaigns, saved.shared.campaigns, derivedCampaignSteps);
      } else {
        history.messages.load(messages, saved?.messages, derivedMessageSteps);
        history.campaigns.load(campaigns, saved?.campaigns, derivedCampaignSteps);
      }
    },
  }),
};

type Parts = typeof PARTS;

/** A whole world as JSON-safe data: a header, then one entry per part of the world. */
export type WorldSnapshot = {
  /** The format version, {@link SNAPSHOT_VERSION}. */
  readonly version: typeof SNAPSHOT_VERSION;
  /** The clock's time, epoch milliseconds. */
  readonly time: number;
  /** The world's configuration. */
  readonly config: WorldConfig;
} & { readonly [K in keyof Parts]: Parts[K] extends Part<infer T> ? T : never };

const PART_NAMES = Object.keys(PARTS) as (keyof Parts)[];

/** Takes a snapshot. Later changes to the world do not change it. */
export function snapshotWorld(world: World): WorldSnapshot {
  const snapshot: Record<string, unknown> = {
    version: SNAPSHOT_VERSION,
    time: world.now(),
    config: structuredClone(world.config),
  };
  for (const name of PART_NAMES) snapshot[name] = PARTS[name].save(world);
  return snapshot as WorldSnapshot;
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
  const world = new World({
    ...structuredClone(snapshot.config),
    clock: clock ?? new VirtualClock(snapshot.time),
  });
  for (const name of PART_NAMES) (PARTS[name] as Part<unknown>).load(world, snapshot[name]);
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

/** The histories of a world's messages and campaigns, as a snapshot keeps them. */
interface SavedHistory {
  /** Message steps; `subjects` index the snapshot's `messages`. */
  readonly messages: SavedColumns<MessageStatus>;
  /** Campaign steps; `subjects` index the snapshot's `campaigns`. */
  readonly campaigns: SavedColumns<CampaignStatus>;
}

/** The logs a snapshot taken in this process shares with its world. */
interface SharedLogs {
  readonly messages: SharedHistory<MessageStatus>;
  readonly campaigns: SharedHistory<CampaignStatus>;
}

/**
 * The history part of a snapshot taken in this process: the logs shared, not copied (a snapshot of
 * 100,000 messages copies each tenant's heads, not ~300,000 steps). It looks like a plain
 * {@link SavedHistory}: `messages` and `campaigns` are enumerable, exported on first read, so
 * `JSON.stringify`, a spread, a clone or a deep comparison sees the columns; only a restore reads
 * the non-enumerable `shared`.
 */
class HistorySnapshot implements SavedHistory {
  declare readonly messages: SavedColumns<MessageStatus>;
  declare readonly campaigns: SavedColumns<CampaignStatus>;
  /** The logs, shared (not enumerable: never serialised or cloned). */
  declare readonly shared: SharedLogs;

  constructor(shared: SharedLogs) {
    // Defined in this order so the JSON keeps the key order of {@link SavedHistory}.
    for (const kind of ['messages', 'campaigns'] as const) {
      let columns: SavedColumns<string> | undefined;
      Object.defineProperty(this, kind, {
        enumerable: true,
        get: () => (columns ??= exportHistory<string>(shared[kind])),
      });
    }
    Object.defineProperty(this, 'shared', { enumerable: false, value: shared });
  }
}

/**
 * What a message's record proves of its history: created `PENDING` at `createdAt` (or
 * failed there, for a number that was never valid), and its status now since `updatedAt`. Steps in
 * between (`SENT` before `DELIVERED`) happened at times the record does not keep: they are left
 * out rather than given a time they did not have.
 */
function derivedMessageSteps(message: MessageRecord): StatusStep<MessageStatus>[] {
  const now = { status: message.status, at: message.updatedAt, errorCode: message.errorCode };
  if (message.status === 'PENDING') return [now];
  if (
    message.status === 'FAILED' &&
    message.errorCode === 'INVALID_PHONE_NUMBER' &&
    message.updatedAt === message.createdAt
  ) {
    return [{ ...now, at: message.createdAt }];
  }
  return [{ status: 'PENDING', at: message.createdAt, errorCode: null }, now];
}

/**
 * What a campaign's record proves: accepted `PROCESSING` at `createdAt`, `SENDING` at
 * `processedAt` when processing succeeded, and `COMPLETED` or `FAILED` at `completedAt`.
 */
function derivedCampaignSteps(campaign: CampaignRecord): StatusStep<CampaignStatus>[] {
  const { status, createdAt, processedAt, completedAt, errorCode } = campaign;
  if (status !== 'SENDING' && status !== 'COMPLETED' && status !== 'FAILED')
    return [{ status, at: createdAt, errorCode: null }];
  const steps: StatusStep<CampaignStatus>[] = [
    { status: 'PROCESSING', at: createdAt, errorCode: null },
  ];
  if (status !== 'FAILED' && processedAt !== null)
    steps.push({ status: 'SENDING', at: processedAt, errorCode: null });
  if (status === 'FAILED' || status === 'COMPLETED')
    steps.push({
      status,
      at: completedAt ?? campaign.updatedAt,
      errorCode: status === 'FAILED' ? errorCode : null,
    });
  return steps;
}
