/**
 * Creating a message record: the one place that decides its contact, route, segments and cost, for
 * single sends and campaign messages alike, and queues its dispatch.
 */

import { type PricedText, quoteMessage } from '../billing/pricing';
import type { MessageRecord } from '../core/model';
import type { World } from '../core/world';
import { UNROUTABLE } from '../phone/carriers';
import { contactForNumber } from '../tenancy/organizations';

/** What a new message needs to know. */
export type NewMessage = PricedText &
  Pick<
    MessageRecord,
    | 'organizationId'
    | 'environment'
    | 'billingAccountId'
    | 'campaignId'
    | 'senderId'
    | 'externalId'
    | 'trigger'
  > & {
    /** The normalised number, or `null` for a recipient that is not a valid number. */
    readonly e164: string | null;
    /** The number as written, kept for invalid recipients. */
    readonly input: string;
  };

/**
 * Creates and stores a message. A valid number becomes `PENDING` with its dispatch queued; an
 * invalid one becomes `FAILED` with `INVALID_PHONE_NUMBER`, never charged.
 * `charged` says whether its cost is (or will be, by the caller) debited.
 */
export function createMessage(world: World, spec: NewMessage, charged: boolean): MessageRecord {
  const now = world.now();
  const valid = spec.e164 !== null;
  const quote = valid ? quoteMessage(world, spec, spec.e164!) : undefined;
  const contact = valid ? contactForNumber(world, spec.organizationId, spec.e164!) : undefined;
  const message: MessageRecord = {
    id: world.newId(),
    organizationId: spec.organizationId,
    environment: spec.environment,
    billingAccountId: spec.billingAccountId,
    campaignId: spec.campaignId,
    contactId: contact?.id ?? null,
    senderId: spec.senderId,
    externalId: spec.externalId,
    channel: spec.channel,
    destination: quote?.route.destination ?? UNROUTABLE.destination,
    provider: quote?.route.provider ?? UNROUTABLE.provider,
    e164: spec.e164 ?? spec.input,
    content: spec.content,
    trigger: spec.trigger,
    segments: quote?.segments ?? spec.segmentsOf.segments,
    encoding: quote !== undefined ? quote.encoding : spec.segmentsOf.encoding,
    cost: quote?.cost ?? 0,
    charged: valid && charged,
    refunded: false,
    status: valid ? 'PENDING' : 'FAILED',
    errorCode: valid ? null : 'INVALID_PHONE_NUMBER',
    createdAt: now,
    updatedAt: now,
    row: -1,
  };
  world.messages.add(message);
  world.history.messages.append(message, message.status, now, message.errorCode);
  world.emit({ type: 'message.created', messageId: message.id, at: now });
  if (valid) {
    world.schedule(world.random.simulation.int(...world.config.simulation.dispatchLatency), {
      type: 'message.dispatch',
      messageId: message.id,
    });
  }
  return message;
}
