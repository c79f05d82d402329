// The control API's request schemas, zod, from openapi/control.yaml: one `<operationId>Body` per
// JSON request body and one `<operationId>Query` per query string, each field built with the rules
// of packages/mock-server/src/control-http/control-rules.ts from the contract's type, bounds,
// pattern and vocabulary, so the routes parse exactly what the document says. A pattern's message
// is written here, once, for people. Called by scripts/generate.mjs; writes
// packages/mock-server/src/generated/control-requests.ts.

/** Messages for a field's pattern: by field name first (one pattern, two meanings), then pattern. */
const PATTERN_MESSAGES = {
  destination: 'Must be a carrier code such as UNITEL.',
  error_code: 'Must be an error code such as ABSENT_SUBSCRIBER.',
  '^[A-Z]{2}$': 'Must be an ISO 3166-1 alpha-2 code such as AO.',
  '^[A-Z]{3}$': 'Must be an ISO 4217 code such as AOA.',
  '^\\d{1,12}(\\.\\d{1,6})?$':
    'Must be a decimal string such as "1000.50" (up to six fraction digits).',
  '^whsec_[A-Za-z0-9+/]{32,}={0,2}$': 'Must be whsec_ followed by base64 of 24 to 64 bytes.',
  '^svc_(live|test)_[A-Za-z0-9_-]+$':
    'Must be svc_live_ or svc_test_ followed by letters, digits, _ or -.',
  '^https?://\\S+$': 'Must be an http(s) URL.',
  start_time: 'Must be an ISO 8601 date-time with an offset, e.g. 2026-01-01T09:00:00Z.',
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$':
    'Must be a UUID.',
};

/** Fields the contract leaves open that the server checks further, by `Schema.field`. */
const SPECIAL = {
  // A world file, with its own schema (world.schema.json).
  'CreateWorldRequest.world': 'worldFileSchema',
  // The pattern, and a date that exists.
  'CreateWorldRequest.start_time': 'rules.dateTime',
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The generated module's text, from the parsed control document and the public one. */
export function controlRequests(control, publicSpec, banner) {
  const documents = { '': control, './openapi.yaml': publicSpec };
  const resolve = (node, document = control) => {
    let current = node;
    let at = document;
    while (current && typeof current.$ref === 'string') {
      const [file, pointer] = current.$ref.split('#');
      at = file === '' ? at : documents[file];
      current = pointer
        .slice(1)
        .split('/')
        .reduce((value, part) => value?.[part], at);
    }
    return current;
  };
  const literal = (value) => JSON.stringify(value);
  // Arguments without the trailing ones not given: `rules.text(1)`, `rules.integer(0, 60000)`.
  const args = (...values) =>
    values
      .map(String)
      .join(', ')
      .replace(/(, undefined)+$/, '');
  const regex = (pattern) => `/${pattern.replace(/\//g, '\\/')}/`;

  const field = (node, name, path, query) => {
    const special = SPECIAL[path];
    if (special === 'worldFileSchema') return special;
    const schema = resolve(node);
    const types = [schema.type].flat();
    const nullable = types.includes('null') ? '.nullable()' : '';
    const type = types.find((t) => t !== 'null');
    const pattern = schema.pattern;
    let code;
    const message = PATTERN_MESSAGES[name] ?? PATTERN_MESSAGES[pattern];
    if (pattern !== undefined && message === undefined) {
      throw new Error(`control-requests: no message for the pattern of ${path}`);
    }
    if (special !== undefined) {
      code = `${special}(${regex(pattern)}, ${literal(message)})`;
    } else if (schema.enum !== undefined) {
      code = `rules.oneOf(${literal(schema.enum)})`;
    } else if (type === 'integer') {
      const integer = query ? 'rules.queryInteger' : 'rules.integer';
      code = `${integer}(${args(schema.minimum, schema.maximum)})`;
    } else if (type === 'boolean') {
      code = 'rules.flag()';
    } else if (type === 'array') {
      code = `rules.list(${field(schema.items, name, `${path}[]`, query)}, ${schema.minItems ?? 0})`;
    } else if (type === 'object' && schema.propertyNames !== undefined) {
      const keys = resolve(schema.propertyNames).enum;
      const value = field(schema.additionalProperties, name, `${path}{}`, query);
      code = `rules.keyed(${literal(keys)}, ${value})`;
    } else if (pattern !== undefined) {
      code = `rules.matching(${regex(pattern)}, ${literal(message)})`;
    } else if (schema.format === 'email') {
      code = 'rules.email()';
    } else if (type === 'string') {
      code = `rules.text(${args(schema.minLength ?? 0, schema.maxLength)})`;
    } else {
      throw new Error(`control-requests: no rule for ${path} (${JSON.stringify(schema)})`);
    }
    return `${code}${nullable}`;
  };

  const object = (name, properties, required, query) => {
    const fields = Object.entries(properties).map(([key, node]) => {
      const optional = required.includes(key) ? '' : '.exactOptional()';
      return `  ${key}: ${field(node, key, `${name}.${key}`, query)}${optional},`;
    });
    return `z.strictObject({\n${fields.join('\n')}\n})`;
  };

  const lines = [
    banner,
    "import { z } from 'zod';",
    "import * as rules from '../control-http/control-rules';",
    "import { worldFileSchema } from '../worlds/world-file-schema';",
  ];
  for (const [path, item] of Object.entries(control.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const where = `\`${method.toUpperCase()} ${path}\``;
      const body = resolve(operation.requestBody)?.content?.['application/json']?.schema;
      if (body !== undefined) {
        const name = body.$ref?.split('/').pop() ?? operation.operationId;
        const schema = resolve(body);
        lines.push(
          '',
          `/** The body of ${where}. */`,
          `export const ${operation.operationId}Body = ${object(name, schema.properties, schema.required ?? [], false)};`,
        );
      }
      const query = (operation.parameters ?? [])
        .map((p) => resolve(p))
        .filter((p) => p.in === 'query');
      // The inspector page's `?token=` is read by the page itself.
      if (query.length > 0 && operation.operationId !== 'openInspector') {
        const properties = Object.fromEntries(query.map((p) => [p.name, p.schema]));
        const required = query.filter((p) => p.required === true).map((p) => p.name);
        lines.push(
          '',
          `/** The query of ${where}. */`,
          `export const ${operation.operationId}Query = ${object(operation.operationId, properties, required, true)};`,
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
