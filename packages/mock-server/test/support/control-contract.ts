/**
 * The control API's contract check: each control response is validated against
 * `openapi/control.yaml` (JSON Schema 2020-12 with ajv; its `./openapi.yaml#…` references resolve
 * to the public contract). A response off the document throws, failing the test that made it.
 */
import {
  contractValidator,
  type JsonObject as Json,
} from '../../../../openapi/test/support/contract-validator';

const contract = contractValidator('control.yaml');

/** The parsed control document. */
export const controlDocument = contract.document;

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** A response object and, when it was reached through a `$ref`, the pointer of where it lives. */
function resolve(node: Json): { node: Json; pointer: string | undefined } {
  if (typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) {
    return { node, pointer: undefined };
  }
  const resolved = contract.deref(node, '');
  return { node: resolved.node, pointer: resolved.pointer };
}

const paths = controlDocument.paths as Record<string, Json>;
/** Every documented `METHOD /path` of the control API. */
export const documentedOperations = Object.entries(paths).flatMap(([path, item]) =>
  Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
);
// Literal segments win over parameters (`/faults/campaign-failures` over `/faults/{fault_id}`),
// as in OpenAPI path matching.
/** The operation id of every documented operation. */
export const documentedOperationIds = Object.values(paths).flatMap((item) =>
  Object.values(item).map((operation) => (operation as Json).operationId as string),
);

const templates = Object.keys(paths)
  .map((template) => ({
    template,
    params: template.split('{').length - 1,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }))
  .sort((a, b) => a.params - b.params);

/** Operations and statuses checked so far (tests assert coverage with it). */
export const controlChecked = new Set<string>();

/** Validates one control exchange against control.yaml. */
export function assertOnControlContract(
  method: string,
  path: string,
  response: { status: number; headers: Record<string, string>; body: string },
): void {
  const where = `${method} ${path} → ${response.status}`;
  const matching = templates.filter((t) => t.pattern.test(path.replace(/(.)\/$/, '$1')));
  const template =
    matching.find((t) => paths[t.template]![method.toLowerCase()] !== undefined) ?? matching[0];
  const operation =
    template && (paths[template.template]![method.toLowerCase()] as Json | undefined);
  if (template === undefined || operation === undefined) {
    throw new Error(`${where}: not documented in openapi/control.yaml`);
  }
  const declared = (operation.responses as Record<string, Json>)[String(response.status)];
  if (declared === undefined)
    throw new Error(`${where}: status not documented for ${operation.operationId}`);
  const { node: responseObject, pointer } = resolve(declared);
  const responsePointer =
    pointer ??
    `/paths/${escapePointer(template.template)}/${method.toLowerCase()}/responses/${response.status}`;
  if (!/^[0-9a-f]{32}$/.test(response.headers['x-trace-id'] ?? '')) {
    throw new Error(`${where}: missing or malformed X-Trace-Id`);
  }
  const content = responseObject.content as Record<string, Json>;
  if (content['text/html'] !== undefined) {
    if (!response.headers['content-type']?.startsWith('text/html'))
      throw new Error(`${where}: not HTML`);
  } else {
    if (!response.headers['content-type']?.startsWith('application/json')) {
      throw new Error(`${where}: content-type is ${response.headers['content-type']}`);
    }
    const body = JSON.parse(response.body) as unknown;
    const errors = contract
      .errors(`${responsePointer}/content/application~1json/schema`, body)
      .join('; ');
    if (errors !== '') {
      throw new Error(`${where}: off control.yaml: ${errors}\n${response.body.slice(0, 500)}`);
    }
  }
  controlChecked.add(`${operation.operationId as string} ${response.status}`);
}
