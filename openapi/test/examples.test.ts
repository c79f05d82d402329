// Every example in the contract validates against its schema.
//
// The walk follows the OpenAPI structure: parameters and headers (`example`, `examples`), media
// types of request bodies and responses (`example`, `examples`), and schemas at any depth
// (`example`, `examples`). `$ref`s are resolved, and validation is Ajv 2020 (strict) + ajv-formats
// against the document itself, so internal `$ref`s inside schemas resolve as they do in the
// contract. A second, structure-blind walk lists every `example`/`examples` keyword in the file
// and fails if the first walk missed one, so a new example cannot go unchecked.
import { describe, expect, it } from 'vitest';
import { contractValidator, type JsonObject as Obj } from './support/contract-validator';

// Strict Ajv: OpenAPI's own fields are declared as annotations, so strict mode accepts them
// without traversing them.
const contract = contractValidator('openapi.yaml', 'strict');
const doc = contract.document;
const validatorFor = contract.validator;

const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escapeToken = (key: string | number) =>
  String(key).replaceAll('~', '~0').replaceAll('/', '~1');
const child = (ptr: string, ...keys: (string | number)[]) =>
  keys.reduce<string>((acc, key) => `${acc}/${escapeToken(key)}`, ptr);

/** Pointers are kept without the leading `#` (`/components/schemas/Uuid`). */
const resolvePointer = contract.at;

/** Follows `$refs`; returns the object and the pointer where it actually lives. */
function deref(node: unknown, ptr: string): { node: Obj; ptr: string } {
  const resolved = contract.deref(node, ptr);
  return { node: resolved.node, ptr: resolved.pointer };
}

// ---------------------------------------------------------------------------------------------
// Structural walk
// ---------------------------------------------------------------------------------------------

interface Site {
  /** Where the example is written (or referenced) in the document. */
  at: string;
  /** Where the example value lives, when it comes from a component Example. */
  valueAt: string;
  /** The schema it must match. */
  schema: string;
  value: unknown;
}

const sites: Site[] = [];
const seenSites = new Set<string>();
const usedExampleComponents = new Set<string>();
const walkedContainers = new Set<string>();
const walkedSchemas = new Set<string>();

function addSite(site: Site) {
  if (seenSites.has(site.at)) return;
  seenSites.add(site.at);
  sites.push(site);
}

/** `example` and `examples` (map of Example Objects) beside a `schema`: parameters, headers, media types. */
function exampleHolder(node: Obj, ptr: string) {
  if (walkedContainers.has(ptr)) return;
  walkedContainers.add(ptr);
  if (node.schema === undefined) {
    if (node.example !== undefined || node.examples !== undefined) {
      throw new Error(`${ptr}: has examples but no schema to check them against`);
    }
  } else {
    const schemaPtr = child(ptr, 'schema');
    if (node.example !== undefined) {
      const at = child(ptr, 'example');
      addSite({ at, valueAt: at, schema: schemaPtr, value: node.example });
    }
    if (node.examples !== undefined) {
      if (!isObj(node.examples))
        throw new Error(`${ptr}/examples must be a map of Example Objects`);
      for (const [name, raw] of Object.entries(node.examples)) {
        const at = child(ptr, 'examples', name);
        const example = deref(raw, at);
        if (example.ptr !== at) usedExampleComponents.add(example.ptr);
        if (!('value' in example.node)) throw new Error(`${at}: example without an inline value`);
        addSite({
          at,
          valueAt: child(example.ptr, 'value'),
          schema: schemaPtr,
          value: example.node.value,
        });
      }
    }
    walkSchema(node.schema, schemaPtr);
  }
  if (isObj(node.content)) content(node.content, child(ptr, 'content'));
}

function content(map: Obj, ptr: string) {
  for (const [mediaType, media] of Object.entries(map)) {
    const resolved = deref(media, child(ptr, mediaType));
    exampleHolder(resolved.node, resolved.ptr);
  }
}

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_SINGLE = [
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
];

function walkSchema(schema: unknown, ptr: string) {
  if (!isObj(schema) || walkedSchemas.has(ptr)) return;
  walkedSchemas.add(ptr);
  // A $ref's target is walked where it is defined (every components.schemas entry is walked).
  if (schema.example !== undefined) {
    const at = child(ptr, 'example');
    addSite({ at, valueAt: at, schema: ptr, value: schema.example });
  }
  if (schema.examples !== undefined) {
    if (!Array.isArray(schema.examples)) throw new Error(`${ptr}/examples must be an array`);
    schema.examples.forEach((value, index) => {
      const at = child(ptr, 'examples', index);
      addSite({ at, valueAt: at, schema: ptr, value });
    });
  }
  for (const key of SCHEMA_MAPS) {
    if (isObj(schema[key])) {
      for (const [name, sub] of Object.entries(schema[key] as Obj))
        walkSchema(sub, child(ptr, key, name));
    }
  }
  for (const key of SCHEMA_LISTS) {
    if (Array.isArray(schema[key])) {
      for (const [index, sub] of (schema[key] as unknown[]).entries()) {
        walkSchema(sub, child(ptr, key, index));
      }
    }
  }
  for (const key of SCHEMA_SINGLE) walkSchema(schema[key], child(ptr, key));
}

function requestBodyLike(raw: unknown, ptr: string) {
  const body = deref(raw, ptr);
  if (isObj(body.node.content)) content(body.node.content, child(body.ptr, 'content'));
}

function responseLike(raw: unknown, ptr: string) {
  const response = deref(raw, ptr);
  if (isObj(response.node.headers)) {
    for (const [name, header] of Object.entries(response.node.headers)) {
      const resolved = deref(header, child(response.ptr, 'headers', name));
      exampleHolder(resolved.node, resolved.ptr);
    }
  }
  if (isObj(response.node.content)) content(response.node.content, child(response.ptr, 'content'));
}

function parametersLike(list: unknown, ptr: string) {
  if (!Array.isArray(list)) return;
  list.forEach((p, index) => {
    const resolved = deref(p, child(ptr, index));
    exampleHolder(resolved.node, resolved.ptr);
  });
}

function operationLike(op: Obj, ptr: string) {
  parametersLike(op.parameters, child(ptr, 'parameters'));
  if (op.requestBody !== undefined) requestBodyLike(op.requestBody, child(ptr, 'requestBody'));
  if (isObj(op.responses)) {
    for (const [code, raw] of Object.entries(op.responses)) {
      responseLike(raw, child(ptr, 'responses', code));
    }
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
for (const section of ['paths', 'webhooks']) {
  for (const [name, rawItem] of Object.entries((doc[section] as Obj | undefined) ?? {})) {
    const item = deref(rawItem, child('', section, name));
    parametersLike(item.node.parameters, child(item.ptr, 'parameters'));
    for (const method of METHODS) {
      if (isObj(item.node[method]))
        operationLike(item.node[method] as Obj, child(item.ptr, method));
    }
  }
}
// Components are walked too, so an unreferenced component cannot hide a bad example.
const components = (doc.components as Obj | undefined) ?? {};
for (const [kind, map] of Object.entries(components)) {
  if (!isObj(map)) continue;
  for (const [name, node] of Object.entries(map)) {
    const ptr = child('', 'components', kind, name);
    if (kind === 'schemas') walkSchema(node, ptr);
    else if (kind === 'parameters' || kind === 'headers') {
      const resolved = deref(node, ptr);
      exampleHolder(resolved.node, resolved.ptr);
    } else if (kind === 'requestBodies') requestBodyLike(node, ptr);
    else if (kind === 'responses') responseLike(node, ptr);
  }
}

// ---------------------------------------------------------------------------------------------
// Structure-blind inventory of `example` / `examples` keywords
// ---------------------------------------------------------------------------------------------

/** Keys whose children are named by the author, so a child called `example` is not a keyword. */
const NAME_MAPS = new Set([
  'paths',
  'webhooks',
  'responses',
  'headers',
  'content',
  'properties',
  'patternProperties',
  '$defs',
  'dependentSchemas',
  'variables',
  'mapping',
  'encoding',
  'callbacks',
  'links',
  'schemas',
  'parameters',
  'requestBodies',
  'securitySchemes',
  'pathItems',
  'components',
]);
/** Keys holding data rather than OpenAPI structure. */
const DATA_KEYS = new Set(['value', 'default', 'const', 'enum', 'x-rate-limit']);

function inventory(node: unknown, ptr: string, keyIsName: boolean, out: string[]) {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) inventory(item, child(ptr, index), false, out);
    return;
  }
  if (!isObj(node)) return;
  for (const [key, value] of Object.entries(node)) {
    const at = child(ptr, key);
    if (!keyIsName && key === 'example') {
      out.push(at);
    } else if (!keyIsName && key === 'examples') {
      if (Array.isArray(value)) for (const index of value.keys()) out.push(child(at, index));
      else if (isObj(value)) for (const name of Object.keys(value)) out.push(child(at, name));
    } else if (!keyIsName && DATA_KEYS.has(key)) {
      // data: not structure
    } else if (ptr === '/components/examples') {
      // Example Objects: their values are data; they are checked where they are referenced.
    } else {
      inventory(value, at, !keyIsName && NAME_MAPS.has(key), out);
    }
  }
}

// ---------------------------------------------------------------------------------------------

describe('examples', () => {
  it('the walk found a real number of examples (the test cannot pass vacuously)', () => {
    expect(sites.length).toBeGreaterThanOrEqual(90);
    const errorExamples = sites.filter((site) => {
      const schema = resolvePointer(site.schema);
      return isObj(schema) && schema.$ref === '#/components/schemas/ErrorEnvelope';
    });
    expect(errorExamples.length).toBeGreaterThanOrEqual(20);
  });

  it('the walk covers every example and examples keyword in the document', () => {
    const all: string[] = [];
    inventory(doc, '', false, all);
    const missed = all.filter((at) => !seenSites.has(at));
    expect(missed, `examples the walk did not validate:\n${missed.join('\n')}`).toEqual([]);
    expect(all.length).toBe(sites.length);
  });

  it('every component Example is used and therefore validated', () => {
    const defined = Object.keys((components.examples as Obj | undefined) ?? {}).map((name) =>
      child('', 'components', 'examples', name),
    );
    const unused = defined.filter((ptr) => !usedExampleComponents.has(ptr));
    expect(unused).toEqual([]);
  });

  it.each(sites.map((site) => [`#${site.at}`, site] as const))('%s', (_at, site) => {
    const validate = validatorFor(site.schema);
    const valid = validate(site.value);
    const details = (validate.errors ?? [])
      .map((e) => `  ${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
      .join('\n');
    const origin = site.valueAt === site.at ? '' : ` (value at #${site.valueAt})`;
    expect(valid, `example #${site.at}${origin} does not match #${site.schema}:\n${details}`).toBe(
      true,
    );
  });
});

describe('the validator itself', () => {
  // Guards against a validator that accepts everything.
  it('rejects values that break the schema', () => {
    const envelope = '/components/schemas/ErrorEnvelope';
    const good = {
      code: 'NOT_FOUND',
      message: 'Message not found.',
      status: 404,
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      timestamp: '2026-11-21T23:04:26.123456+00:00',
      service: 'core',
    };
    const validate = validatorFor(envelope);
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, trace_id: '4BF92F3577B34DA6A3CE929D0E0E4736' })).toBe(false);
    expect(validate({ ...good, timestamp: '2026-11-21T23:04:26Z' })).toBe(false);
    expect(validate({ ...good, extra: true })).toBe(false);
    const { service: _omitted, ...withoutService } = good;
    expect(validate(withoutService)).toBe(false);

    const send = validatorFor('/components/schemas/SendMessageRequest');
    expect(send({ to: '+244923123456', body: 'x'.repeat(5000) })).toBe(true);
    expect(send({ to: '+244923123456', body: 'x'.repeat(5000), channel_type: 'WHATSAPP' })).toBe(
      false,
    );
    expect(send({ to: '+244923123456', body: 'x'.repeat(4096), channel_type: 'WHATSAPP' })).toBe(
      true,
    );

    const uuid = validatorFor('/components/schemas/Uuid');
    expect(uuid('urn:uuid:550e8400-e29b-41d4-a716-446655440000')).toBe(false);
    const email = validatorFor('/components/schemas/CampaignMessageContact/properties/email');
    expect(email(null)).toBe(true);
    expect(email('not-an-email')).toBe(false);
  });
});
