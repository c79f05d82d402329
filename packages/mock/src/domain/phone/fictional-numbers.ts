/** Realistic test data: phone numbers a carrier's prefixes give, never a magic number. */
import { Random } from '../core/random';
import { oneOf } from '../core/vocabulary';
import { createRouter, DEFAULT_PREFIX_TABLE, type PrefixRoute } from './carriers';

/** Options of {@link fictionalNumbers}. */
export interface FictionalNumberOptions {
  /**
   * The carrier the numbers route to, one of the prefix table's: `TEST_NETWORK` (the default:
   * Angola's unassigned `+244 90` range, which no phone can have), `UNITEL`, `MOVICEL` or
   * `AFRICELL_AO`. A real carrier's prefixes are assigned to real subscribers: use those numbers
   * only against the mock.
   */
  readonly carrier?: string;
  /** Equal seeds give equal numbers (default 1). */
  readonly seed?: number;
  /** The prefix table of a world that has its own (default: the mock's Angolan table). */
  readonly prefixTable?: readonly PrefixRoute[];
}

/** An Angolan number in E.164: `+244` and nine digits, so `+24492` leaves seven to draw. */
const E164_DIGITS = 12;
/** `+244 900 000 000` to `+244 900 000 099`: the magic numbers' block, never handed out. */
const MAGIC_BLOCK = /^\+2449000000\d\d$/;
const MAGIC_PREFIX = '+2449000000';

/**
 * `count` distinct, realistic phone numbers in E.164 that the mock routes to `carrier`, in a
 * seeded order: the same arguments always give the same numbers. Magic numbers (`+244 900 000
 * 0xx`) are never among them, so each number follows the seeded simulation like a real recipient.
 *
 * @throws RangeError when `count` is not a whole number from 0 to the carrier's capacity.
 * @throws UnknownValueError (a `TypeError`) for a carrier the prefix table does not route to.
 * @example
 * ```ts
 * import { fictionalNumbers } from '@msgsvc/mock';
 *
 * const recipients = fictionalNumbers(500); // +24490…, no phone has them
 * const unitel = fictionalNumbers(3, { carrier: 'UNITEL', seed: 7 }); // e.g. +244923…, +244974…
 * ```
 */
export function fictionalNumbers(count: number, options: FictionalNumberOptions = {}): string[] {
  const table = options.prefixTable ?? DEFAULT_PREFIX_TABLE;
  const carriers = [...new Set(table.map((entry) => entry.route.destination))];
  const carrier = oneOf(options.carrier ?? 'TEST_NETWORK', carriers, 'carrier');
  const prefixes = table
    .filter((entry) => entry.route.destination === carrier)
    .map((entry) => {
      const free = E164_DIGITS - (entry.prefix.length - 1);
      if (!/^\+244\d*$/.test(entry.prefix) || free < 1) {
        throw new RangeError(
          `prefix ${entry.prefix}: fictional numbers are Angolan (+244 and 9 digits).`,
        );
      }
      return { prefix: entry.prefix, free, space: 10 ** free };
    });
  const capacity = prefixes.reduce(
    (sum, { prefix, space }) => sum + space - magicOverlap(prefix, space),
    0,
  );
  if (!Number.isSafeInteger(count) || count < 0 || count > capacity) {
    throw new RangeError(
      `count: ${String(count)} must be a whole number from 0 to ${capacity} (the numbers ${carrier} has).`,
    );
  }
  const random = new Random(options.seed ?? 1);
  // A longer prefix of another carrier can carve numbers out of this one's: those are skipped.
  const route = createRouter(table);
  const numbers = new Set<string>();
  // Drawing slows as the space fills; a carrier whose numbers are mostly carved away ends here.
  for (let attempts = 0; numbers.size < count; attempts++) {
    if (attempts > 100 * count + 10_000) {
      throw new RangeError(`count: ${count} numbers routed to ${carrier} could not be found.`);
    }
    const { prefix, free, space } = prefixes[random.int(0, prefixes.length - 1)]!;
    const number = `${prefix}${String(random.int(0, space - 1)).padStart(free, '0')}`;
    if (!MAGIC_BLOCK.test(number) && route(number, 'SMS').destination === carrier) {
      numbers.add(number);
    }
  }
  return [...numbers];
}

/** How many of a prefix's numbers are magic numbers. */
function magicOverlap(prefix: string, space: number): number {
  if (MAGIC_PREFIX.startsWith(prefix)) return 100;
  return prefix.startsWith(MAGIC_PREFIX) ? space : 0;
}
