/** Control routes on snapshots: take, list, download, restore, forget. */

import type { WorldSnapshot } from '@msgsvc/mock';
import { formatTimestamp } from '@msgsvc/mock/port';
import { keyPrefix } from '@msgsvc/sdk';
import { redactSecrets } from '@msgsvc/sdk/contract';
import * as schemas from '../generated/control-requests';
import { route } from '../http/route';
import { clockView } from '../http/views';
import type { StoredSnapshot } from '../worlds/snapshot-store';

function snapshotView(stored: StoredSnapshot) {
  return {
    id: stored.id,
    name: stored.name,
    created_at: stored.createdAt.toISOString(),
    world_time: formatTimestamp(stored.snapshot.time),
    messages: stored.snapshot.messages.length,
    campaigns: stored.snapshot.campaigns.length,
  };
}

/**
 * A snapshot as the download shows it: API keys and webhook secrets by prefix. The
 * server keeps the whole snapshot, so restoring it by id brings back keys that still work.
 */
function withoutSecrets(snapshot: WorldSnapshot) {
  return {
    ...snapshot,
    apiKeys: snapshot.apiKeys.map((key) => ({ ...key, key: keyPrefix(key.key) })),
    organizations: snapshot.organizations.map((organization) => ({
      ...organization,
      webhookSecret: redactSecrets(organization.webhookSecret),
    })),
    webhooks: {
      ...snapshot.webhooks,
      endpoints: snapshot.webhooks.endpoints.map((endpoint) => ({
        ...endpoint,
        secret: redactSecrets(endpoint.secret),
      })),
    },
  };
}

/** Snapshot routes. */
export const SNAPSHOT_ROUTES = [
  route('GET /snapshots', ({ snapshots }) => ({ entries: snapshots.list().map(snapshotView) })),
  route('POST /snapshots 201', schemas.takeSnapshotBody, ({ mock, snapshots }, { name }) =>
    snapshotView(snapshots.add(mock.snapshot(), name ?? null)),
  ),
  route('GET /snapshots/{snapshot_id}', ({ snapshots, params }) =>
    withoutSecrets(snapshots.get(params.snapshot_id!).snapshot),
  ),
  route('DELETE /snapshots/{snapshot_id}', ({ snapshots, params }) => {
    snapshots.delete(params.snapshot_id!);
    return { id: params.snapshot_id, deleted: true };
  }),
  route('POST /snapshots/{snapshot_id}/restore', ({ mock, snapshots, params, requestLog }) => {
    mock.restore(snapshots.get(params.snapshot_id!).snapshot);
    requestLog.clear();
    return { restored: params.snapshot_id, clock: clockView(mock) };
  }),
];
