/**
 * What every concept sees of a world. A concept that keeps state of its own adds that part beside
 * its code with `declare module '../core/world'`; `../engine/world.ts` builds the whole (tsc fails
 * on a part declared and not built). So concepts import this file, and the engine the concepts.
 */
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
import type { Random } from './random';
import type { Scheduler } from './scheduler';
import type { Task } from './tasks';
import type { WorldEvent } from './world-events';

/** The resolved configuration of a world; concepts add the settings they own. */
export interface WorldConfig {
  /** Seed of every random draw. */
  readonly seed: number;
}

/** The state of one mock service, as the domain's functions read and change it. */
export interface World {
  /** The source of time: virtual in tests, real in the server. */
  readonly clock: Clock;
  /** The resolved configuration. */
  config: WorldConfig;
  /** Background work (processing, dispatch, receipts, webhooks) ordered by due time. */
  readonly scheduler: Scheduler<Task>;
  /** Separate streams, so that an extra read (which draws a trace id) never changes an outcome. */
  readonly random: {
    /** Draws for identifiers. */
    ids: Random;
    /** Draws for trace ids. */
    traces: Random;
    /** Draws for delivery outcomes and latencies. */
    simulation: Random;
  };
  /** The UUID v7 generator's state: the last millisecond used and its counter. */
  readonly idState: {
    /** The millisecond of the last id. */
    msecs: number;
    /** The counter within that millisecond. */
    seq: number;
  };
  /** Organizations by id. */
  readonly organizations: Map<string, Organization>;
  /** Billing accounts by id. */
  readonly accounts: Map<string, BillingAccount>;
  /** Every ledger entry of every account, oldest first. */
  readonly ledger: LedgerEntry[];
  /** By the full key string, the lookup every request makes. */
  readonly apiKeys: Map<string, ApiKey>;
  /**
   * What every API key of this world carries right after its `svc_live_`/`svc_test_` prefix, when
   * set: a server holding several worlds finds a request's world from it.
   */
  keyNamespace: string | undefined;
  /** A namespaced world's stream of key and webhook secrets (see `tenancy/secret-bytes.ts`). */
  secrets: Random | undefined;
  /** Sender IDs by id. */
  readonly senders: Map<string, SenderId>;
  /** Contacts by id. */
  readonly contacts: Map<string, Contact>;
  /** Audience tags by id. */
  readonly tags: Map<string, Tag>;
  /** Inbound messages, oldest first. */
  readonly inbound: InboundMessage[];
  /** `organizationId|environment|e164` of numbers that opted out. */
  readonly optOuts: Set<string>;

  /** The world's current time, epoch milliseconds. */
  now(): number;
  /** A new time-ordered UUID v7 from the world's clock and seeded randomness. */
  newId(): string;
  /**
   * Runs `fn` with ids drawn from their own stream, seeded with `seed`, at `instant`: the records it
   * creates get the same ids in every run, whatever the world's seed and clock, and the world's own
   * id stream is left as it was.
   */
  withFixedIds<T>(seed: number, instant: number, fn: () => T): T;
  /** A new trace id (32 hex digits). */
  newTraceId(): string;
  /** Schedules background work `delay` milliseconds from now. */
  schedule(delay: number, task: Task): void;
  /** Subscribes to what happens in the world; returns the unsubscribe function. */
  subscribe(listener: (event: WorldEvent) => void): () => void;
  /**
   * Tells every subscriber, in the order they subscribed (the webhook outbox first). An event
   * emitted by a subscriber (the campaign completion a message's move causes) waits until every
   * subscriber has heard the current one, so all subscribers hear all events in one order: the
   * order they happened in. If a subscriber throws, the events still waiting are dropped with it.
   */
  emit(event: WorldEvent): void;
}
