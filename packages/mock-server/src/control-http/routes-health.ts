/**
 * `GET /__mock/health`: whether the server is up and what it is, for a harness waiting on
 * it (Playwright's `webServer.url`, a compose health check, a wait loop in any language). It names
 * the service, so a wait cannot be satisfied by another tool listening on the same port, and it
 * answers without the admin token or a loopback `Host`: it tells nothing a port scan would not.
 */
import { formatTimestamp, readonlyWorld } from '@msgsvc/mock/port';
import { CONTROL_PREFIX, type ControlRoute } from '../http/route';
import { MOCK_VERSION } from './version';

/** The health check's path, outside any access check. */
export const HEALTH_PATH = `${CONTROL_PREFIX}/health`;

/** The health route. */
export const HEALTH_ROUTES: readonly ControlRoute[] = [
  {
    method: 'GET',
    path: '/health',
    handle: ({ mock, startedAt, worlds }) => ({
      status: 200,
      body: {
        service: 'msgsvc-mock',
        version: MOCK_VERSION,
        status: 'ready',
        // The default world and every created one still alive.
        worlds: worlds.size,
        clock: readonlyWorld(mock).clock.kind,
        started_at: formatTimestamp(startedAt),
      },
    }),
  },
];
