/** Views the control API and the inspector both show, below both so neither imports the other. */
import type { MockService } from '@msgsvc/mock';
import {
  formatTimestamp,
  type ReadonlyWorld,
  readonlyWorld,
  type WebhookDelivery,
} from '@msgsvc/mock/port';

/** The clock as the control API shows it. */
export function clockView(mock: MockService) {
  const world = readonlyWorld(mock);
  return {
    kind: world.clock.kind,
    now: formatTimestamp(world.now()),
    pending_tasks: mock.clock.pending(),
  };
}

/** A webhook delivery with its event type, state, attempts and endpoint URL. */
export function deliverySummary(world: ReadonlyWorld, delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    type: delivery.type,
    state: delivery.state,
    url: world.webhooks.endpoints.find((e) => e.id === delivery.endpointId)?.url ?? null,
    attempts: delivery.attempts.length,
    last_status: delivery.attempts.at(-1)?.status ?? null,
    created_at: formatTimestamp(delivery.createdAt),
    next_attempt_at:
      delivery.nextAttemptAt === null ? null : formatTimestamp(delivery.nextAttemptAt),
  };
}
