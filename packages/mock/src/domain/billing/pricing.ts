/**
 * Prices per segment (SMS) or per message (WhatsApp), per route, in micro-units of the billing
 * account's currency. The segment counter is the SDK's, so a cost preview in an
 * application and the mock's charge can never disagree.
 */
import type { ChannelType, Encoding, MessageRecord } from '../core/model';
import type { World } from '../core/world';

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

/** A text to price: its channel and its segments, counted once per batch by the caller. */
export type PricedText = Pick<MessageRecord, 'channel' | 'content'> & {
  readonly segmentsOf: { readonly segments: number; readonly encoding: Encoding };
};

/** Prices a message-to-be without creating it: its route, segments, encoding and cost. */
export function quoteMessage(world: World, spec: PricedText, e164: string) {
  const route = world.route(e164, spec.channel);
  const network = spec.channel === 'SMS' ? route : world.route(e164, 'SMS');
  const unit = unitPrice(world.config.prices, spec.channel, network.destination);
  if (spec.channel === 'WHATSAPP') return { route, segments: 1, encoding: null, cost: unit };
  const { segments, encoding } = spec.segmentsOf;
  return { route, segments, encoding, cost: segments * unit };
}
