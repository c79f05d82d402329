/** `msgsvc-mock serve` without the command line. */
import { randomBytes } from 'node:crypto';
import type { MockService } from '@msgsvc/mock';
import { readonlyWorld } from '@msgsvc/mock/port';
import type { StartupInfo } from './cli/banner';
import {
  checkServeOptions,
  SERVE_DEFAULTS,
  type ServeOptions,
  type StartServerOptions,
} from './cli/cli-options';
import { type CreatedWorld, type CreateWorldRequest, createControlClient } from './control-client';
import { isLoopback } from './server/access';
import { createMockServer } from './server/node-server';
import { type HeldStateFile, holdStateFile, type StateFileError } from './state/state-file';
import type { StateFileLockedError } from './state/state-lock';
import { recallKey } from './state/stored-keys';
import { type BuiltWorld, buildWorld } from './worlds/build-world';
import { loadWorldFile } from './worlds/world-file';

export type { StartServerOptions } from './cli/cli-options';

/** A started server. */
export interface RunningServer {
  /** The server's origin, e.g. `http://127.0.0.1:43117`: the inspector is at `/`. */
  readonly url: string;
  /** The public API's base URL (`${url}/c/v1`), for `new MessagingClient({ baseUrl })`. */
  readonly baseUrl: string;
  /** The service behind the server (its control API, clock and state, in-process). */
  readonly mock: MockService;
  /** What `msgsvc-mock serve` prints at start-up: address, clock, keys of the seeded world. */
  readonly info: StartupInfo;
  /**
   * Creates an isolated world on the server (`POST /__mock/worlds`): its own organizations,
   * keys, clock, faults, rate limits, webhooks, outbox and request log. Its keys reach it through
   * the same `baseUrl`; its control API is under its `control_url`. One per test lets tests run in
   * parallel against one server.
   *
   * @example
   * ```ts
   * const world = await server.createWorld({ clock: 'virtual' });
   * const client = new MessagingClient({ apiKey: world.live_key!, baseUrl: world.base_url });
   * ```
   */
  createWorld(options?: CreateWorldRequest): Promise<CreatedWorld>;
  /** Stops the server (idempotent). */
  close(): Promise<void>;
}

/**
 * Starts the mock as an HTTP server (what `msgsvc-mock serve` runs), for vitest `globalSetup`,
 * Playwright's `webServer` or any test that needs a real port. The world file is read and checked
 * before anything binds, so a bad file fails fast with its own message.
 *
 * @example
 * ```ts
 * import { DEMO_LIVE_KEY } from '@msgsvc/mock';
 * import { startServer } from '@msgsvc/mock-server';
 * import { MessagingClient } from '@msgsvc/sdk';
 *
 * const server = await startServer(); // the demo world, on a free port
 * const client = new MessagingClient({ apiKey: DEMO_LIVE_KEY, baseUrl: server.baseUrl });
 * await client.messages.send({ to: '+244923000001', body: 'Olá' });
 * await server.close();
 * ```
 *
 * @throws {WorldFileError} for a bad world file, {@link StateFileError} for a bad state file or one
 * whose folder cannot be written, {@link StateFileLockedError} for a state file another running
 * server holds, a `TypeError` for a `cors` entry that is not an origin, a `RangeError` for a
 * number out of its flag's bounds; the listen error (e.g. `EADDRINUSE`) otherwise.
 */
export async function startServer(given: StartServerOptions = {}): Promise<RunningServer> {
  const options: ServeOptions = { ...SERVE_DEFAULTS, port: 0 };
  for (const [name, value] of Object.entries(given)) {
    if (value !== undefined) Object.assign(options, { [name]: value });
  }
  const file = options.world === undefined ? undefined : loadWorldFile(options.world);
  checkServeOptions(options);
  const state =
    options.state === undefined
      ? undefined
      : holdStateFile(options.state, options.stateInterval * 1000);
  try {
    return await serve(options, file, state);
  } catch (error) {
    await state?.close();
    throw error;
  }
}

async function serve(
  options: ServeOptions,
  file: ReturnType<typeof loadWorldFile> | undefined,
  state: HeldStateFile | undefined,
): Promise<RunningServer> {
  const saved = state?.saved;
  // Unless pinned, a world starts when it is built: this one now, later ones at their creation.
  const world = buildWorld({
    clock: options.clock,
    speed: options.speed,
    seed: options.seed,
    startTime: options.startTime === undefined ? undefined : Number(options.startTime),
    file,
  });
  const { mock, organizations } = world;
  // The banner still names the seeded world's keys (see warnOfLostKeys).
  if (saved !== undefined) {
    mock.restore(saved);
    warnOfLostKeys(world, options.state!);
  }
  const generated = options.adminToken === undefined && !isLoopback(options.host);
  const adminToken = generated ? randomBytes(24).toString('base64url') : options.adminToken;
  const server = createMockServer({
    ...options,
    mock,
    requestLog: world.requestLog,
    adminToken,
    reseed: world.reseed,
    settings: world.settings,
    ...(saved === undefined ? {} : { recallKey: (key: string) => recallKey(mock.world, key) }),
  });
  const address = await server.listen(options.port, options.host);
  state?.serve(mock, address.port);
  const { origin } = address;
  let closing: Promise<void> | undefined;
  return {
    url: origin,
    baseUrl: `${origin}/c/v1`,
    mock,
    info: {
      ...address,
      clock: options.clock,
      worldTime: readonlyWorld(mock).now(),
      speed: options.speed,
      seed: options.seed,
      adminToken,
      tokenGenerated: generated,
      organizations,
      pid: process.pid,
    },
    createWorld: createControlClient({ url: origin, adminToken }).createWorld,
    close: () => {
      // Once: the world is saved before and after the server closes.
      closing ??= state === undefined ? server.close() : state.close(() => server.close());
      return closing;
    },
  };
}

/**
 * The banner names the seeded world's keys, but the state file's world replaced it: says so when
 * none of those keys is in it (e.g. a world emptied through the control API), instead of leaving a
 * user to find out by a 401.
 */
function warnOfLostKeys({ mock, organizations }: BuiltWorld, path: string): void {
  const printed = organizations.flatMap((o) => o.api_keys.map((k) => k.key));
  if (printed.length === 0) return;
  const known = (key: string) => {
    // `recallKey` may put a key back in place of its stand-in: it takes the world, not the view.
    if (!recallKey(mock.world, key)) return false;
    return readonlyWorld(mock).apiKeys.get(key)?.revoked === false;
  };
  if (printed.some(known)) return;
  const kept = [...readonlyWorld(mock).apiKeys.values()].filter((k) => !k.revoked).length;
  process.stderr.write(
    `msgsvc-mock: the world loaded from ${path} has none of the keys printed below (it has ${kept} active key${kept === 1 ? '' : 's'} of its own).\n`,
  );
}
