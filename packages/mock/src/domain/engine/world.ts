/**
 * The class that builds a world: every part `../core/world.ts` and each concept's `declare module`
 * block declare (and document), and the wiring of the concepts that listen to its events.
 */
import { DEFAULT_PRICES, type PriceTable } from '../billing/pricing';
import { subscribeCampaignBookkeeping } from '../campaigns/campaign-state';
import { type Clock, VirtualClock } from '../core/clock';
import type { CampaignRecord, ChannelType } from '../core/model';
import { Random } from '../core/random';
import { Scheduler } from '../core/scheduler';
import { isWork, type Task } from '../core/tasks';
import { uuidV7 } from '../core/uuid-v7';
import type { WorldConfig, World as WorldParts } from '../core/world';
import type { WorldEvent } from '../core/world-events';
import { StatusHistory } from '../history/status-history';
import { MessageStore } from '../messages/message-store';
import { createRouter, type PrefixRoute, type Route } from '../phone/carriers';
import { type FaultState, noFaults } from '../policies/faults';
import type { IdempotencyRecord } from '../policies/idempotency';
import {
  applyRateLimitChanges,
  DEFAULT_RATE_LIMITS,
  type RateLimitChanges,
  type RateLimitTable,
  type RateLimitWindow,
} from '../policies/rate-limits';
import { DEFAULT_SIMULATION, type SimulationConfig } from '../simulation/simulation';
import { RecordStore } from '../storage/record-store';
import { subscribeWebhooks, type WebhookState, type WebhookTransport } from '../webhooks/webhooks';

/** How to build a world. Every field has a documented default. */
export interface WorldOptions {
  /** Seed of every random draw (ids, trace ids, outcomes, latencies). Default 1. */
  readonly seed?: number;
  /** Default: a virtual clock starting at 2026-01-01T09:00:00Z. */
  readonly clock?: Clock;
  /** Prices per route. */
  readonly prices?: PriceTable;
  /** Delivery simulation parameters; missing fields keep their defaults. */
  readonly simulation?: Partial<SimulationConfig>;
  /** Carrier prefix table. */
  readonly prefixTable?: readonly PrefixRoute[] | undefined;
  /**
   * Requests per minute by operation id (`null` unlimited), or `false` to disable.
   * An unknown operation id throws an `UnknownValueError`.
   */
  readonly rateLimits?: RateLimitChanges | false;
  /**
   * Characters (4–16 letters and digits) every API key of the world begins with after its
   * `svc_live_`/`svc_test_` prefix, so that keys stay unique across worlds and a server holding
   * several finds a request's world from its key. A key issued without one is drawn in
   * it; a fixed key must carry it. Default: none.
   */
  readonly keyNamespace?: string;
}

/** Five bytes that follow from a key namespace (FNV-1a over its characters, spread). */
function namespaceSalt(namespace: string): Uint8Array {
  let hash = 0x811c9dc5;
  for (let i = 0; i < namespace.length; i++) {
    hash = Math.imul(hash ^ namespace.charCodeAt(i), 0x01000193) >>> 0;
  }
  const spread = new Random(hash);
  return spread.fill(new Uint8Array(5));
}

/** What a key namespace looks like (see {@link WorldOptions.keyNamespace}). */
const KEY_NAMESPACE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

/**
 * The state of one mock service. Its parts are `readonly`: they are changed in place by the domain's
 * functions, never replaced, so a reference taken to one stays the world's. `config`, `route` and
 * `webhookTransport` stay assignable: the service installs the transport, and tests swap the
 * simulation or the router.
 */
export class World implements WorldParts {
  // Members are documented where they are declared: `../core/world.ts` and the concepts' blocks.
  readonly clock: Clock;
  config: WorldConfig;
  readonly scheduler = new Scheduler<Task>(isWork);
  readonly random: WorldParts['random'];
  readonly idState = { msecs: -1, seq: 0 };
  readonly organizations: WorldParts['organizations'] = new Map();
  readonly accounts: WorldParts['accounts'] = new Map();
  readonly ledger: WorldParts['ledger'] = [];
  readonly apiKeys: WorldParts['apiKeys'] = new Map();
  keyNamespace: string | undefined;
  secrets: Random | undefined;
  readonly senders: WorldParts['senders'] = new Map();
  readonly contacts: WorldParts['contacts'] = new Map();
  readonly tags: WorldParts['tags'] = new Map();
  readonly messages = new MessageStore();
  readonly campaigns = new RecordStore<CampaignRecord>({});
  readonly history = new StatusHistory();
  // Spelled out, not `WorldParts['rateLimits']`: the built declarations lose the module
  // augmentation that adds the member, and an indexed type of it would not resolve there.
  readonly rateLimits: { table: RateLimitTable; windows: Map<string, RateLimitWindow> };
  readonly faults: FaultState = noFaults();
  readonly inbound: WorldParts['inbound'] = [];
  readonly optOuts = new Set<string>();
  readonly webhooks: WebhookState = { endpoints: [], outbox: [] };
  webhookTransport: WebhookTransport | undefined;
  readonly inFlight = new Set<Promise<void>>();
  readonly idempotency = new Map<string, IdempotencyRecord>();
  route: (e164: string, channel: ChannelType) => Route;

  private readonly listeners = new Set<(event: WorldEvent) => void>();
  /** Events emitted while a subscriber runs, told after the current one (see {@link World.emit}). */
  private readonly queued: WorldEvent[] = [];
  private emitting = false;
  /** While {@link World.withFixedIds} runs: the instant its ids carry. */
  private fixedIdInstant: number | undefined;
  /** The bytes {@link World.newId} mixes into ids in a world with a key namespace. */
  private idSalt: { namespace: string; bytes: Uint8Array } | undefined;

  constructor(options: WorldOptions = {}) {
    this.clock = options.clock ?? new VirtualClock();
    if (options.keyNamespace !== undefined && !KEY_NAMESPACE_PATTERN.test(options.keyNamespace)) {
      throw new RangeError('keyNamespace must be 4 to 16 letters or digits.');
    }
    this.keyNamespace = options.keyNamespace;
    const seed = options.seed ?? 1;
    this.config = {
      seed,
      prices: options.prices ?? DEFAULT_PRICES,
      simulation: { ...DEFAULT_SIMULATION, ...options.simulation },
      prefixTable: options.prefixTable,
    };
    this.random = {
      ids: new Random(seed),
      traces: new Random(seed ^ 0x5bd1e995),
      simulation: new Random(seed ^ 0x27d4eb2f),
    };
    this.route = createRouter(options.prefixTable);
    this.rateLimits = {
      table: applyRateLimitChanges(DEFAULT_RATE_LIMITS, options.rateLimits ?? {}),
      windows: new Map(),
    };
    // The outbox hears of every event before any other subscriber, as it always has; the campaign's
    // bookkeeping next, so that the campaign is complete by the time anyone else hears of the
    // message that completed it.
    subscribeWebhooks(this);
    subscribeCampaignBookkeeping(this);
  }

  now(): number {
    return this.clock.now();
  }

  newId(): string {
    const now = this.fixedIdInstant ?? this.now();
    const state = this.idState;
    if (now > state.msecs) {
      state.msecs = now;
      // Start each millisecond's counter low so that thousands of ids in one step stay ordered.
      state.seq = this.random.ids.uint32() & 0xffff;
    } else {
      state.seq = (state.seq + 1) | 0;
    }
    const random = this.random.ids.fill(new Uint8Array(16));
    if (this.keyNamespace !== undefined && this.fixedIdInstant === undefined) {
      // Worlds of one server may share a seed and a second: the namespace, unique to each, is
      // mixed into the random bits so that no two worlds draw the same ids (a reset world still
      // draws its own again).
      if (this.idSalt?.namespace !== this.keyNamespace) {
        this.idSalt = { namespace: this.keyNamespace, bytes: namespaceSalt(this.keyNamespace) };
      }
      for (let i = 11; i < 16; i++) random[i] = random[i]! ^ this.idSalt.bytes[i - 11]!;
    }
    return uuidV7(state.msecs, state.seq, random);
  }

  withFixedIds<T>(seed: number, instant: number, fn: () => T): T {
    const saved = { ids: this.random.ids, idState: { ...this.idState } };
    this.random.ids = new Random(seed);
    Object.assign(this.idState, { msecs: -1, seq: 0 });
    this.fixedIdInstant = instant;
    try {
      return fn();
    } finally {
      this.random.ids = saved.ids;
      Object.assign(this.idState, saved.idState);
      this.fixedIdInstant = undefined;
    }
  }

  newTraceId(): string {
    return this.random.traces.hex32();
  }

  schedule(delay: number, task: Task): void {
    this.scheduler.schedule(this.now() + delay, task);
  }

  subscribe(listener: (event: WorldEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: WorldEvent): void {
    if (this.emitting) {
      this.queued.push(event);
      return;
    }
    this.emitting = true;
    try {
      for (const listener of this.listeners) listener(event);
      for (let next = 0; next < this.queued.length; next++) {
        const queued = this.queued[next]!;
        for (const listener of this.listeners) listener(queued);
      }
    } finally {
      this.queued.length = 0;
      this.emitting = false;
    }
  }
}
