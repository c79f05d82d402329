/**
 * What the inspector adds to a message beyond the public API's view: the badges a message and a
 * phone carry on the page (the channel it went by, and whether its recipient opted out of the
 * sender's messages by answering a STOP word such as `PARAR`), and what the SMS check needs from
 * the world beside the text. The segments themselves are counted in the page, by the SDK's
 * `explainSegments`, the same code the mock priced the message with.
 */
import { isOptedOut, type MessageRecord, type ReadonlyWorld } from '@msgsvc/mock/port';
import { formatMoney } from '@msgsvc/sdk/sms';

/** A message's badges beyond its status. */
export function messageBadges(world: ReadonlyWorld, message: MessageRecord) {
  return {
    /** `SMS` or `WHATSAPP`. */
    channel: message.channel,
    /** The recipient has opted out of this organization's messages in this environment, now. */
    opted_out: isOptedOut(world, message.organizationId, message.environment, message.e164),
  };
}

/** Each organization and environment a number has opted out of, for the phone's view. */
export function phoneOptOuts(world: ReadonlyWorld, number: string) {
  const found: { organization_id: string; organization: string; environment: string }[] = [];
  if (world.optOuts.size === 0) return { opted_out: found };
  for (const organization of world.organizations.values()) {
    for (const environment of ['live', 'test'] as const) {
      if (isOptedOut(world, organization.id, environment, number)) {
        found.push({
          organization_id: organization.id,
          organization: organization.name,
          environment,
        });
      }
    }
  }
  return { opted_out: found };
}

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
