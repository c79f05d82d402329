/**
 * `msgsvc-mock serve` without the command line: build the mock (clock, seed, request log), seed
 * the starting world (a world file or the demo), decide on the admin token, and listen.
 */
import { randomBytes } from 'node:crypto';
import { RealClock } from '../domain/clock';
import { createMockService, type MockService } from '../mock-service';
import { isLoopback } from './admin-access';
import type { StartupInfo } from './banner';
import type { ServeOptions } from './cli-options';
import { RequestLog } from './inspector/request-log';
import { createMockServer } from './node-server';
import {
  applyWorld,
  demoCredentials,
  loadWorldFile,
  type OrganizationCredentials,
} from './world-file';

/** A started server. */
export interface RunningServer {
  readonly mock: MockService;
  readonly info: StartupInfo;
  /** Stops the server (idempotent). */
  close(): Promise<void>;
}

/**
 * Starts a server. The world file is read and checked before anything binds, so a bad file fails
 * fast with its own message.
 *
 * @throws {WorldFileError} for a bad world file; the listen error (e.g. `EADDRINUSE`) otherwise.
 */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const file = options.world === undefined ? undefined : loadWorldFile(options.world);
  const requestLog = new RequestLog();
  const mock = createMockService({
    // A virtual clock is left to the service: it builds a fresh one on each reset, so a reset
    // world starts at the same instant (and gets the same ids) as the first one.
    ...(options.clock === 'real' ? { clock: new RealClock(options.speed) } : {}),
    seed: options.seed,
    observe: (request, response) => requestLog.record(request, response),
  });
  const seed = (): OrganizationCredentials[] =>
    file === undefined ? [demoCredentials(mock)] : applyWorld(mock, file);
  const organizations = seed();

  const generated = options.adminToken === undefined && !isLoopback(options.host);
  const adminToken = generated ? randomBytes(24).toString('base64url') : options.adminToken;
  const server = createMockServer({ mock, requestLog, adminToken, reseed: seed });
  const address = await server.listen(options.port, options.host);

  let closing: Promise<void> | undefined;
  return {
    mock,
    info: {
      host: address.host,
      port: address.port,
      origin: clientOrigin(address.host, address.port),
      clock: options.clock,
      speed: options.speed,
      seed: options.seed,
      adminToken,
      tokenGenerated: generated,
      organizations,
      pid: process.pid,
    },
    close() {
      closing ??= server.close();
      return closing;
    },
  };
}

/** An origin a local client can use: the unspecified address is reached through loopback. */
function clientOrigin(host: string, port: number): string {
  if (host === '0.0.0.0') return `http://127.0.0.1:${port}`;
  if (host === '::') return `http://[::1]:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}
