/**
 * Matching a request path to an operation: the contract's templates under `/c/v1`, matched by the
 * one template matcher every package shares.
 */
import { matchPath, pathSegments, pathTemplates } from '@msgsvc/sdk/contract';
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

const TEMPLATES = pathTemplates(OPERATIONS.map((operation) => [operation.path, operation]));

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
  // The path is the most literal template that fits it; the method is then looked up on that
  // path alone. A trailing slash names another path, as for the real service: a 404.
  const match = matchPath(TEMPLATES, pathSegments(path, PREFIX.length));
  if (match === undefined) return { kind: 'not_found' };
  const wanted = method === 'HEAD' ? 'GET' : method;
  const operation = match.values.find((candidate) => candidate.method === wanted);
  if (operation !== undefined) return { kind: 'found', operation, params: match.params };
  return { kind: 'method_not_allowed', allow: match.values.map((candidate) => candidate.method) };
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
