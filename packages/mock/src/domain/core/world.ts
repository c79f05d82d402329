/**
 * What every concept sees of a world. A concept that keeps state of its own adds that part beside
 * its code with `declare module '../core/world'`; `../engine/world.ts` builds the whole (tsc fails
 * on a part declared and not built). So concepts import this file, and the engine the concepts.
 */
// biome-ignore lint/style/noRestrictedImports: types only; tasks are typed from their schema.
import type { z } from 'zod';
import type { Clock } from './clock';
import type {
  ApiKey,
  BillingAccount,
  Contact,
  InboundMessage,
  LedgerEntry,
  Organization,
  SenderId,
  Tag,
} from './model';
import { Random } from './random';
import type { RecordSchemas } from './record-schemas';
import { Scheduler } from './scheduler';
import { uuidV7 } from './uuid-v7';
import type { WorldEvent } from './world-events';

/** The resolved configuration of a world; concepts add the settings they own. */
export interface WorldConfig {
  /** Seed of every random draw. */
  readonly seed: number;
}

/** The state of one mock service, as the domain's functions read and change it. */
export interface World extends WorldCore {}

/** A unit of background work, as data (so it survives snapshots); `../engine/engine.ts` runs it. */
export type Task = Readonly<z.output<RecordSchemas['task']>>;

/**
 * Which task types are work: what a test waits for (processing, dispatch, receipts, replies,
 * webhook attempts). The rest is housekeeping, a timer that only closes something left open long
 * after the work: a message with no receipt expiring when its 48 h validity period ends.
 * `runUntilIdle` stops when only housekeeping is left, so that it never carries a test past the
 * windows it relies on.
 */
const IS_WORK: Readonly<Record<Task['type'], boolean>> = {
  'campaign.process': true,
  'message.dispatch': true,
  'message.receipt': true,
  'message.expire': false,
  'inbound.reply': true,
  'webhook.deliver': true,
};

const isWork = (task: Task): boolean => IS_WORK[task.type];

/** What a key namespace looks like (see `WorldOptions.keyNamespace`). */
const KEY_NAMESPACE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

/**
 * The parts of a world no concept owns: its sources of time, ids and randomness, its background
 * work, its events and the records of `model.ts`.
 */
export class WorldCore {
  readonly clock: Clock;
  config: WorldConfig;
  /**
   * What every API key of this world carries right after its `svc_live_`/`svc_test_` prefix, when
   * set: a server holding several worlds finds a request's world from it.
   */
  keyNamespace: string | undefined;
  /** Background work (processing, dispatch, receipts, webhooks) ordered by due time. */
  readonly scheduler = new Scheduler<Task>(isWork);
  /**
   * Separate streams for ids, trace ids and the delivery simulation, so that an extra read (which
   * draws a trace id) never changes an outcome.
   */
  readonly random: { ids: Random; traces: Random; simulation: Random };
  /** The UUID v7 generator's state: the millisecond of the last id and its counter within it. */
  readonly idState = { msecs: -1, seq: 0 };
  /** Organizations by id. */
  readonly organizations = new Map<string, Organization>();
  /** Billing accounts by id. */
  readonly accounts = new Map<string, BillingAccount>();
  /** Every ledger entry of every account, oldest first. */
  readonly ledger: LedgerEntry[] = [];
  /** By the full key string, the lookup every request makes. */
  readonly apiKeys = new Map<string, ApiKey>();
  /** A namespaced world's stream of key and webhook secrets (see `tenancy/secret-bytes.ts`). */
  secrets: Random | undefined;
  /** Sender IDs by id. */
  readonly senders = new Map<string, SenderId>();
  /** Contacts by id. */
  readonly contacts = new Map<string, Contact>();
  /** Audience tags by id. */
  readonly tags = new Map<string, Tag>();
  /** Inbound messages, oldest first. */
  readonly inbound: InboundMessage[] = [];
  /** `organizationId|environment|e164` of numbers that opted out. */
  readonly optOuts = new Set<string>();

  private readonly listeners = new Set<(event: WorldEvent) => void>();
  /** Events emitted while a subscriber runs, told after the current one (see {@link World.emit}). */
  private readonly queued: WorldEvent[] = [];
  private emitting = false;
  /** While {@link World.withFixedIds} runs: the instant its ids carry. */
  private fixedIdInstant: number | undefined;
  /** The bytes {@link World.newId} mixes into ids in a world with a key namespace. */
  private idSalt: { namespace: string; bytes: Uint8Array } | undefined;

  constructor(clock: Clock, config: WorldConfig, keyNamespace: string | undefined) {
    if (keyNamespace !== undefined && !KEY_NAMESPACE_PATTERN.test(keyNamespace)) {
      throw new RangeError('keyNamespace must be 4 to 16 letters or digits.');
    }
    this.clock = clock;
    this.config = config;
    this.keyNamespace = keyNamespace;
    this.random = {
      ids: new Random(config.seed),
      traces: new Random(config.seed ^ 0x5bd1e995),
      simulation: new Random(config.seed ^ 0x27d4eb2f),
    };
  }

  /** The world's current time, epoch milliseconds. */
  now(): number {
    return this.clock.now();
  }

  /** A new time-ordered UUID v7 from the world's clock and seeded randomness. */
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

  /**
   * Runs `fn` with ids drawn from their own stream, seeded with `seed`, at `instant`: the records it
   * creates get the same ids in every run, whatever the world's seed and clock, and the world's own
   * id stream is left as it was.
   */
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

  /** A new trace id (32 hex digits). */
  newTraceId(): string {
    return this.random.traces.hex32();
  }

  /** Schedules background work `delay` milliseconds from now. */
  schedule(delay: number, task: Task): void {
    this.scheduler.schedule(this.now() + delay, task);
  }

  /**
   * Calls `listener` with everything that happens in the world from now on, in the order it
   * happened, after the webhook outbox and the campaign's bookkeeping have heard of it (a message's
   * move arrives with its campaign already complete, the completion right after); returns the
   * function that stops it. Events carry ids: read the record from the world when one arrives.
   */
  subscribe(listener: (event: WorldEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Tells every subscriber, in the order they subscribed (the webhook outbox first). An event
   * emitted by a subscriber (the campaign completion a message's move causes) waits until every
   * subscriber has heard the current one, so all subscribers hear all events in one order: the
   * order they happened in. If a subscriber throws, the events still waiting are dropped with it.
   */
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

/** Five bytes that follow from a key namespace (FNV-1a over its characters, spread). */
function namespaceSalt(namespace: string): Uint8Array {
  let hash = 0x811c9dc5;
  for (let i = 0; i < namespace.length; i++) {
    hash = Math.imul(hash ^ namespace.charCodeAt(i), 0x01000193) >>> 0;
  }
  const spread = new Random(hash);
  return spread.fill(new Uint8Array(5));
}
