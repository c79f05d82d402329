/** The inspector's outbox: deliveries as rows, one delivery in full, a page filtered by state. */
import {
  DELIVERY_STATES,
  type ReadonlyWorld,
  formatTimestamp as ts,
  type WebhookDelivery,
} from '@msgsvc/mock/port';
import { signWebhook } from '@msgsvc/sdk/webhooks';
import { z } from 'zod';
import { listMessagesQuery } from '../generated/control-requests';
import { deliverySummary } from '../http/views';
import { newestPage } from '../query/search';

/** A webhook delivery as a list row: the control API's summary, its subject and last latency. */
export function deliveryRow(world: ReadonlyWorld, delivery: WebhookDelivery) {
  return {
    ...deliverySummary(world, delivery),
    ...deliverySubject(world, delivery),
    last_duration_ms: delivery.attempts.at(-1)?.durationMs ?? null,
  };
}

/**
 * What a delivery's event is about, for links (`null` where it names none; `phone` is the handset
 * the message went to or the reply came from). Its order key is its subject's id (one message's, one inbound
 * message's or one campaign's events go out in order), so nothing is parsed from the payload.
 */
function deliverySubject(world: ReadonlyWorld, delivery: WebhookDelivery) {
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

/**
 * Each attempt with the headers it was sent with: re-signed (signing is deterministic) for the
 * timestamp the attempt was sent with (world time for attempts recorded before it was kept).
 */
export async function deliveryDetail(world: ReadonlyWorld, delivery: WebhookDelivery) {
  const endpoint = world.webhooks.endpoints.find((e) => e.id === delivery.endpointId);
  const attempts = await Promise.all(
    delivery.attempts.map(async (attempt) => ({
      at: ts(attempt.at),
      status: attempt.status,
      error: attempt.error,
      // Wall-clock ms until the answer, and its first 2 KiB; null where the attempt kept none.
      duration_ms: attempt.durationMs ?? null,
      answer: attempt.answer ?? null,
      headers:
        endpoint === undefined
          ? null
          : {
              ...(await signWebhook({
                id: delivery.id,
                timestamp: attempt.signedAt ?? Math.floor(attempt.at / 1000),
                body: delivery.body,
                secret: endpoint.secret,
              })),
              'content-type': 'application/json',
            },
    })),
  );
  return {
    ...deliveryRow(world, delivery),
    endpoint_id: delivery.endpointId,
    payload: delivery.body,
    attempts,
  };
}

/** The outbox's query: `offset`, `limit` and a delivery state. */
export const deliveriesQuery = listMessagesQuery.omit({ q: true }).extend({
  state: z.enum(DELIVERY_STATES, `Must be one of ${DELIVERY_STATES.join(', ')}.`).exactOptional(),
});

/**
 * A page of the outbox as rows, newest first, of one state when `?state=` names one (`failed`:
 * the failed-only filter), with how many deliveries failed for good (the "redeliver all" count).
 */
export function deliveriesPage(
  world: ReadonlyWorld,
  { state, offset = 0, limit = 50 }: z.output<typeof deliveriesQuery>,
) {
  const outbox = world.webhooks.outbox;
  const failed = outbox.filter((delivery) => delivery.state === 'failed').length;
  const page = newestPage(
    outbox,
    offset,
    limit,
    (delivery) => state === undefined || delivery.state === state,
  );
  return { ...page, failed, entries: page.entries.map((delivery) => deliveryRow(world, delivery)) };
}
