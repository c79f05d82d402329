/**
 * Control routes on snapshots: take one (kept by the server), list them, restore one, download one
 * as JSON, forget one. A restored world carries its own clock (see `mock.restore`).
 */

import type { WorldSnapshot } from '@msgsvc/mock';
import { displaySecret, formatTimestamp, parse } from '@msgsvc/mock/port';
import { keyPrefix } from '@msgsvc/sdk';
import type { ControlRoute } from '../http/route';
import { clockView } from '../http/views';
import type { StoredSnapshot } from '../worlds/snapshot-store';
import * as schemas from './control-schemas';

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
      webhookSecret: displaySecret(organization.webhookSecret),
    })),
    webhooks: {
      ...snapshot.webhooks,
      endpoints: snapshot.webhooks.endpoints.map((endpoint) => ({
        ...endpoint,
        secret: displaySecret(endpoint.secret),
      })),
    },
  };
}

/** Snapshot routes. */
export const SNAPSHOT_ROUTES: readonly ControlRoute[] = [
  {
    method: 'GET',
    path: '/snapshots',
    handle: ({ snapshots }) => ({
      status: 200,
      body: { entries: snapshots.list().map(snapshotView) },
    }),
  },
  {
    method: 'POST',
    path: '/snapshots',
    handle: ({ mock, snapshots, json }) => {
      const { name } = parse(schemas.takeSnapshotBody, json);
      return { status: 201, body: snapshotView(snapshots.add(mock.snapshot(), name ?? null)) };
    },
  },
  {
    method: 'GET',
    path: '/snapshots/{snapshot_id}',
    handle: ({ snapshots, params }) => ({
      status: 200,
      body: withoutSecrets(snapshots.get(params.snapshot_id!).snapshot),
    }),
  },
  {
    method: 'DELETE',
    path: '/snapshots/{snapshot_id}',
    handle: ({ snapshots, params }) => {
      snapshots.delete(params.snapshot_id!);
      return { status: 200, body: { id: params.snapshot_id, deleted: true } };
    },
  },
  {
    method: 'POST',
    path: '/snapshots/{snapshot_id}/restore',
    handle: ({ mock, snapshots, params, requestLog }) => {
      mock.restore(snapshots.get(params.snapshot_id!).snapshot);
      requestLog.clear();
      return { status: 200, body: { restored: params.snapshot_id, clock: clockView(mock) } };
    },
  },
];
