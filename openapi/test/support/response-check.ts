/**
 * The contract check every test response goes through: status, headers and body of each response
 * the mock produces are validated against `openapi/openapi.yaml` (JSON Schema 2020-12 with ajv).
 * A response off the contract throws, failing the test that made it.
 */

import type { HttpRequest, HttpResponse } from '@msgsvc/mock';
import { contractValidator, type JsonObject as Json } from './contract-validator';

const contract = contractValidator('openapi.yaml');
const { document } = contract;
const BASE_PATH = '/c/v1';

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The node a `$ref` (or a chain of them) leads to; the node itself when it is not a reference. */
function resolve(node: unknown): Json {
  return contract.deref(node, '').node;
}

/** The pointer of a value reached through `$ref`s, so ajv resolves the same schema. */
function pointerOf(node: Json, fallback: string): string {
  return typeof node.$ref === 'string' ? node.$ref.replace(/^#/, '') : fallback;
}

const paths = document.paths as Record<string, Json>;
const templates = Object.keys(paths).map((template) => ({
  template,
  segments: template.slice(1).split('/'),
}));

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The path template and operation a request names, as OpenAPI matches them: segments are compared
 * once percent-decoded (`%62atch` is `batch`), the most literal template that matches the path
 * wins, and the method is then looked up on that template alone (decision D33:
 * `GET /campaigns/batch` is a 405, not a lookup of `/campaigns/{campaign_id}`).
 */
function operationOf(
  path: string,
  method: string,
): { template: string; operation: Json } | undefined {
  if (!path.startsWith(`${BASE_PATH}/`)) return undefined;
  const segments = path
    .slice(BASE_PATH.length + 1)
    .split('/')
    .map(decodeSegment);
  let best: { template: string; parameters: number } | undefined;
  for (const candidate of templates) {
    if (candidate.segments.length !== segments.length) continue;
    let parameters = 0;
    const matches = candidate.segments.every((expected, i) => {
      if (!expected.startsWith('{')) return expected === segments[i];
      parameters++;
      return segments[i] !== '';
    });
    if (matches && (best === undefined || parameters < best.parameters)) {
      best = { template: candidate.template, parameters };
    }
  }
  if (best === undefined) return undefined;
  // HEAD is GET without the body (D72): its status and headers are the GET operation's.
  const looked = method === 'HEAD' ? 'get' : method.toLowerCase();
  const operation = paths[best.template]![looked] as Json | undefined;
  return operation === undefined ? undefined : { template: best.template, operation };
}

/** Thrown when a response is off the contract. */
export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/** How many responses were checked, per operation and status (a test asserts coverage with it). */
export const checked = new Map<string, number>();

/**
 * Validates one exchange. Paths the contract does not describe (unknown routes) must still answer
 * with the error envelope.
 */
export function assertOnContract(request: HttpRequest, response: HttpResponse): void {
  const where = `${request.method} ${request.path} → ${response.status}`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    throw new ContractViolation(`${where}: body is not JSON: ${response.body.slice(0, 200)}`);
  }
  if (!/^application\/json\b/.test(response.headers['content-type'] ?? '')) {
    throw new ContractViolation(`${where}: content-type is ${response.headers['content-type']}`);
  }

  const match = operationOf(request.path, request.method);
  if (match === undefined) {
    // Unknown route or method (decisions D2, D72): only the envelope is promised.
    if (![404, 405, 501].includes(response.status))
      throw new ContractViolation(`${where}: unknown route answered ${response.status}`);
    check('/components/schemas/ErrorEnvelope', body, `${where} (envelope)`);
    count(`${request.method} unknown-route ${response.status}`);
    return;
  }
  const { template, operation } = match;

  const responses = operation.responses as Record<string, Json>;
  const declared =
    responses[String(response.status)] ??
    responses[`${String(response.status)[0]}XX`] ??
    responses.default;
  const key = `${operation.operationId as string} ${response.status}`;
  if (declared === undefined)
    throw new ContractViolation(
      `${where}: status ${response.status} is not declared for ${operation.operationId}`,
    );
  const method = request.method === 'HEAD' ? 'get' : request.method.toLowerCase();
  const statusPointer = `/paths/${escapePointer(template)}/${method}/responses/${response.status}`;
  const responseObject = resolve(declared);
  const responsePointer = pointerOf(declared, statusPointer);

  const content = (responseObject.content as Record<string, Json> | undefined)?.[
    'application/json'
  ];
  if (content === undefined)
    throw new ContractViolation(`${where}: no application/json content declared`);
  check(`${responsePointer}/content/application~1json/schema`, body, where);

  for (const [name, rawHeader] of Object.entries(
    (responseObject.headers ?? {}) as Record<string, Json>,
  )) {
    const header = resolve(rawHeader);
    const value = response.headers[name.toLowerCase()];
    if (value === undefined) {
      if (header.required === true)
        throw new ContractViolation(`${where}: missing required header ${name}`);
      continue;
    }
    const schema = resolve(header.schema);
    const typed = schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;
    const headerPointer = pointerOf(rawHeader, `${responsePointer}/headers/${escapePointer(name)}`);
    check(`${headerPointer}/schema`, typed, `${where} header ${name}=${value}`);
  }
  count(key);
}

function check(pointer: string, value: unknown, where: string): void {
  const errors = contract.errors(pointer, value).join('; ');
  if (errors === '') return;
  throw new ContractViolation(
    `${where}: off contract: ${errors}\n${JSON.stringify(value).slice(0, 500)}`,
  );
}

function count(key: string): void {
  checked.set(key, (checked.get(key) ?? 0) + 1);
}

/**
 * Validates a body against the error envelope alone: for answers no operation declares, such as
 * what the HTTP server says about a request it could not parse (D72).
 */
export function assertEnvelope(body: unknown, where: string): void {
  check('/components/schemas/ErrorEnvelope', body, `${where} (envelope)`);
}
