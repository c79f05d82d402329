/**
 * Creating a message record: the one place that decides its contact, route, segments and cost, for
 * single sends and campaign messages alike, and queues its dispatch.
 */

import { priceMessage } from '../billing/pricing';
import type { ChannelType, Environment, MessageRecord, TriggerSource } from '../core/model';
import type { World } from '../core/world';
import { UNROUTABLE } from '../phone/carriers';
import { contactForNumber } from '../tenancy/organizations';

/** What a new message needs to know. */
export interface NewMessage {
  readonly organizationId: string;
  readonly environment: Environment;
  readonly billingAccountId: string;
  readonly campaignId: string | null;
  readonly senderId: string;
  readonly externalId: string | null;
  readonly channel: ChannelType;
  readonly content: string;
  readonly trigger: TriggerSource;
  /** The normalised number, or `null` for a recipient that is not a valid number. */
  readonly e164: string | null;
  /** The number as written, kept for invalid recipients. */
  readonly input: string;
  /** Segments of `content`, counted once per batch by the caller. */
  readonly segmentsOf?: { segments: number; encoding: 'GSM_7' | 'UCS_2' };
}

/** Prices a message-to-be without creating it (for estimates and balance checks). */
export function quoteMessage(
  world: World,
  spec: Pick<NewMessage, 'channel' | 'content' | 'segmentsOf'>,
  e164: string,
) {
  const route = world.route(e164, spec.channel);
  // Priced by the network the number is on, whatever gateway carries it.
  const network = spec.channel === 'SMS' ? route : world.route(e164, 'SMS');
  return {
    route,
    ...priceMessage(
      world.config.prices,
      spec.channel,
      network.destination,
      spec.content,
      spec.segmentsOf,
    ),
  };
}

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
    segments: quote !== undefined ? quote.segments : (spec.segmentsOf?.segments ?? 0),
    encoding: quote !== undefined ? quote.encoding : (spec.segmentsOf?.encoding ?? null),
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
