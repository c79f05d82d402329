/**
 * The seeded fault plan: which fault each attempt meets. The choice depends only on the seed, the
 * request's `Idempotency-Key` and the attempt's number for that key, never on arrival order, so a
 * send meets the same faults in every run with the same seed however the concurrent calls
 * interleave. The seed is fixed by default; `FAULT_SEED=<integer>` explores others.
 */
import { Random } from './seeded-random';

/** The seed used when `FAULT_SEED` is not set. */
const DEFAULT_FAULT_SEED = 1010;

/** Every fault an attempt can meet (`pass` is none). See the README for what each one does. */
export const FAULT_KINDS = [
  'pass',
  'reset-before',
  'reset-after',
  'status-500',
  'status-503',
  'rate-429',
  'hold',
  'hold-deaf',
  'late',
  'body-cut',
  'body-stall',
  'html',
] as const;

/** One kind of fault. */
type FaultKind = (typeof FAULT_KINDS)[number];

/** The fault one attempt meets, with the parameters drawn for it. */
export interface Fault {
  readonly kind: FaultKind;
  /** For `body-cut` and `body-stall`: the share of the body's bytes sent first, in (0.1, 0.9). */
  readonly cutAt: number;
  /** For `late`: milliseconds past the client's timeout before the request is forwarded. */
  readonly lateBy: number;
}

/** Relative weights: a little over half the attempts pass, each fault gets an equal share. */
const WEIGHTS: Readonly<Record<FaultKind, number>> = {
  pass: 52,
  'reset-before': 4,
  'reset-after': 4,
  'status-500': 4,
  'status-503': 4,
  'rate-429': 4,
  hold: 4,
  'hold-deaf': 4,
  late: 4,
  'body-cut': 6,
  'body-stall': 4,
  html: 6,
};

/** A plan: draws faults and counts what it drew. */
export interface FaultPlan {
  readonly seed: number;
  /** The fault the next attempt of the request with this key meets. */
  next(idempotencyKey: string | undefined): Fault;
  /** The faults every attempt of `idempotencyKey` met so far, in order. */
  history(idempotencyKey: string): readonly FaultKind[];
  /** How many attempts met each kind. */
  counts(): Readonly<Record<FaultKind, number>>;
  /** All attempts drawn. */
  attempts(): number;
}

/**
 * Reads `FAULT_SEED` (an integer), or the default.
 *
 * @throws Error naming the variable when it is not an integer.
 */
export function readFaultSeed(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env.FAULT_SEED;
  if (raw === undefined || raw === '') return DEFAULT_FAULT_SEED;
  if (!/^-?\d{1,10}$/.test(raw)) throw new Error(`FAULT_SEED must be an integer, got "${raw}"`);
  return Number(raw) >>> 0;
}

/** Creates a plan for `seed`. */
export function createFaultPlan(seed: number): FaultPlan {
  const total = FAULT_KINDS.reduce((sum, kind) => sum + WEIGHTS[kind], 0);
  const counts = Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<
    FaultKind,
    number
  >;
  const histories = new Map<string, FaultKind[]>();
  let anonymous = 0;
  let drawn = 0;
  return {
    seed,
    next(idempotencyKey) {
      const key = idempotencyKey ?? `#anonymous-${anonymous++}`;
      const history = histories.get(key) ?? [];
      histories.set(key, history);
      const random = new Random(hash(`${seed}|${key}|${history.length}`));
      let ticket = random.next() * total;
      let kind: FaultKind = 'pass';
      for (const candidate of FAULT_KINDS) {
        ticket -= WEIGHTS[candidate];
        if (ticket < 0) {
          kind = candidate;
          break;
        }
      }
      history.push(kind);
      counts[kind]++;
      drawn++;
      return { kind, cutAt: 0.1 + 0.8 * random.next(), lateBy: random.int(20, 120) };
    },
    history: (key) => histories.get(key) ?? [],
    counts: () => ({ ...counts }),
    attempts: () => drawn,
  };
}

// FNV-1a: spreads a string over 32 bits (Random's constructor mixes it further).
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
