/**
 * The webhook outbox as the inspector's document (`GET /__mock/state`) shows it: the newest
 * deliveries first, each with its event type, state, attempts and endpoint URL. It reads the
 * world's outbox directly and renders only the newest few, so a poll costs the same however many
 * deliveries the world holds.
 */

import { type ReadonlyWorld, formatTimestamp as ts } from '@msgsvc/mock/port';

const LIMIT = 50;

/** The newest webhook deliveries, newest first. */
export function readOutbox(world: ReadonlyWorld) {
  const { endpoints, outbox } = world.webhooks;
  return outbox
    .slice(-LIMIT)
    .reverse()
    .map((delivery) => ({
      id: delivery.id,
      type: delivery.type,
      state: delivery.state,
      url: endpoints.find((e) => e.id === delivery.endpointId)?.url ?? null,
      attempts: delivery.attempts.length,
      last_status: delivery.attempts.at(-1)?.status ?? null,
      created_at: ts(delivery.createdAt),
      next_attempt_at: delivery.nextAttemptAt === null ? null : ts(delivery.nextAttemptAt),
    }));
}
