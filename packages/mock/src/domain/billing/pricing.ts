/**
 * Prices per segment (SMS) or per message (WhatsApp), per route, in micro-units of the billing
 * account's currency. The segment counter is the SDK's, so a cost preview in an
 * application and the mock's charge can never disagree.
 */
import { countSegments } from '@msgsvc/sdk/sms';
import type { ChannelType, Encoding } from '../core/model';

declare module '../core/world' {
  interface WorldConfig {
    /** Prices per route. */
    readonly prices: PriceTable;
  }
}

/**
 * Micro-units per segment (SMS) or per message (WhatsApp), by channel then the code of the network
 * route the number is on (`UNITEL`, `GLOBAL_AGGREGATOR`, …), for WhatsApp too.
 */
export type PriceTable = Readonly<Record<ChannelType, Readonly<Record<string, number>>>>;

/** The default tariff. */
export const DEFAULT_PRICES: PriceTable = {
  SMS: {
    UNITEL: 4_000_000,
    AFRICELL_AO: 3_500_000,
    MOVICEL: 4_500_000,
    GLOBAL_AGGREGATOR: 25_000_000,
    TEST_NETWORK: 4_000_000,
  },
  // Keyed by the network the number is on, like SMS: every WhatsApp message goes through
  // WHATSAPP_CLOUD, but Meta prices a conversation by the recipient's country.
  WHATSAPP: {
    UNITEL: 12_000_000,
    AFRICELL_AO: 12_000_000,
    MOVICEL: 12_000_000,
    GLOBAL_AGGREGATOR: 18_000_000,
    TEST_NETWORK: 12_000_000,
  },
};

/**
 * The price of one segment on a network route; unknown routes pay the aggregator's price (and a
 * table without one, its highest price: a world's WhatsApp table keyed `WHATSAPP_CLOUD` alone
 * prices every number alike).
 */
function unitPrice(prices: PriceTable, channel: ChannelType, destination: string): number {
  const table = prices[channel];
  return table[destination] ?? table.GLOBAL_AGGREGATOR ?? Math.max(0, ...Object.values(table));
}

/**
 * Prices a text on a route: its segments, their encoding and the cost in micro-units. `segmentsOf`
 * lets callers reuse one segment count for a whole batch: every recipient of a campaign gets the
 * same text.
 */
export function priceMessage(
  prices: PriceTable,
  channel: ChannelType,
  destination: string,
  content: string,
  segmentsOf: { segments: number; encoding: Encoding } = countSegments(content),
) {
  if (channel === 'WHATSAPP') {
    return { segments: 1, encoding: null, cost: unitPrice(prices, channel, destination) };
  }
  return {
    segments: segmentsOf.segments,
    encoding: segmentsOf.encoding,
    cost: segmentsOf.segments * unitPrice(prices, channel, destination),
  };
}
