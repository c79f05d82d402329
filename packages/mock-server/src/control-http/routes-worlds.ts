/**
 * Control routes on the server's worlds: create one (its keys in full, shown only in that
 * answer), list them, read one, fork one, delete one. Everything else a world offers is the rest of
 * the control API under `/__mock/worlds/{world_id}/…`.
 */
import type { MockService } from '@msgsvc/mock';
import { formatTimestamp, parse, readonlyWorld } from '@msgsvc/mock/port';
import { clockView } from '../http/clock-view';
import { CONTROL_PREFIX, type ControlContext, type ControlRoute } from '../http/route';
import type { WorldSettings } from '../worlds/build-world';
import type { OrganizationCredentials } from '../worlds/world-file';
import type { WorldEntry } from '../worlds/world-registry';
import * as schemas from './control-schemas';

/** A world as lists show it: no secrets. */
function worldView({ worlds }: ControlContext, entry: WorldEntry) {
  const expires = worlds.expiresAt(entry);
  const world = readonlyWorld(entry.mock);
  return {
    id: entry.id,
    name: entry.name,
    default: entry === worlds.default,
    key_namespace: entry.namespace ?? null,
    created_at: formatTimestamp(entry.createdAt),
    last_used_at: formatTimestamp(entry.lastUsed),
    expires_at: expires === null ? null : formatTimestamp(expires),
    clock: clockView(entry.mock),
    counts: { organizations: world.organizations.size, messages: world.messages.size },
  };
}

/** Every organization of a world with its active keys in full: the answer that creates them. */
function credentials(mock: MockService): OrganizationCredentials[] {
  const world = readonlyWorld(mock);
  return [...world.organizations.values()].map((organization) => ({
    id: organization.id,
    name: organization.name,
    api_keys: [...world.apiKeys.values()]
      .filter((key) => key.organizationId === organization.id && !key.revoked)
      .map((key) => ({
        id: key.id,
        name: key.name,
        environment: key.environment,
        key: key.key,
        scopes: [...key.scopes],
      })),
    // Read from the world itself: a new world's answer need not build its `mock.control`.
    sender_ids: [...world.senders.values()]
      .filter((sender) => sender.organizationId === organization.id)
      .map((sender) => ({ id: sender.id, name: sender.name, status: sender.status })),
    webhook_secret: organization.webhookSecret,
  }));
}

/**
 * A created (or forked) world with what a test needs to use it: its URLs, and the first
 * organization's keys at the top level like the `--json` start-up line, every one in
 * `organizations`.
 */
function createdView(context: ControlContext, entry: WorldEntry) {
  const organizations = credentials(entry.mock);
  const first = organizations[0];
  const sender = first?.sender_ids.find((s) => s.status === 'APPROVED') ?? first?.sender_ids[0];
  const { origin } = context;
  return {
    ...worldView(context, entry),
    base_url: `${origin}/c/v1`,
    control_url: `${origin}${CONTROL_PREFIX}/worlds/${entry.id}`,
    inspector_url: `${origin}/?world=${entry.id}`,
    organization_id: first?.id ?? null,
    live_key: first?.api_keys.find((key) => key.environment === 'live')?.key ?? null,
    test_key: first?.api_keys.find((key) => key.environment === 'test')?.key ?? null,
    sender_id: sender === undefined ? null : { id: sender.id, name: sender.name },
    webhook_secret: first?.webhook_secret ?? null,
    organizations,
  };
}

/** The settings of a new world: the server's, with what the request asked for. */
function settingsOf(base: WorldSettings, input: schemas.CreateWorldInput): WorldSettings {
  const clock = input.clock ?? base.clock;
  return {
    clock,
    speed: base.speed,
    seed: input.seed ?? base.seed,
    // The server's pinned start applies to its own clock kind only; a new world starts now.
    startTime:
      input.start_time !== undefined
        ? Date.parse(input.start_time.replace(/(\.\d{3})\d+/, '$1'))
        : clock === base.clock
          ? base.startTime
          : undefined,
    // The server's starting organizations (the demo, or its --world file), unless given.
    file: input.world ?? base.file,
  };
}

/** World routes. */
export const WORLD_ROUTES: readonly ControlRoute[] = [
  {
    method: 'GET',
    path: '/worlds',
    handle: (context) => ({
      status: 200,
      body: { entries: context.worlds.list().map((entry) => worldView(context, entry)) },
    }),
  },
  {
    method: 'POST',
    path: '/worlds',
    handle: (context) => {
      const input = parse(schemas.createWorldBody, context.json);
      const entry = context.worlds.create(
        settingsOf(context.worlds.default.settings, input),
        input.name ?? null,
      );
      return { status: 201, body: createdView(context, entry) };
    },
  },
  {
    method: 'GET',
    path: '/worlds/{world_id}',
    handle: (context) => ({
      status: 200,
      body: worldView(context, context.worlds.get(context.params.world_id!)),
    }),
  },
  {
    method: 'DELETE',
    path: '/worlds/{world_id}',
    handle: ({ worlds, params }) => {
      worlds.delete(params.world_id!);
      return { status: 200, body: { id: params.world_id, deleted: true } };
    },
  },
  {
    method: 'POST',
    path: '/worlds/{world_id}/fork',
    handle: (context) => {
      const { name } = parse(schemas.forkWorldBody, context.json);
      const entry = context.worlds.fork(context.params.world_id!, name ?? null);
      return { status: 201, body: createdView(context, entry) };
    },
  },
];
