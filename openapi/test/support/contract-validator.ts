/**
 * The one contract check every test file uses: a contract document (`openapi.yaml`,
 * `control.yaml`) read and parsed once, registered with Ajv (JSON Schema 2020-12 with
 * ajv-formats), and a validator for any schema in it by JSON pointer, compiled once. A document's
 * `./openapi.yaml#…` references resolve to the public contract, as they do beside each other on
 * disk.
 */
import { readFileSync } from 'node:fs';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/** A node of a parsed contract document. */
export type JsonObject = Record<string, unknown>;

/** The contract documents in `openapi/`. */
export type ContractFile = 'openapi.yaml' | 'control.yaml';

/** A contract document and the validators of its schemas. */
export interface ContractValidator {
  /** The parsed document. */
  readonly document: JsonObject;
  /** The validator of the schema at `pointer` (`/components/schemas/Uuid`), compiled once. */
  validator(pointer: string): ValidateFunction;
  /** What is wrong with `value` against the schema at `pointer`, one line each; empty if valid. */
  errors(pointer: string, value: unknown): string[];
  /** The node at `pointer` (`/paths/~1messages/get`), or throws when nothing is there. */
  at(pointer: string): unknown;
  /** Follows local `$ref`s from `node` (found at `pointer`): the node reached and its pointer. */
  deref(node: unknown, pointer: string): { node: JsonObject; pointer: string };
}

/**
 * How strict Ajv is. `lenient` ignores keywords it does not know (OpenAPI's `example`,
 * `discriminator`…), as the response checks always have; `strict` refuses any keyword or type it
 * cannot place, with OpenAPI's own fields declared as annotations: the mode of the examples test.
 */
export type Strictness = 'lenient' | 'strict';

const BASE = 'https://msgsvc.test/openapi/';
const OPENAPI_ANNOTATIONS = [
  // OpenAPI document fields at the root of a registered document
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'paths',
  'webhooks',
  'components',
  'security',
  'tags',
  'externalDocs',
  // OpenAPI schema keywords (annotations for validation purposes)
  'example',
  'discriminator',
  'xml',
];

const documents = new Map<ContractFile, JsonObject>();
const validators = new Map<string, ContractValidator>();

/** The parsed document, read from disk once per test file. */
function contractDocument(file: ContractFile): JsonObject {
  let document = documents.get(file);
  if (document === undefined) {
    const url = new URL(`../../${file}`, import.meta.url);
    document = parse(readFileSync(url, 'utf8')) as JsonObject;
    documents.set(file, document);
  }
  return document;
}

function createAjv(strictness: Strictness): Ajv2020 {
  const ajv =
    strictness === 'strict'
      ? new Ajv2020({
          strict: true,
          strictTypes: true,
          allowUnionTypes: true,
          allErrors: true,
          validateFormats: true,
        })
      : new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  if (strictness === 'strict') ajv.addVocabulary(OPENAPI_ANNOTATIONS);
  return ajv;
}

const unescapeToken = (token: string) => token.replaceAll('~1', '/').replaceAll('~0', '~');

/**
 * The validator of one contract document, shared by every caller in the test file that asks for
 * the same document and strictness. `control.yaml` is registered with `openapi.yaml` beside it.
 */
export function contractValidator(
  file: ContractFile,
  strictness: Strictness = 'lenient',
): ContractValidator {
  const key = `${file} ${strictness}`;
  let existing = validators.get(key);
  if (existing === undefined) {
    existing = createValidator(file, strictness);
    validators.set(key, existing);
  }
  return existing;
}

function createValidator(file: ContractFile, strictness: Strictness): ContractValidator {
  const document = contractDocument(file);
  const ajv = createAjv(strictness);
  if (file !== 'openapi.yaml') {
    ajv.addSchema({ ...contractDocument('openapi.yaml'), $id: `${BASE}openapi.yaml` });
  }
  ajv.addSchema({ ...document, $id: `${BASE}${file}` });
  const compiled = new Map<string, ValidateFunction>();

  const validator = (pointer: string): ValidateFunction => {
    let validate = compiled.get(pointer);
    if (validate === undefined) {
      // Each token is URI-encoded: a pointer is a URI fragment here (`{message_id}` has braces).
      const fragment = pointer.split('/').map(encodeURIComponent).join('/');
      validate = ajv.compile({ $ref: `${BASE}${file}#${fragment}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };

  const at = (pointer: string): unknown => {
    let node: unknown = document;
    for (const token of pointer.split('/').slice(1)) {
      if (typeof node !== 'object' || node === null) throw new Error(`bad pointer ${pointer}`);
      node = (node as JsonObject)[unescapeToken(token)];
      if (node === undefined) throw new Error(`unresolved pointer ${pointer}`);
    }
    return node;
  };

  const isObject = (value: unknown): value is JsonObject =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

  return {
    document,
    validator,
    errors(pointer, value) {
      const validate = validator(pointer);
      if (validate(value)) return [];
      return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
    },
    at,
    deref(node, pointer) {
      let current = node;
      let where = pointer;
      const seen = new Set<string>();
      while (isObject(current) && typeof current.$ref === 'string') {
        const ref = current.$ref;
        if (!ref.startsWith('#/')) {
          throw new Error(`${where}: only local $refs are supported (${ref})`);
        }
        if (seen.has(ref)) throw new Error(`${where}: $ref cycle through ${ref}`);
        seen.add(ref);
        where = ref.slice(1);
        current = at(where);
      }
      if (!isObject(current)) throw new Error(`${where}: expected an object`);
      return { node: current, pointer: where };
    },
  };
}
