/**
 * The server's own control routes: its health and its worlds. The health check names the service,
 * so a harness waiting on it cannot be satisfied by another tool on the same port; it answers
 * without the admin token or a loopback `Host`, as it tells nothing a port scan would not.
 */
import { formatTimestamp, readonlyWorld } from '@msgsvc/mock/port';
// Read from package.json at build time (tsup inlines the JSON), and from the file itself when the
// sources run (tsx, vitest): never a second copy of the version to keep in step.
import type { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import * as schemas from '../generated/control-requests';
import { CONTROL_PREFIX, type ControlContext, route } from '../http/route';
import { clockView } from '../http/views';
import type { WorldSettings } from '../worlds/build-world';
import { type OrganizationCredentials, worldCredentials } from '../worlds/world-file';
import { worldFileSchema } from '../worlds/world-file-schema';
import type { WorldEntry } from '../worlds/world-registry';

/** The health check's path, outside any access check. */
export const HEALTH_PATH = `${CONTROL_PREFIX}/health`;

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

/**
 * The first organization's credentials, as the `--json` start-up line and a created world's
 * answer give them at the top level: its id, live and test keys, an approved sender ID (else its
 * first) and webhook secret.
 */
export function firstCredentials(organizations: readonly OrganizationCredentials[]) {
  const first = organizations[0];
  const sender = first?.sender_ids.find((s) => s.status === 'APPROVED') ?? first?.sender_ids[0];
  return {
    organization_id: first?.id ?? null,
    live_key: first?.api_keys.find((key) => key.environment === 'live')?.key ?? null,
    test_key: first?.api_keys.find((key) => key.environment === 'test')?.key ?? null,
    sender_id: sender === undefined ? null : { id: sender.id, name: sender.name },
    webhook_secret: first?.webhook_secret ?? null,
  };
}

/**
 * A created (or forked) world with what a test needs to use it: its URLs, and the first
 * organization's keys at the top level like the `--json` start-up line, every one in
 * `organizations`.
 */
function createdView(context: ControlContext, entry: WorldEntry) {
  const organizations = worldCredentials(entry.mock);
  const { origin } = context;
  return {
    ...worldView(context, entry),
    base_url: `${origin}/c/v1`,
    control_url: `${origin}${CONTROL_PREFIX}/worlds/${entry.id}`,
    inspector_url: `${origin}/?world=${entry.id}`,
    ...firstCredentials(organizations),
    organizations,
  };
}

/** The settings of a new world: the server's, with what the request asked for. */
function settingsOf(base: WorldSettings, input: z.output<typeof createWorldBody>): WorldSettings {
  const clock = input.clock ?? base.clock;
  return {
    ...base,
    clock,
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

/** `POST /__mock/worlds`: the contract's body, its `world` a world file (world.schema.json). */
const createWorldBody = schemas.createWorldBody.extend({ world: worldFileSchema.exactOptional() });

/** Health and world routes. */
export const SERVER_ROUTES = [
  route('GET /health', ({ mock, startedAt, worlds }) => ({
    service: 'msgsvc-mock',
    version: packageJson.version,
    status: 'ready',
    // The default world and every created one still alive.
    worlds: worlds.size,
    clock: readonlyWorld(mock).clock.kind,
    started_at: formatTimestamp(startedAt),
  })),
  route('GET /worlds', (context) => ({
    entries: context.worlds.list().map((entry) => worldView(context, entry)),
  })),
  route('POST /worlds 201', createWorldBody, (context, input) => {
    const settings = settingsOf(context.worlds.default.settings, input);
    return createdView(context, context.worlds.create(settings, input.name ?? null));
  }),
  route('GET /worlds/{world_id}', (context) =>
    worldView(context, context.worlds.get(context.params.world_id!)),
  ),
  route('DELETE /worlds/{world_id}', ({ worlds, params }) => {
    worlds.delete(params.world_id!);
    return { id: params.world_id, deleted: true };
  }),
  route('POST /worlds/{world_id}/fork 201', schemas.forkWorldBody, (context, { name }) =>
    createdView(context, context.worlds.fork(context.params.world_id!, name ?? null)),
  ),
];
