/**
 * Matching a request path to an operation: the contract's templates under `/c/v1`, matched by the
 * one template matcher every package shares.
 */
import { matchPath, pathSegments, pathTemplates } from '@msgsvc/sdk/contract';
import { OPERATIONS, type Operation } from './operations';

/** The public layer's prefix (the contract's `servers` end with it). */
const BASE_PATH = '/c/v1';

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

/**
 * The operation `method` names on the path (under the host, e.g. `/c/v1/messages`), or the methods
 * the path takes when it has none by that name, or `undefined` when no path of the contract fits.
 * `HEAD` finds the `GET` operation of the path: HTTP's HEAD is GET without the body.
 */
export function matchRoute(
  method: string,
  path: string,
):
  | { readonly operation: Operation; readonly params: Record<string, string> }
  | { readonly allow: readonly string[] }
  | undefined {
  if (!path.startsWith(PREFIX)) return undefined;
  // The path is the most literal template that fits it; the method is then looked up on that
  // path alone. A trailing slash names another path, as for the real service: a 404.
  const match = matchPath(TEMPLATES, pathSegments(path, PREFIX.length));
  if (match === undefined) return undefined;
  const wanted = method === 'HEAD' ? 'GET' : method;
  const operation = match.values.find((candidate) => candidate.method === wanted);
  if (operation !== undefined) return { operation, params: match.params };
  return { allow: match.values.map((candidate) => candidate.method) };
}

/**
 * The 404's message. A base URL without `/c/v1` is the commonest first mistake: for a path outside
 * the public layer (`/messages`, `/v1/messages`) it says where the API lives, and the path probably
 * meant: the longest tail of the path that names a route once put under `/c/v1`.
 */
export function noRouteMessage(method: string, path: string): string {
  const message = `No route for ${method} ${path}.`;
  if (path.startsWith(PREFIX)) return message;
  const segments = path.split('/').filter((segment) => segment !== '');
  for (let start = 0; start < segments.length; start++) {
    const candidate = `${PREFIX}${segments.slice(start).join('/')}`;
    if (matchRoute(method, candidate) !== undefined) {
      return `${message} The public API is under ${BASE_PATH}: did you mean ${candidate}?`;
    }
  }
  return `${message} The public API is under ${BASE_PATH}.`;
}
