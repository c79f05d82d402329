/**
 * Checks one exchange against the contract: the request's parameters, headers and body; the
 * response's status, content type, body, declared headers and the error envelope's own promises.
 * Never throws for anything a client or server sent.
 */
import type { KeptBody, TappedExchange } from '../replay/tapped-exchange';
import type { Contract, JsonObject } from './contract';

/** One exchange as the proxy saw it (the tapped exchange, its request's method beside it). */
export type ObservedExchange = Omit<TappedExchange, 'arrival' | 'durationMs'> & {
  readonly method: string;
};

/** Which rule a violation breaks. */
export type ViolationRule =
  | 'route'
  | 'parameter'
  | 'request-header'
  | 'request-body'
  | 'status'
  | 'content-type'
  | 'response-body'
  | 'response-header'
  | 'envelope'
  /** A response field the contract does not name: a warning, not a violation. */
  | 'added-field';

/** One way an exchange is off the contract. */
export interface Violation {
  /**
   * `error` breaks a promise of the contract; `warning` is a change clients must tolerate (a
   * field the contract does not name). Only errors fail a run.
   */
  readonly severity: 'error' | 'warning';
  /** Whose side broke it: the client's request or the service's response. */
  readonly side: 'request' | 'response';
  /** Which rule of the contract it breaks. */
  readonly rule: ViolationRule;
  /** The operation (`listMessages`), or `null` for a path the contract does not have. */
  readonly operation: string | null;
  /** What is wrong, in a sentence. */
  readonly message: string;
}

/** The rules a client's request breaks; the others are the service's. */
const REQUEST_RULES: readonly ViolationRule[] = ['parameter', 'request-header', 'request-body'];

/** The violations of one exchange; empty when it is on the contract. */
export function checkExchange(contract: Contract, exchange: ObservedExchange): Violation[] {
  const match = contract.operationOf(exchange.path, exchange.method);
  const operationId =
    typeof match?.operation?.operationId === 'string' ? match.operation.operationId : null;
  const check = new ExchangeCheck(contract, exchange, operationId);
  if (match?.operation === undefined) {
    // An unknown path or method: only the 404/405 in the envelope is promised.
    if (![404, 405, 501].includes(exchange.status)) {
      check.add('route', `an unknown route answered ${exchange.status}, not 404 or 405`);
    }
    check.envelope();
  } else {
    check.request(match.pointer, match.operation);
    check.response(match.pointer, match.operation);
  }
  return check.violations;
}

/** What a warning says of a body the proxy did not keep whole. */
const NOT_CHECKED =
  'not checked: the proxy did not keep the whole body (longer than the 2 MiB it keeps, or answered before it ended)';

/** A query or header value as the number the schema asks for, when it is written as one. */
function coerce(value: string, type: unknown): unknown {
  const numeric = (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value);
  return numeric ? Number(value) : value;
}

/** One exchange's check: the violations found so far. */
class ExchangeCheck {
  readonly violations: Violation[] = [];

  constructor(
    readonly contract: Contract,
    readonly exchange: ObservedExchange,
    readonly operation: string | null,
  ) {}

  add(rule: ViolationRule, message: string, severity: Violation['severity'] = 'error'): void {
    const side = REQUEST_RULES.includes(rule) ? 'request' : 'response';
    this.violations.push({ severity, side, rule, operation: this.operation, message });
  }

  request(pointer: string, operation: JsonObject): void {
    const { contract, exchange } = this;
    if (exchange.requestHeaders['x-api-key'] === undefined) {
      this.add('request-header', 'X-API-KEY is missing (every operation requires it)');
    }
    const declared = new Map<string, JsonObject>();
    const parameters = (operation.parameters ?? []) as unknown[];
    parameters.forEach((raw, i) => {
      const { node, pointer: at } = contract.deref(raw, `${pointer}/parameters/${i}`);
      if (node.in === 'query') declared.set(String(node.name), { ...node, pointer: at });
    });
    const query = new URLSearchParams(exchange.query);
    for (const name of new Set(query.keys())) {
      const given = query.getAll(name);
      const parameter = declared.get(name);
      if (parameter === undefined) {
        this.add('parameter', `query parameter "${name}" is not defined by the operation`);
        continue;
      }
      const schema = contract.deref(parameter.schema, `${parameter.pointer}/schema`);
      const repeatable = schema.node.type === 'array';
      if (!repeatable && given.length > 1) {
        this.add('parameter', `query parameter "${name}" given ${given.length} times`);
      }
      const itemType = repeatable
        ? contract.deref(schema.node.items, `${schema.pointer}/items`).node.type
        : schema.node.type;
      const typed = given.map((value) => coerce(value, itemType));
      const errors = contract.errors(schema.pointer, repeatable ? typed : typed[0]);
      if (errors.length > 0) {
        this.add('parameter', `query parameter "${name}": ${errors.join('; ')}`);
      }
    }
    if (operation.requestBody === undefined) return;
    const requestBody = contract.deref(operation.requestBody, `${pointer}/requestBody`);
    const type = exchange.requestHeaders['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) {
      this.add('request-header', `Content-Type is "${type}", not application/json`);
      return;
    }
    const parsed = this.#json(exchange.request, 'request-body', 'the body is not JSON');
    if (parsed === undefined) return;
    const schema = `${requestBody.pointer}/content/application~1json/schema`;
    const errors = contract.errors(schema, parsed.value);
    if (errors.length > 0) this.add('request-body', errors.join('; '));
  }

  response(pointer: string, operation: JsonObject): void {
    const { contract, exchange } = this;
    const responses = operation.responses as Record<string, unknown>;
    const status = String(exchange.status);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => responses[k] !== undefined);
    if (key === undefined) {
      this.add('status', `status ${status} is not documented for ${String(operation.operationId)}`);
      this.envelope();
      return;
    }
    const declared = contract.deref(responses[key], `${pointer}/responses/${key}`);
    for (const [name, raw] of Object.entries((declared.node.headers ?? {}) as JsonObject)) {
      const at = `${declared.pointer}/headers/${name.replaceAll('/', '~1')}`;
      const header = contract.deref(raw, at);
      const value = exchange.responseHeaders[name.toLowerCase()];
      if (value === undefined) {
        if (header.node.required === true) {
          this.add('response-header', `required header ${name} is missing`);
        }
        continue;
      }
      const schema = contract.deref(header.node.schema, `${header.pointer}/schema`);
      const errors = contract.errors(schema.pointer, coerce(value, schema.node.type));
      if (errors.length > 0) {
        this.add('response-header', `header ${name}: ${value}: ${errors.join('; ')}`);
      }
    }
    const content = (declared.node.content as JsonObject | undefined)?.['application/json'];
    if (content === undefined) return;
    const type = exchange.responseHeaders['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) {
      this.add('content-type', `Content-Type is "${type}", not application/json`);
    }
    const schema = `${declared.pointer}/content/application~1json/schema`;
    this.#responseBody(schema, 'response-body', 'the body is not JSON');
  }

  /** An answer the contract has no schema for must still be the error envelope. */
  envelope(): void {
    const { status } = this.exchange;
    if (status < 400) return;
    this.#responseBody(
      '/components/schemas/ErrorEnvelope',
      'envelope',
      `the ${status} body is not JSON`,
    );
  }

  /**
   * The response body against the schema at `pointer`: broken promises are violations of `rule`,
   * fields the contract does not name warnings; an error answer's envelope keeps its own promises.
   */
  #responseBody(pointer: string, rule: 'response-body' | 'envelope', notJson: string): void {
    const body = this.#json(this.exchange.response, rule, notJson);
    if (body === undefined) return;
    const { errors, added } = this.contract.responseProblems(pointer, body.value);
    if (errors.length > 0) this.add(rule, errors.join('; '));
    for (const field of added) {
      const message = `${field} is not in the contract (clients must tolerate added fields)`;
      this.add('added-field', message, 'warning');
    }
    if (this.exchange.status >= 400) this.#envelopePromises(body.value);
  }

  /** A body parsed; `undefined`, noted under `rule`, when it is not JSON or not kept whole. */
  #json({ bytes, truncated }: KeptBody, rule: ViolationRule, notJson: string) {
    if (truncated) {
      this.add(rule, NOT_CHECKED, 'warning');
      return undefined;
    }
    try {
      return { value: JSON.parse(bytes.toString('utf8')) as unknown };
    } catch {
      this.add(rule, notJson);
      return undefined;
    }
  }

  #envelopePromises(value: unknown): void {
    const { status, responseHeaders } = this.exchange;
    const envelope = value as { status?: unknown; trace_id?: unknown } | null;
    if (typeof envelope !== 'object' || envelope === null) return;
    if (envelope.status !== undefined && envelope.status !== status) {
      this.add('envelope', `body status ${String(envelope.status)} differs from HTTP ${status}`);
    }
    const traceId = responseHeaders['x-trace-id'];
    if (envelope.trace_id !== undefined && traceId !== undefined && envelope.trace_id !== traceId) {
      this.add('envelope', 'trace_id differs from the X-Trace-Id header (D4)');
    }
  }
}
