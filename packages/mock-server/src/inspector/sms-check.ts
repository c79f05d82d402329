/**
 * What the inspector's SMS check needs from the world beside the text: the price per
 * segment the mock charged for a message and the currency of the account it was charged to. The
 * segments themselves are counted in the page, by the SDK's `explainSegments`, the same code the
 * mock priced the message with.
 */
import type { MessageRecord, ReadonlyWorld } from '@msgsvc/mock/port';
import { formatMoney } from '@msgsvc/sdk/sms';

/** The pricing facts of one message for the SMS check. */
export interface SmsCheckFacts {
  /** `SMS` or `WHATSAPP`: a WhatsApp message is priced per message, not per segment. */
  channel: string;
  /** The billing account's currency (ISO 4217), or `null` when the account is gone. */
  currency: string | null;
  /**
   * The price of one segment the mock charged (`cost / segments`, six-digit decimal), or `null`
   * when the message was never priced (an invalid number) or its cost is not a whole multiple of
   * its segments (a hand-edited state file).
   */
  unit_price: string | null;
  /** Whether the cost was debited (false for test keys and invalid numbers). */
  charged: boolean;
}

/**
 * The price per segment is read back from the message's own cost rather than from today's price
 * table: a world's prices can change after the send, and the check must add up to the cost
 * the message shows.
 */
export function smsCheckFacts(world: ReadonlyWorld, message: MessageRecord): SmsCheckFacts {
  const segments = message.channel === 'SMS' ? message.segments : 1;
  const priced = message.cost > 0 && segments > 0 && message.cost % segments === 0;
  return {
    channel: message.channel,
    currency: world.accounts.get(message.billingAccountId)?.currency ?? null,
    unit_price: priced ? formatMoney(message.cost / segments) : null,
    charged: message.charged,
  };
}
