/**
 * The mock as a Node HTTP server: the public API under `/c/v1`, the control API under `/__mock`
 * and the inspector page at `/`.
 */

import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MockService } from '@msgsvc/mock';
import {
  errorResponse,
  type HttpRequest,
  type HttpResponse,
  readonlyWorld,
} from '@msgsvc/mock/port';
import { decodeOrKeep, splitUrl } from '@msgsvc/sdk/contract';
import { createControlHandler } from '../control-http/index';
import { HEALTH_PATH } from '../control-http/routes-server';
import {
  controlErrorResponse,
  controlTraceId,
  reportToStderr,
  toErrorResponse,
} from '../errors/control-errors';
import { isErrorLike, isThenable } from '../errors/realm-neutral';
import { CONTROL_PREFIX } from '../http/route';
import { INSPECTOR_API, INSPECTOR_API_ROUTES } from '../inspector/api';
import { INSPECTOR_SCRIPT_PATH, inspectorPage, inspectorScript } from '../inspector/page';
import type { WorldSettings } from '../worlds/build-world';
import { RequestLog } from '../worlds/request-log';
import { type WorldEntry, WorldRegistry } from '../worlds/world-registry';
import { createAccess } from './access';
import { answerClientError, withRequest, writeResponse } from './node-request';

/** Options of {@link createMockServer}: named and meant as `startServer`'s where they match. */
export interface MockServerOptions {
  /** When set, the control API and inspector require `Authorization: Bearer <token>`. */
  readonly adminToken?: string | undefined;
  readonly cors?: readonly string[] | undefined;
  readonly worldTtl?: number | undefined;
  readonly maxWorlds?: number | undefined;
  /** The starting (default) world's service. */
  readonly mock: MockService;
  /** The log the mock's `observe` feeds; a fresh (empty) one by default. */
  readonly requestLog?: RequestLog;
  /** Rebuilds the starting world after `POST /__mock/reset` (default: seed the demo). */
  readonly reseed?: () => void;
  /**
   * What the starting world was built from: worlds created without settings of their own get the
   * same clock kind, speed, seed and starting organizations. Default: the mock's clock kind and
   * seed, the demo world.
   */
  readonly settings?: WorldSettings;
  /** The wall clock the worlds' time-to-live is measured on. Default `Date.now`. */
  readonly wallClock?: () => number;
  /** When the server started (wall clock, epoch ms), for `GET /__mock/health`. Default: now. */
  readonly startedAt?: number;
  /**
   * Called with the `X-API-KEY` of each public request to the default world before it is handled:
   * a world loaded from a state file holds its keys by hash until they are presented.
   */
  readonly recallKey?: (key: string) => void;
}

/** A running (or ready to run) mock server, as {@link createMockServer} makes it. */
export type MockServer = ReturnType<typeof createMockServer>;

const INSPECTOR_PATHS = new Set(['/', `${CONTROL_PREFIX}/inspector`]);
/** The inspector's live feed, the default world's or `/worlds/{id}`'s. */
const INSPECTOR_EVENTS = new RegExp(
  `^${CONTROL_PREFIX}(?:/worlds/([^/]+))?${INSPECTOR_API}/events$`,
);
/** How often due background work runs on a real clock, in ms. */
const TICK_MS = 50;

type ServerContext = ReturnType<typeof serverContext>;

/** The control API's routes, with the inspector page's data in every world. */
const control = createControlHandler(INSPECTOR_API_ROUTES);

/** Creates the server; `listen` then starts it. */
export function createMockServer(options: MockServerOptions) {
  const { mock } = options;
  const requestLog = options.requestLog ?? new RequestLog();
  const worlds = new WorldRegistry(
    {
      mock,
      requestLog,
      reseed: options.reseed ?? (() => mock.seedDemo()),
      organizations: [],
      settings: options.settings ?? {
        clock: readonlyWorld(mock).clock.kind,
        speed: 1,
        seed: readonlyWorld(mock).config.seed,
      },
    },
    {
      ttlMs: options.worldTtl === undefined ? undefined : options.worldTtl * 1000,
      maxWorlds: options.maxWorlds,
      now: options.wallClock,
    },
  );
  const context = serverContext(options, worlds);
  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) =>
    onRequest(context, req, res),
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket) =>
    answerClientError(error.code, socket, context.now()),
  );
  // A `CONNECT` (handed over as a bare socket, closed without a word when no one listens) is a
  // method the service does not implement: a 501 like any other.
  server.on('connect', (_req, socket) =>
    answerClientError('HPE_INVALID_METHOD', socket, context.now()),
  );
  let timer: NodeJS.Timeout | undefined;

  return {
    server,
    /** The server's worlds: the default one and those created through `POST /__mock/worlds`. */
    worlds,
    /** Starts listening (`port` 0: any free one); resolves with the address and a local origin. */
    async listen(port: number, host: string) {
      // `once` rejects with the server's 'error' (EADDRINUSE…) if it comes first.
      await once(server.listen(port, host), 'listening');
      const { address, port: bound } = server.address() as AddressInfo;
      // A local client reaches the unspecified address through loopback.
      const local = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
      context.origin = `http://${local.includes(':') ? `[${local}]` : local}:${bound}`;
      // On a real clock, due background work runs on a timer too, not only before requests; idle
      // worlds are freed on the same timer (a pass over the worlds, as running their work is).
      timer = setInterval(() => {
        worlds.runDue();
        worlds.sweep();
      }, TICK_MS);
      return { host: address, port: bound, origin: context.origin };
    },
    /** Stops accepting connections, ends idle keep-alive ones and stops the clock timer. */
    close() {
      clearInterval(timer);
      worlds.close();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeIdleConnections();
      });
    },
  };
}

function serverContext(options: MockServerOptions, worlds: WorldRegistry) {
  return {
    worlds,
    access: createAccess(options.adminToken, options.cors ?? []),
    startedAt: options.startedAt ?? Date.now(),
    /** The origin the server listens on, once it does (for URLs when a request has no `Host`). */
    origin: 'http://127.0.0.1',
    recallKey: options.recallKey,
    /** The default world's time, for the server's own refusals. */
    now: () => readonlyWorld(worlds.default.mock).now(),
  };
}

function onRequest(context: ServerContext, req: IncomingMessage, res: ServerResponse): void {
  const preflight = context.access.cors?.(req, res, context.now());
  if (preflight !== undefined) {
    req.resume();
    writeResponse(res, preflight);
    return;
  }
  const { path } = splitUrl(req.url ?? '/');
  if (path === INSPECTOR_SCRIPT_PATH) {
    // The page's script is code, not data: served without the token (a <script> cannot send one).
    writeResponse(res, inspectorScript(req.method ?? 'GET', controlTraceId()));
  } else if (path.startsWith(`${CONTROL_PREFIX}/`) || INSPECTOR_PATHS.has(path)) {
    withRequest(req, res, context.now, (request) =>
      serveAdmin(context, res, request).catch((error) => fail(res, req, error)),
    );
  } else {
    // The public pipeline answers unknown paths with its own 404 envelope.
    withRequest(req, res, context.now, (request) => answer(context, req, res, request));
  }
}

function answer(
  { worlds, recallKey }: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  request: HttpRequest,
): void {
  try {
    const key = request.headers['x-api-key'];
    // The key names its world: one Map lookup, none while only the default world exists.
    const entry = worlds.forKey(key);
    const { mock } = entry;
    if (recallKey !== undefined && key !== undefined && mock === worlds.default.mock) {
      recallKey(key.trim());
    }
    mock.clock.runDue();
    const response = mock.handle(request);
    if (isThenable(response)) {
      // A request held by a latency fault may outlive its world: it ends when the world does, and
      // what it did is lost with it.
      Promise.race([response, entry.ended]).then(
        (settled) =>
          writeResponse(res, entry.gone || settled === undefined ? worldGone(entry) : settled),
        (error) => fail(res, req, error),
      );
    } else {
      writeResponse(res, response);
    }
  } catch (error) {
    fail(res, req, error);
  }
}

/**
 * The answer to a public request whose world was deleted or expired while it was held: a 503 in the
 * public API's envelope (a retry then meets the 401 of a key whose world is gone), never the 2xx of
 * a record nobody can read.
 */
function worldGone(entry: WorldEntry): HttpResponse {
  const message = `World ${entry.id} was deleted or expired while this request was in flight; nothing it did was kept.`;
  return errorResponse({ code: 'SERVICE_UNAVAILABLE', message }, controlTraceId(), Date.now());
}

async function serveAdmin(
  context: ServerContext,
  res: ServerResponse,
  request: HttpRequest,
): Promise<void> {
  const { path } = request;
  const page = INSPECTOR_PATHS.has(path) && (request.method === 'GET' || request.method === 'HEAD');
  // The health check is for anyone who can reach the port. The page is opened from a browser's
  // address bar, so it may carry the token in `?token=`.
  const token = page ? new URLSearchParams(request.query).get('token') : null;
  const refused = path === HEALTH_PATH ? undefined : context.access.check(request, token);
  if (refused !== undefined) {
    writeResponse(res, controlErrorResponse(refused, context.now()));
    return;
  }
  const { worlds } = context;
  if (page) {
    worlds.default.mock.clock.runDue();
    writeResponse(res, inspectorPage(controlTraceId()));
    return;
  }
  const { host } = request.headers;
  const origin = host === undefined ? context.origin : `http://${host}`;
  const world = worlds.default;
  const events = request.method === 'GET' ? INSPECTOR_EVENTS.exec(path) : null;
  if (events === null) {
    const deps = { ...world, startedAt: context.startedAt, worlds, world, origin };
    writeResponse(res, await control(deps, request));
    return;
  }
  // An unknown world's 404 is the caller's `fail` to answer.
  const id = events[1];
  (id === undefined ? world : worlds.get(decodeOrKeep(id))).live.attach(res, controlTraceId());
}

/**
 * A request that failed outside the pipeline (which never throws): a 500 envelope naming the
 * exception, if the answer has not begun, and one report on stderr.
 */
function fail(res: ServerResponse, req: IncomingMessage, error: unknown): void {
  const { path, query } = splitUrl(req.url ?? '/');
  // The request as far as the report needs it: no headers, so no API key reaches the log.
  const request = { method: req.method ?? 'GET', path, query, headers: {}, body: null };
  if (!res.headersSent) {
    writeResponse(res, toErrorResponse(error, Date.now(), request));
    return;
  }
  reportToStderr(error, { request, traceId: controlTraceId() });
  res.destroy(isErrorLike(error) ? error : undefined);
}
