/**
 * Routing: which carrier (`channel_destination`) and gateway handler (`provider_name`) a number
 * goes through. The prefix table is data so that a world can replace it.
 */
import type { ChannelType } from '../core/model';

declare module '../core/world' {
  interface WorldConfig {
    /** The carrier prefix table, or `undefined` for the default one. */
    readonly prefixTable: readonly PrefixRoute[] | undefined;
  }
  interface World {
    /** The route (carrier and provider) of a number on a channel. */
    route: (e164: string, channel: ChannelType) => Route;
  }
}

/** A route: the carrier code shown to clients and the gateway handler used internally. */
export interface Route {
  /** The carrier code clients see as `channel_destination`, e.g. `UNITEL`. */
  readonly destination: string;
  /** The gateway handler (`provider_name`), e.g. `unitel-smpp-1`; `null` when never routed. */
  readonly provider: string | null;
}

/** One entry of a prefix table: E.164 numbers starting with `prefix` go to `route`. */
export interface PrefixRoute {
  /** An E.164 prefix with its `+`, e.g. `+24492`. */
  readonly prefix: string;
  /** Where numbers with that prefix go. */
  readonly route: Route;
}

/** The gateway handler of each built-in carrier code. */
const PROVIDERS = {
  MOVICEL: 'movicel-smpp-1',
  UNITEL: 'unitel-smpp-1',
  AFRICELL_AO: 'africell-smpp-1',
  TEST_NETWORK: 'simulator-1',
  GLOBAL_AGGREGATOR: 'global-aggregator-1',
  WHATSAPP_CLOUD: 'whatsapp-cloud-1',
} as const;

/**
 * The carrier codes of the built-in routes, e.g. `UNITEL` (the contract's `CarrierCode` is only a
 * pattern). A world with a prefix table of its own may route to others: its codes are accepted at
 * run time, and typed with a cast (`'MYCARRIER' as CarrierCode`).
 */
export type CarrierCode = keyof typeof PROVIDERS;

const builtIn = (destination: CarrierCode): Route => ({
  destination,
  provider: PROVIDERS[destination],
});
const [MOVICEL, UNITEL, AFRICELL] = [builtIn('MOVICEL'), builtIn('UNITEL'), builtIn('AFRICELL_AO')];
/** Valid numbers outside the table still route, through the international aggregator. */
const FALLBACK_ROUTE = builtIn('GLOBAL_AGGREGATOR');
/** Every WhatsApp message goes through the WhatsApp Cloud gateway, whatever the number. */
const WHATSAPP_ROUTE = builtIn('WHATSAPP_CLOUD');

/** Angolan mobile prefixes (libphonenumber carrier data, 2026). */
export const DEFAULT_PREFIX_TABLE: readonly PrefixRoute[] = [
  { prefix: '+24491', route: MOVICEL },
  { prefix: '+24499', route: MOVICEL },
  { prefix: '+24492', route: UNITEL },
  { prefix: '+24493', route: UNITEL },
  { prefix: '+24494', route: UNITEL },
  { prefix: '+24497', route: UNITEL },
  { prefix: '+24495', route: AFRICELL },
  { prefix: '+24496', route: AFRICELL },
  // The reserved fictional range of the magic numbers (no operator uses 90): a simulated network.
  { prefix: '+24490', route: builtIn('TEST_NETWORK') },
];

/**
 * The carriers a world can route a message to: its prefix table's (the default one when none is
 * given), the international aggregator and WhatsApp Cloud.
 */
export function carriersOf(table: readonly PrefixRoute[] = DEFAULT_PREFIX_TABLE): string[] {
  const codes = table.map((entry) => entry.route.destination);
  return [...new Set([...codes, FALLBACK_ROUTE.destination, WHATSAPP_ROUTE.destination])];
}

/** Numbers that could not be parsed are never routed. */
export const UNROUTABLE: Route = { destination: 'UNKNOWN', provider: null };

/**
 * Builds a resolver over a prefix table. Prefixes are matched longest first, so a table can carve a
 * range out of a wider one.
 */
export function createRouter(table: readonly PrefixRoute[] = DEFAULT_PREFIX_TABLE) {
  // Every world with the default table shares one router: a server may hold many worlds.
  if (table === DEFAULT_PREFIX_TABLE) {
    defaultRouter ??= buildRouter(table);
    return defaultRouter;
  }
  return buildRouter(table);
}

let defaultRouter: ReturnType<typeof buildRouter> | undefined;

function buildRouter(table: readonly PrefixRoute[]) {
  const sorted = [...table].sort((a, b) => b.prefix.length - a.prefix.length);
  const lengths = [...new Set(sorted.map((entry) => entry.prefix.length))];
  const byPrefix = new Map(sorted.map((entry) => [entry.prefix, entry.route]));
  return function resolveRoute(e164: string, channel: 'SMS' | 'WHATSAPP'): Route {
    if (channel === 'WHATSAPP') return WHATSAPP_ROUTE;
    for (const length of lengths) {
      const route = byPrefix.get(e164.slice(0, length));
      if (route !== undefined) return route;
    }
    return FALLBACK_ROUTE;
  };
}
