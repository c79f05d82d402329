/**
 * In-process servers for one test file: each started server is closed after the test that started
 * it, so a failing assertion never leaves a port open for the next test.
 */
import { type RunningServer, startServer } from '@msgsvc/mock-server';
import { afterEach } from 'vitest';

/** A `startServer` whose servers are closed after each test of the calling file. */
export function serversClosedAfterEach(): (
  options?: Parameters<typeof startServer>[0],
) => Promise<RunningServer> {
  const servers: RunningServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (options = {}) => {
    const server = await startServer(options);
    servers.push(server);
    return server;
  };
}
