/**
 * The request journal's view of the contract: which operation a logged request was for, read from
 * the generated outline of `openapi/openapi.yaml`, never from a list kept by hand.
 */
import { matchPath, pathSegments, pathTemplates } from '@msgsvc/sdk/contract';
import { CONTRACT_OUTLINE, type OutlineOperation } from './generated/contract-outline';

const MATCHER = pathTemplates(
  CONTRACT_OUTLINE.operations.map((operation) => [operation.path, operation]),
);

/** Every operation id of the contract, in its order (the journal's `op` filter). */
export const OPERATION_IDS: readonly string[] = CONTRACT_OUTLINE.operations.map(
  (operation) => operation.operationId,
);

/** The contract's base path, `/c/v1`. */
export const BASE_PATH = CONTRACT_OUTLINE.basePath;

/**
 * The operations whose path the request path has (the most literal path wins, as the service
 * routes: `/campaigns/batch` before `/campaigns/{campaign_id}`), with the values of its parameters.
 */
export function operationsAt(path: string): {
  readonly operations: readonly OutlineOperation[];
  readonly params: Readonly<Record<string, string>>;
} {
  const match = path.startsWith(`${BASE_PATH}/`)
    ? matchPath(MATCHER, pathSegments(path, BASE_PATH.length + 1))
    : undefined;
  return { operations: match?.values ?? [], params: match?.params ?? {} };
}

/** The operation a request was for (`HEAD` is `GET`'s), or undefined when none has its method and path. */
export function operationOf(method: string, path: string): OutlineOperation | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return operationsAt(path).operations.find((operation) => operation.method === wanted);
}
