// The class that builds every part of a world (see `../core/world.ts`) and wires its listeners.
import { DEFAULT_PRICES, type PriceTable } from '../billing/pricing';
import { subscribeCampaignBookkeeping } from '../campaigns/campaign-state';
import { type Clock, VirtualClock } from '../core/clock';
import type { CampaignRecord, ChannelType } from '../core/model';
import { WorldCore, type World as WorldParts } from '../core/world';
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

/**
 * The state of one mock service. Its parts are `readonly`: they are changed in place by the domain's
 * functions, never replaced, so a reference taken to one stays the world's. `config`, `route` and
 * `webhookTransport` stay assignable: the service installs the transport, and tests swap the
 * simulation or the router.
 */
export class World extends WorldCore implements WorldParts {
  readonly messages = new MessageStore();
  readonly campaigns = new RecordStore<CampaignRecord>({});
  readonly history = new StatusHistory();
  // Spelled out, not `WorldParts['rateLimits']`: the built declarations lose the module
  // augmentation that adds the member, and an indexed type of it would not resolve there.
  readonly rateLimits: { table: RateLimitTable; windows: Map<string, RateLimitWindow> };
  readonly faults: FaultState = noFaults();
  readonly webhooks: WebhookState = { endpoints: [], outbox: [] };
  webhookTransport: WebhookTransport | undefined;
  readonly inFlight = new Set<Promise<void>>();
  readonly idempotency = new Map<string, IdempotencyRecord>();
  route: (e164: string, channel: ChannelType) => Route;

  constructor(options: WorldOptions = {}) {
    const config = {
      seed: options.seed ?? 1,
      prices: options.prices ?? DEFAULT_PRICES,
      simulation: { ...DEFAULT_SIMULATION, ...options.simulation },
      prefixTable: options.prefixTable,
    };
    super(options.clock ?? new VirtualClock(), config, options.keyNamespace);
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
}
