/**
 * "Redeliver all failed": every delivery that failed for good is sent again, at once, as one
 * more attempt with its own `webhook-id`, bounded per call. It is idempotent while it runs: a
 * redelivered delivery is `scheduled` (then `in_flight`) until its attempt settles, so a second
 * call meanwhile finds it no longer failed and sends it no second time.
 */
import type { World } from '../core/world';
import type { ControlSchema } from '../tenancy/control-params';
import { redeliverNow } from './webhooks';

/** The most deliveries one call sends again (the rest stay failed, counted in `remaining`). */
export const REDELIVER_LIMIT = 1000;

/** Which failed deliveries to send again: to one endpoint, of one type, at most `limit`. */
export type RedeliverFailedParams = ControlSchema<'RedeliverFailedRequest'>;

/** What a call did: the deliveries sent again (oldest first), those skipped and those left. */
export type RedeliverFailedResult = ControlSchema<'RedeliverFailedResult'>;

/** Sends every matching failed delivery again (up to the limit), oldest first. */
export function redeliverFailed(
  world: World,
  params: RedeliverFailedParams = {},
): RedeliverFailedResult {
  const limit = params.limit ?? REDELIVER_LIMIT;
  const usable = new Set(
    world.webhooks.endpoints.filter((endpoint) => !endpoint.disabled).map((e) => e.id),
  );
  const redelivered: string[] = [];
  let skipped = 0;
  let remaining = 0;
  for (const delivery of world.webhooks.outbox) {
    if (delivery.state !== 'failed') continue;
    if (params.endpointId !== undefined && delivery.endpointId !== params.endpointId) continue;
    if (params.type !== undefined && delivery.type !== params.type) continue;
    // An attempt to a removed or disabled endpoint would fail without being made.
    if (!usable.has(delivery.endpointId)) skipped += 1;
    else if (redelivered.length >= limit) remaining += 1;
    else redelivered.push(redeliverNow(world, delivery.id).id);
  }
  return { redelivered, skipped, remaining };
}
