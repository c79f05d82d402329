/**
 * The mock as an HTTP server, for tools and other languages: the public API under `/c/v1`, the
 * control API under `/__mock` and the inspector at `/` — what `msgsvc-mock serve` runs, started
 * from code. It is built on the service (`@msgsvc/mock`) and the service never imports it.
 *
 * @example
 * ```ts
 * // vitest.global-setup.ts
 * import { startServer } from '@msgsvc/mock-server';
 *
 * export default async function setup({ provide }) {
 *   const server = await startServer({ clock: 'virtual' });
 *   provide('MSGSVC_BASE_URL', server.baseUrl);
 *   return () => server.close();
 * }
 * ```
 *
 * @module \@msgsvc/mock-server
 */
export type { StartupInfo } from './cli/banner';
export {
  type ControlClient,
  type ControlClientOptions,
  type ControlPaths,
  type ControlSchemas,
  type CreatedWorld,
  type CreateWorldRequest,
  createControlClient,
} from './control-client';
export { type RunningServer, type StartServerOptions, startServer } from './serve';
export { StateFileError } from './state/state-file';
export { type LockHolder, StateFileLockedError } from './state/state-lock';
export type { OrganizationCredentials, SenderIdCredentials } from './worlds/world-file';
