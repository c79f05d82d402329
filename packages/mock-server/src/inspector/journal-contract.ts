/**
 * The request journal's view of the contract: which operation a logged request was for,
 * and the contract's paths and methods to compare a request that matched none with. Everything
 * comes from the generated outline of `openapi/openapi.yaml`, never from a list kept by hand.
 */
import { decodeOrKeep } from '@msgsvc/sdk/contract';
import { CONTRACT_OUTLINE, type OutlineOperation } from './generated/contract-outline';

/** An operation with its path split into segments (`{name}` segments match any value). */
interface Template {
  readonly operation: OutlineOperation;
  readonly segments: readonly string[];
  readonly params: number;
}

const TEMPLATES: readonly Template[] = CONTRACT_OUTLINE.operations.map((operation) => {
  const segments = operation.path.split('/').filter(Boolean);
  return { operation, segments, params: segments.filter(isParam).length };
});

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
  const segments = segmentsUnderBase(path);
  if (segments === undefined) return { operations: [], params: {} };
  let fewest = Number.POSITIVE_INFINITY;
  for (const template of TEMPLATES) {
    if (template.params < fewest && fits(template.segments, segments)) fewest = template.params;
  }
  const matched = TEMPLATES.filter(
    (template) => template.params === fewest && fits(template.segments, segments),
  );
  const params: Record<string, string> = Object.create(null);
  const first = matched[0];
  if (first !== undefined) {
    first.segments.forEach((segment, i) => {
      if (isParam(segment)) params[segment.slice(1, -1)] = decodeOrKeep(segments[i]!);
    });
  }
  return { operations: matched.map((template) => template.operation), params };
}

/** The operation a request was for (`HEAD` is `GET`'s), or undefined when none has its method and path. */
export function operationOf(method: string, path: string): OutlineOperation | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return operationsAt(path).operations.find((operation) => operation.method === wanted);
}

/** Every operation's path template split, for comparing a path that matched none. */
export function templates(): readonly Template[] {
  return TEMPLATES;
}

function fits(template: readonly string[], segments: readonly string[]): boolean {
  if (template.length !== segments.length) return false;
  for (let i = 0; i < template.length; i++) {
    const expected = template[i]!;
    if (isParam(expected) ? segments[i] === '' : decodeOrKeep(segments[i]!) !== expected)
      return false;
  }
  return true;
}
