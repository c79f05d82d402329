/**
 * The control API of a mock service, assembled from its groups (declared in `mock-control.ts`).
 */
import type { World } from '../domain/engine/world';
import { createAccountControls } from './accounts';
import { createFaultControls } from './faults';
import type { MockControl, SnapshotControls, WebhookListener } from './mock-control';
import { createReadControls } from './reads';
import { createWebhookControls } from './webhooks';

/**
 * Builds `mock.control`.
 *
 * @param world - Returns the current world (it is replaced on `reset` and `restore`).
 * @param listeners - In-process webhook listeners by endpoint id.
 * @param snapshots - Snapshot, restore and reset, which replace the world itself.
 */
export function createMockControl(
  world: () => World,
  listeners: Map<string, WebhookListener>,
  snapshots: SnapshotControls,
): MockControl {
  return {
    ...createAccountControls(world),
    ...createReadControls(world),
    ...createFaultControls(world),
    ...createWebhookControls(world, listeners),
    snapshot: snapshots.snapshot,
    restore: snapshots.restore,
    reset: snapshots.reset,
  };
}
