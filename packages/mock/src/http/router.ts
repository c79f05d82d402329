/**
 * Matching a request path to an operation. Seven routes under `/c/v1`: a segment-by-segment match
 * is both the simplest and the fastest thing that works.
 */
import { decodeOrKeep } from '@msgsvc/sdk/contract';
import { OPERATIONS, type Operation } from './operations';

/** The public layer's prefix (the contract's `servers` end with it). */
export const BASE_PATH = '/c/v1';

/**
 * The methods the service knows (RFC 9110's, with PATCH). Any other is a 501 wherever it is sent;
 * one of these on a path that lacks it is a 405.
 */
export const KNOWN_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
]);

const PREFIX = `${BASE_PATH}/`;

/** An operation with what matching needs precomputed: its parameter count. */
interface Route {
  readonly operation: Operation;
  /** How many parameters its path has (its literal segments win ties). */
  readonly params: number;
}

/** Routes by their number of path segments: a path is only ever compared with routes as long. */
const ROUTES_BY_LENGTH: readonly (readonly Route[])[] = (() => {
  const byLength: Route[][] = [];
  for (const operation of OPERATIONS) {
    const params = operation.segments.filter((segment) => segment.startsWith(':')).length;
    const length = operation.segments.length;
    byLength[length] ??= [];
    byLength[length].push({ operation, params });
  }
  return byLength;
})();
const NO_ROUTES: readonly Route[] = [];

/** A matched route, or why none matched. */
export type RouteMatch =
  | {
      readonly kind: 'found';
      readonly operation: Operation;
      readonly params: Record<string, string>;
    }
  | { readonly kind: 'method_not_allowed'; readonly allow: readonly string[] }
  | { readonly kind: 'not_implemented' }
  | { readonly kind: 'not_found' };

/**
 * Finds the operation for `method` and `path` (path under the host, e.g. `/c/v1/messages`). `HEAD`
 * finds the `GET` operation of the path: HTTP's HEAD is GET without the body.
 */
export function matchRoute(method: string, path: string): RouteMatch {
  if (!KNOWN_METHODS.has(method)) return { kind: 'not_implemented' };
  if (!path.startsWith(PREFIX)) return { kind: 'not_found' };
  // A trailing slash names another path, as for the real service: a 404.
  const rest = segmentsFrom(path, PREFIX.length);
  // Decoding only changes a segment with an escape in it.
  const segments = path.includes('%') ? rest.map(decodeOrKeep) : rest;
  // The path is the most literal pattern that matches it (`/campaigns/batch` beats
  // `/campaigns/{campaign_id}`); the method is then looked up on that path alone. Only routes as
  // long as the path are compared, and nothing is allocated until one is chosen: this runs for
  // every request.
  const routes = ROUTES_BY_LENGTH[segments.length] ?? NO_ROUTES;
  let fewestParams = Number.POSITIVE_INFINITY;
  for (const route of routes) {
    if (route.params < fewestParams && fits(route.operation.segments, segments)) {
      fewestParams = route.params;
    }
  }
  if (fewestParams === Number.POSITIVE_INFINITY) return { kind: 'not_found' };
  const wanted = method === 'HEAD' ? 'GET' : method;
  let allow: string[] | undefined;
  for (const { operation, params } of routes) {
    if (params !== fewestParams || !fits(operation.segments, segments)) continue;
    if (operation.method === wanted) {
      return { kind: 'found', operation, params: matchSegments(operation.segments, segments)! };
    }
    allow ??= [];
    allow.push(operation.method);
  }
  return { kind: 'method_not_allowed', allow: allow ?? [] };
}

/**
 * The `/`-separated segments of `path` from `start`: `path.slice(start).split('/')`, without the
 * intermediate string (twice as fast, and it runs for every request).
 */
function segmentsFrom(path: string, start: number): string[] {
  const segments: string[] = [];
  let from = start;
  for (;;) {
    const slash = path.indexOf('/', from);
    if (slash < 0) {
      segments.push(path.slice(from));
      return segments;
    }
    segments.push(path.slice(from, slash));
    from = slash + 1;
  }
}

/** Whether path segments match a pattern (`:name` matches any non-empty segment). */
function fits(pattern: readonly string[], segments: readonly string[]): boolean {
  if (pattern.length !== segments.length) return false;
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    const actual = segments[i]!;
    if (expected.startsWith(':') ? actual === '' : expected !== actual) return false;
  }
  return true;
}

/**
 * For a path outside the public layer (`/messages`, `/v1/messages`: a base URL without `/c/v1`),
 * the public path the caller probably meant: the longest tail of the path that names a route once
 * put under `/c/v1`. `undefined` for paths under `/c/v1/` and for tails that name nothing.
 */
export function suggestPublicPath(method: string, path: string): string | undefined {
  if (path.startsWith(`${BASE_PATH}/`)) return undefined;
  const segments = path.split('/').filter((segment) => segment !== '');
  for (let start = 0; start < segments.length; start++) {
    const candidate = `${BASE_PATH}/${segments.slice(start).join('/')}`;
    if (matchRoute(method, candidate).kind !== 'not_found') return candidate;
  }
  return undefined;
}

/**
 * Matches path segments against a pattern (`:name` marks a parameter, never empty); returns the
 * parameters, or `undefined`. Shared with the control API's router.
 */
export function matchSegments(
  pattern: readonly string[],
  segments: readonly string[],
): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    const actual = segments[i]!;
    if (expected.startsWith(':')) {
      if (actual === '') return undefined;
      params[expected.slice(1)] = actual;
    } else if (expected !== actual) {
      return undefined;
    }
  }
  return params;
}
