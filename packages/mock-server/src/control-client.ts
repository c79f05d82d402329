/**
 * A typed client for the mock server's control API (`/__mock`, `openapi/control.yaml`), for tests
 * in another process than the server: a vitest suite whose `globalSetup` started it, a Playwright
 * test next to its `webServer`. Built like the SDK, with openapi-typescript types and openapi-fetch
 * (D113): every path, parameter, body and answer is typed from the contract.
 */
import type { Client } from 'openapi-fetch';
import * as openapiFetch from 'openapi-fetch';
import type { components, paths } from './generated/control';

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
}

/**
 * The control client: openapi-fetch's `GET`, `POST`, `PUT`, `DELETE`… over the control paths. Each
 * call resolves with `{ data }` on success or `{ error }` (the control API's error envelope), and
 * `response`; it never throws for an HTTP status.
 *
 * @interface
 */
export type ControlClient = Client<ControlPaths>;

type CreateClient = typeof openapiFetch.default;
// openapi-fetch's CommonJS build sets `exports.default` without `__esModule` (see the SDK's
// internal/openapi-fetch.ts): in this package's CommonJS build the function is one level deeper.
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
  const origin = options.url.replace(/\/+$/, '').replace(/\/__mock$/, '');
  return createClient<ControlPaths>({
    baseUrl: origin,
    ...(options.adminToken === undefined
      ? {}
      : { headers: { authorization: `Bearer ${options.adminToken}` } }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
}
