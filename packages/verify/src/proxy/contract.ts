/**
 * The public contract at run time: the generated copy of `openapi/openapi.yaml` in Ajv (JSON
 * Schema 2020-12 and formats, as the contract tests use it), and operations matched as OpenAPI
 * matches them.
 */
import { matchPath, type PathTemplates, pathSegments, pathTemplates } from '@msgsvc/sdk/contract';
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { OPENAPI_DOCUMENT } from './generated/openapi-document';

/** A node of the contract. */
export type JsonObject = Record<string, unknown>;

/** The public API's path prefix. */
export const BASE_PATH = '/c/v1';
const BASE = 'https://msgsvc.test/openapi/openapi.yaml';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The contract document and what is derived from it once. */
export class Contract {
  readonly #ajv: Ajv2020;
  /** The same document, every `additionalProperties: false` removed: responses' promises. */
  readonly #open: Ajv2020;
  readonly #templates: PathTemplates<string>;

  constructor(readonly document: JsonObject = OPENAPI_DOCUMENT) {
    this.#ajv = ajvWith(document);
    this.#open = ajvWith(
      JSON.parse(JSON.stringify(document), (key, value: unknown) =>
        key === 'additionalProperties' && value === false ? undefined : value,
      ),
    );
    this.#templates = pathTemplates(
      Object.keys(document.paths as JsonObject).map((template) => [template, template]),
    );
  }

  /** What is wrong with `value` against the schema at `pointer`, one line each; empty if valid. */
  errors(pointer: string, value: unknown): string[] {
    return errorsAt(this.#ajv, pointer, value).map(errorLine);
  }

  /**
   * A response body against the schema at `pointer`: `errors` break what the contract
   * promises (a missing, mistyped or out-of-range field); `added` names each field the contract
   * does not have (`/entries/0/priority`), which a client must tolerate: the same schema, checked
   * with `additionalProperties: false` taken out and as written.
   */
  responseProblems(pointer: string, value: unknown): { errors: string[]; added: string[] } {
    const added = errorsAt(this.#ajv, pointer, value)
      .filter((error) => error.keyword === 'additionalProperties')
      .map((error) => {
        const name = String(error.params.additionalProperty);
        return `${error.instancePath}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      });
    const errors = errorsAt(this.#open, pointer, value).map(errorLine);
    return { errors, added: [...new Set(added)] };
  }

  /** Follows local `$ref`s from `node`: the node reached and the pointer it was found at. */
  deref(node: unknown, pointer: string): { node: JsonObject; pointer: string } {
    let current = node;
    let where = pointer;
    for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
      if (hops > 16) throw new Error(`${where}: $ref chain too long`);
      where = current.$ref.replace(/^#/, '');
      current = this.document;
      for (const token of where.split('/').slice(1)) {
        const name = token.replaceAll('~1', '/').replaceAll('~0', '~');
        current = isObject(current) ? current[name] : undefined;
      }
    }
    if (!isObject(current)) throw new Error(`${where}: expected an object`);
    return { node: current, pointer: where };
  }

  /**
   * The operation a request names: segments compared percent-decoded, the most literal template
   * wins, then the method is looked up on it alone (HEAD is GET). No `operation`: a known path
   * with another method.
   */
  operationOf(path: string, method: string) {
    if (!path.startsWith(`${BASE_PATH}/`)) return undefined;
    const template = matchPath(this.#templates, pathSegments(path, BASE_PATH.length + 1))
      ?.values[0];
    if (template === undefined) return undefined;
    const verb = method === 'HEAD' ? 'get' : method.toLowerCase();
    const pointer = `/paths/${template.replaceAll('~', '~0').replaceAll('/', '~1')}/${verb}`;
    const operation = (this.document.paths as Record<string, JsonObject>)[template]![verb];
    return { operation: isObject(operation) ? operation : undefined, pointer };
  }
}

/** Ajv holding `document` (lenient: OpenAPI's own keywords such as `example` are annotations). */
function ajvWith(document: JsonObject): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.addSchema({ ...document, $id: BASE });
}

/**
 * Ajv's errors for `value` against the schema at `pointer`, none when it is valid. Ajv compiles a
 * reference once and keeps it, which serves bench row `proxy: added latency, median` (≤ 2 ms): a
 * schema is not compiled per exchange.
 */
function errorsAt(ajv: Ajv2020, pointer: string, value: unknown): ErrorObject[] {
  const validate = ajv.getSchema(
    `${BASE}#${pointer.split('/').map(encodeURIComponent).join('/')}`,
  )!;
  return validate(value) ? [] : (validate.errors ?? []);
}

/** One of Ajv's errors as a line: where, and what is wrong. */
const errorLine = (error: ErrorObject): string => `${error.instancePath || '/'} ${error.message}`;
