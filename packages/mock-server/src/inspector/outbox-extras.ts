/**
 * What the inspector's outbox adds to a delivery (issue 25 item 6): what it is about (the message,
 * campaign and phone its event concerns, for links), each attempt's latency and the receiver's
 * answer, and a page of the outbox filtered by state ("failed only").
 */
import {
  DELIVERY_STATES,
  parseQuery,
  type ReadonlyWorld,
  type WebhookDelivery,
} from '@msgsvc/mock/port';
import { z } from 'zod';
import { listMessagesQuery } from '../generated/control-requests';
import { newestPage } from '../query/search';

/** What the outbox's rows add to a delivery: its subject, and its last attempt's latency. */
export function deliveryExtras(world: ReadonlyWorld, delivery: WebhookDelivery) {
  return {
    ...deliverySubject(world, delivery),
    last_duration_ms: delivery.attempts.at(-1)?.durationMs ?? null,
  };
}

/** The records a delivery's event is about, for links; `null` where it names none. */
export interface DeliverySubject {
  readonly message_id: string | null;
  readonly campaign_id: string | null;
  /** The handset: the message's recipient, or the number a reply came from. */
  readonly phone: string | null;
}

/**
 * What a delivery's event is about. Its order key is its subject's id (one message's, one inbound
 * message's or one campaign's events go out in order), so nothing is parsed from the payload.
 */
function deliverySubject(world: ReadonlyWorld, delivery: WebhookDelivery): DeliverySubject {
  if (delivery.type === 'message.status_updated') {
    const message = world.messages.get(delivery.orderKey);
    return {
      message_id: delivery.orderKey,
      campaign_id: message?.campaignId ?? null,
      phone: message?.e164 ?? null,
    };
  }
  if (delivery.type === 'message.received') {
    const inbound = world.inbound.find((i) => i.id === delivery.orderKey);
    return {
      message_id: inbound?.inReplyTo ?? null,
      campaign_id: null,
      phone: inbound?.from ?? null,
    };
  }
  return { message_id: null, campaign_id: delivery.orderKey, phone: null };
}

const deliveriesQuery = listMessagesQuery.omit({ q: true }).extend({
  state: z.enum(DELIVERY_STATES, `Must be one of ${DELIVERY_STATES.join(', ')}.`).exactOptional(),
});

/**
 * A page of the outbox, newest first, of one state when `?state=` names one (`failed`: the
 * failed-only filter), with how many deliveries failed for good (the "redeliver all" count).
 */
export function deliveriesPage<Row>(
  world: ReadonlyWorld,
  query: string,
  row: (delivery: WebhookDelivery) => Row,
) {
  const { state, offset = 0, limit = 50 } = parseQuery(deliveriesQuery, query);
  const outbox = world.webhooks.outbox;
  const failed = outbox.filter((delivery) => delivery.state === 'failed').length;
  const page = newestPage(
    outbox,
    offset,
    limit,
    (delivery) => state === undefined || delivery.state === state,
  );
  return { ...page, failed, entries: page.entries.map(row) };
}
