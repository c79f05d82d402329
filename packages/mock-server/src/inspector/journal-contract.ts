/**
 * The request journal's view of the contract: which operation a logged request was for,
 * and the contract's paths and methods to compare a request that matched none with. Everything
 * comes from the generated outline of `openapi/openapi.yaml`, never from a list kept by hand.
 */
import { matchPath, pathSegments, pathTemplates } from '@msgsvc/sdk/contract';
import { CONTRACT_OUTLINE, type OutlineOperation } from './generated/contract-outline';

/** Every operation with its path split into segments (`{name}` segments match any value). */
export const TEMPLATES = CONTRACT_OUTLINE.operations.map((operation) => ({
  operation,
  segments: operation.path.split('/').filter(Boolean),
}));
const MATCHER = pathTemplates(
  CONTRACT_OUTLINE.operations.map((operation) => [operation.path, operation]),
);

/** Every operation id of the contract, in its order (the journal's `op` filter). */
export const OPERATION_IDS: readonly string[] = CONTRACT_OUTLINE.operations.map(
  (operation) => operation.operationId,
);

/** The contract's base path, `/c/v1`. */
export const BASE_PATH = CONTRACT_OUTLINE.basePath;

/** Whether a template segment is a parameter. */
export function isParam(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

/** The segments of a request path under the base path, or undefined when it is not under it. */
export function segmentsUnderBase(path: string): string[] | undefined {
  if (!path.startsWith(`${BASE_PATH}/`)) return undefined;
  return path.slice(BASE_PATH.length + 1).split('/');
}

/**
 * The operations whose path the request path has (the most literal path wins, as the service
 * routes: `/campaigns/batch` before `/campaigns/{campaign_id}`), with the values of its parameters.
 */
export function operationsAt(path: string): {
  readonly operations: readonly OutlineOperation[];
  readonly params: Readonly<Record<string, string>>;
} {
  if (!path.startsWith(`${BASE_PATH}/`)) return { operations: [], params: {} };
  const match = matchPath(MATCHER, pathSegments(path, BASE_PATH.length + 1));
  return match === undefined
    ? { operations: [], params: {} }
    : { operations: match.values, params: match.params };
}

/** The operation a request was for (`HEAD` is `GET`'s), or undefined when none has its method and path. */
export function operationOf(method: string, path: string): OutlineOperation | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return operationsAt(path).operations.find((operation) => operation.method === wanted);
}
