/**
 * The delivery simulation: how long each step takes and how a message ends, drawn from the world's
 * seeded random source. Defaults are ours to choose (no public source gives Angolan outcome shares,
 * see domain-facts.md); every one is configurable per world.
 */
import type { Random } from '../core/random';

declare module '../core/world' {
  interface WorldConfig {
    /** Delivery simulation parameters, defaults filled in. */
    readonly simulation: SimulationConfig;
  }
}

/** An inclusive range of milliseconds. */
export type Latency = readonly [min: number, max: number];

/** How a message's life ends, decided once when it is dispatched. */
export type Outcome =
  | 'DELIVERED'
  | 'UNDELIVERED'
  | 'EXPIRED'
  | 'NO_RECEIPT'
  | 'REJECTED'
  | 'FAILED';

/** Simulation parameters of a world. */
export interface SimulationConfig {
  /** From acceptance of a batch to the end of its background processing. */
  readonly processingDelay: Latency;
  /** From a message's creation to its submission to the carrier (`PENDING → SENT`). */
  readonly dispatchLatency: Latency;
  /** From `SENT` to the delivery receipt. */
  readonly receiptLatency: Latency;
  /** How long a carrier keeps trying before a message `EXPIRED` (48 h, as large aggregators). */
  readonly validityPeriod: number;
  /** Share of each outcome; they are normalised, so they need not sum to 1. */
  readonly outcomes: Readonly<Record<Outcome, number>>;
  /** Carrier error codes an `UNDELIVERED` message carries, drawn uniformly. */
  readonly undeliveredCodes: readonly string[];
}

/** The default simulation. */
export const DEFAULT_SIMULATION: SimulationConfig = {
  processingDelay: [200, 800],
  dispatchLatency: [100, 1_500],
  receiptLatency: [1_000, 20_000],
  validityPeriod: 48 * 60 * 60 * 1000,
  outcomes: {
    DELIVERED: 0.95,
    UNDELIVERED: 0.025,
    EXPIRED: 0.005,
    NO_RECEIPT: 0.01,
    REJECTED: 0.005,
    FAILED: 0.005,
  },
  undeliveredCodes: ['ABSENT_SUBSCRIBER', 'UNKNOWN_SUBSCRIBER', 'HANDSET_MEMORY_FULL'],
};

/** The order outcomes are drawn in: the default table's. */
const OUTCOME_ORDER = Object.keys(DEFAULT_SIMULATION.outcomes) as Outcome[];

/** Draws an outcome by the configured shares. */
export function drawOutcome(random: Random, config: SimulationConfig): Outcome {
  const total = OUTCOME_ORDER.reduce((sum, outcome) => sum + config.outcomes[outcome], 0);
  let roll = random.next() * total;
  for (const outcome of OUTCOME_ORDER) {
    roll -= config.outcomes[outcome];
    if (roll < 0) return outcome;
  }
  return 'DELIVERED';
}
