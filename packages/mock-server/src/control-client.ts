/**
 * A typed client for the server's control API, for tests in another process than the server, built
 * like the SDK with openapi-typescript types and openapi-fetch.
 */
import type { Client } from 'openapi-fetch';
import * as openapiFetch from 'openapi-fetch';
import type { components, operations, paths } from './generated/control';

/** The control API's paths, as openapi-typescript generates them from `openapi/control.yaml`. */
export type ControlPaths = paths;
/** The control API's schemas by name: `ControlSchemas['Organization']`, `['Balance']`, … */
export type ControlSchemas = components['schemas'];

/** Options of {@link createControlClient}. */
export interface ControlClientOptions {
  /**
   * The server's origin (`startServer()`'s `url`, or the `--json` line's `control_url`, with or
   * without its `/__mock`).
   */
  readonly url: string;
  /** The admin token, when the server requires one (sent as `Authorization: Bearer …`). */
  readonly adminToken?: string | undefined;
  /** The `fetch` to use. Default `globalThis.fetch`. */
  readonly fetch?: typeof fetch;
  /**
   * A world's id (`createWorld()`'s `id`): every world path then goes to that world, under
   * `/__mock/worlds/{id}`. Default: the server's default world.
   */
  readonly world?: string | undefined;
}

/** What {@link ControlClient.createWorld} may ask for: the body of `POST /__mock/worlds`. */
export type CreateWorldRequest = NonNullable<
  operations['createWorld']['requestBody']
>['content']['application/json'];
/** A created world: its id, URLs and API keys in full (shown only in this answer). */
export type CreatedWorld = components['schemas']['CreatedWorld'];

/**
 * The control client: openapi-fetch's `GET`, `POST`, `PUT`, `DELETE`… over the control paths. Each
 * call resolves with `{ data }` on success or `{ error }` (the control API's error envelope), and
 * `response`; it never throws for an HTTP status. `createWorld` and `world` add the server's
 * worlds.
 */
export interface ControlClient extends Client<ControlPaths> {
  /**
   * Creates an isolated world (`POST /__mock/worlds`) and resolves with its id, URLs and keys.
   *
   * @throws Error naming the status and message when the server refuses.
   */
  createWorld(request?: CreateWorldRequest): Promise<CreatedWorld>;
  /** The same client for one world: every world path goes under `/__mock/worlds/{id}`. */
  world(id: string): ControlClient;
}

type CreateClient = typeof openapiFetch.default;
// openapi-fetch's CommonJS build sets `exports.default` without `__esModule` (as the SDK's
// client.ts says): in this package's CommonJS build the function is one level deeper.
const createClient: CreateClient =
  (openapiFetch.default as unknown as { default?: CreateClient }).default ?? openapiFetch.default;

/**
 * Creates a typed client for a running server's control API.
 *
 * @example
 * ```ts
 * import { createControlClient } from '@msgsvc/mock-server';
 *
 * const control = createControlClient({ url: process.env.MSGSVC_MOCK_URL ?? 'http://127.0.0.1:4780' });
 * const { data: phone } = await control.GET('/__mock/phones/{number}/messages', {
 *   params: { path: { number: '+244923000001' } },
 * });
 * console.log(phone?.entries.length);
 * await control.POST('/__mock/reset');
 * ```
 */
export function createControlClient(options: ControlClientOptions): ControlClient {
  // A world's control_url works as `url` too: its world is taken from it.
  const [, origin = '', inUrl] = /^(.*?)(?:\/__mock(?:\/worlds\/([^/]+))?)?\/*$/s.exec(
    options.url,
  )!;
  const world = options.world ?? (inUrl === undefined ? undefined : decodeURIComponent(inUrl));
  const client = createClient<ControlPaths>({
    baseUrl: origin,
    ...(options.adminToken === undefined
      ? {}
      : { headers: { authorization: `Bearer ${options.adminToken}` } }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  if (world !== undefined) {
    const scope = `/__mock/worlds/${encodeURIComponent(world)}`;
    client.use({
      onRequest({ request }) {
        const url = new URL(request.url);
        // The server's own paths (health, the worlds) stay; a world's go under its prefix.
        if (/^\/__mock\/(health|worlds)(\/|$)/.test(url.pathname)) return undefined;
        url.pathname = `${scope}${url.pathname.slice('/__mock'.length)}`;
        return new Request(url, request);
      },
    });
  }
  return Object.assign(client, {
    async createWorld(request: CreateWorldRequest = {}): Promise<CreatedWorld> {
      const { data, error, response } = await client.POST('/__mock/worlds', { body: request });
      if (data === undefined) {
        throw new Error(`createWorld: ${response.status} ${error?.message ?? ''}`.trim());
      }
      return data;
    },
    world: (id: string) => createControlClient({ ...options, url: origin, world: id }),
  });
}
