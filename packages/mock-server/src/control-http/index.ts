/**
 * The control API over HTTP (`/__mock/…`, `openapi/control.yaml`): a plain data handler,
 * `HttpRequest → HttpResponse`, separate from the public pipeline: no API keys, no rate limits,
 * no idempotency.
 */

import { DomainError } from '@msgsvc/mock';
import {
  bodyText,
  errorResponse,
  type HttpRequest,
  type HttpResponse,
  jsonBody,
  KNOWN_METHODS,
  parse,
  parseQuery,
  readonlyWorld,
  requireJsonUtf8,
} from '@msgsvc/mock/port';
import { matchPath, pathSegments, pathTemplates } from '@msgsvc/sdk/contract';
import { controlTraceId, toErrorResponse } from '../errors/control-errors';
import { CONTROL_PREFIX, type ControlDeps, type ControlRoute } from '../http/route';
import { BEHAVIOUR_ROUTES } from './routes-behaviour';
import { ORGANIZATION_ROUTES } from './routes-organizations';
import { READ_ROUTES } from './routes-reads';
import { SERVER_ROUTES } from './routes-server';
import { SNAPSHOT_ROUTES } from './routes-snapshots';
import { WEBHOOK_ROUTES } from './routes-webhooks';

/** The routes of one world, answered at `/__mock/…` and at `/__mock/worlds/{id}/…`. */
const WORLD_SCOPED_ROUTES: readonly ControlRoute[] = [
  ...ORGANIZATION_ROUTES,
  ...BEHAVIOUR_ROUTES,
  ...READ_ROUTES,
  ...WEBHOOK_ROUTES,
  ...SNAPSHOT_ROUTES,
];

/** Every control route: the server's own (health, worlds), then those of a world. */
export const CONTROL_ROUTES: readonly ControlRoute[] = [...SERVER_ROUTES, ...WORLD_SCOPED_ROUTES];

/**
 * Builds the control handler, compiled once: the server's routes, and a world's (with
 * `worldRoutes`, the inspector's data) for the default world and again under
 * `/worlds/{world_id}`, where they run against that world. Each call names the world and the
 * server it runs against.
 */
export function createControlHandler(
  worldRoutes: readonly ControlRoute[],
): (deps: ControlDeps, request: HttpRequest) => Promise<HttpResponse> {
  const world = [...WORLD_SCOPED_ROUTES, ...worldRoutes];
  const scoped = world.map((route) => ({ ...route, path: `/worlds/{world_id}${route.path}` }));
  const routes = [...SERVER_ROUTES, ...world, ...scoped];
  const table = pathTemplates(routes.map((route) => [route.path, route]));
  return async (deps, request) => {
    let { mock } = deps;
    try {
      // As on the public API: an unknown method is a 501, HEAD is GET without the body.
      if (!KNOWN_METHODS.has(request.method)) {
        throw new DomainError({
          code: 'NOT_IMPLEMENTED',
          message: 'The request method is not implemented by this service.',
        });
      }
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      // The most literal path that fits (a trailing slash aside), as on the public API, then the
      // method on it.
      const path = request.path.slice(CONTROL_PREFIX.length).replace(/\/$/, '');
      const match = matchPath(table, pathSegments(path, 1));
      if (match === undefined) {
        throw new DomainError({
          code: 'NOT_FOUND',
          message: `No control route for ${request.method} ${request.path}.`,
        });
      }
      // The world the path names, before anything else is looked at: an unknown one is a 404.
      const id = match.params.world_id;
      const world = id === undefined ? deps.world : deps.worlds.get(id);
      mock = world.mock;
      mock.clock.runDue();
      const route = match.values.find((candidate) => candidate.method === method);
      if (route === undefined) {
        const allow = match.values.map((candidate) => candidate.method).join(', ');
        const message = `${request.method} is not allowed here; allowed: ${allow}.`;
        const refusal = { code: 'METHOD_NOT_ALLOWED', message } as const;
        return errorResponse(refusal, controlTraceId(), readonlyWorld(mock).now(), { allow });
      }
      const input = routeInput(route, request);
      const context = { ...deps, ...world, world, params: match.params };
      const body = await route.answer(context, input);
      return {
        status: route.status,
        headers: {
          'content-type': 'application/json',
          'cache-control': 'no-store',
          'x-trace-id': controlTraceId(),
        },
        body: JSON.stringify(body),
      };
    } catch (error) {
      return toErrorResponse(error, readonlyWorld(mock).now(), request);
    }
  };
}

/**
 * A route's input, parsed with its schema: its query (GET, DELETE) or its JSON body. A body must
 * be a JSON object in UTF-8, even for a route without input; none, or only whitespace, reads as
 * `{}`.
 */
function routeInput({ method, input }: ControlRoute, request: HttpRequest): unknown {
  if (method === 'GET' || method === 'DELETE') {
    return input === undefined ? undefined : parseQuery(input, request.query);
  }
  let json: unknown = {};
  if (!isBlank(request.body)) {
    requireJsonUtf8(request.headers['content-type']);
    json = jsonBody(bodyText(request.body));
  }
  return input === undefined ? undefined : parse(input, json);
}

/** No body, or only JSON whitespace (space, tab, line feed, carriage return). */
function isBlank(body: string | Uint8Array | null): boolean {
  if (body === null) return true;
  if (typeof body === 'string') return body.trim() === '';
  return body.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d);
}
