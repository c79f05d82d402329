// The control API's request schemas, zod, from openapi/control.yaml: one `<operationId>Body` per
// JSON request body and one `<operationId>Query` per query string, each field built by one of the
// RULES below from the contract's type, bounds, pattern and vocabulary, so the routes parse
// exactly what the document says. Every message is written here, once, for people. Objects are
// strict: an unknown field is a `VALIDATION_ERROR`, so a typo never silently does nothing. Called
// by scripts/generate.mjs; writes packages/mock-server/src/generated/control-requests.ts.

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

/** Fields checked further than their pattern, by `Schema.field`: a date that exists. */
const SPECIAL = { 'CreateWorldRequest.start_time': 'dateTime' };

/** The rules every field is built with, copied into the generated module. */
const RULES = `/** Text of \`min\` to \`max\` characters a handset or a person can read: no lone surrogate, no NUL. */
function text(min: number, max?: number) {
  let schema = z.string('Must be a string.');
  if (min > 0) {
    schema = schema.min(
      min,
      min === 1 ? 'Must not be empty.' : \`Must be at least \${min} characters.\`,
    );
  }
  if (max !== undefined) schema = schema.max(max, \`Must be at most \${max} characters.\`);
  return schema.check((ctx) => {
    const problem = textProblem(ctx.value);
    if (problem !== undefined)
      ctx.issues.push({ code: 'custom', input: ctx.value, message: problem });
  });
}

/** A string that matches \`pattern\`; \`message\` says what it must be. */
function matching(pattern: RegExp, message: string) {
  return z.string(message).regex(pattern, message);
}

/** A date-time that matches \`pattern\` and exists (no 30 February). */
function dateTime(pattern: RegExp, message: string) {
  return matching(pattern, message).refine((value) => {
    // Date.parse rolls 2026-02-30 over into March; a day the month does not have is refused.
    const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
    const exists = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
    return exists && Number.isFinite(Date.parse(value.replace(/(\\.\\d{3})\\d+/, '$1')));
  }, message);
}

/** An email address. */
function email() {
  return z.string('Must be an email address.').email('Must be an email address.');
}

/** \`true\` or \`false\`. */
function flag() {
  return z.boolean('Must be true or false.');
}

function bounded<T extends z.ZodNumber | z.ZodCoercedNumber>(
  schema: T,
  min?: number,
  max?: number,
) {
  let out = schema.int('Must be an integer.') as T;
  if (min !== undefined) {
    out = out.min(min, min === 0 ? 'Must not be negative.' : \`Must be at least \${min}.\`) as T;
  }
  return max === undefined ? out : (out.max(max, \`Must be at most \${max}.\`) as T);
}

/** An integer from \`min\` to \`max\` (either bound may be open). */
function integer(min?: number, max?: number) {
  return bounded(z.number('Must be a number.'), min, max);
}

/** An integer from \`min\` to \`max\` in a query string (its text read as a number). */
function queryInteger(min?: number, max?: number) {
  return bounded(z.coerce.number('Must be a number.'), min, max);
}

/** Listed values: "Must be live or test.", or "Must be one of …" for a long list. */
function oneOf<const T extends readonly (string | number)[]>(values: T) {
  const last = values[values.length - 1];
  const message =
    values.length > 3
      ? \`Must be one of \${values.join(', ')}.\`
      : \`Must be \${values.length === 1 ? last : \`\${values.slice(0, -1).join(', ')} or \${last}\`}.\`;
  return z.literal(values, message);
}

/** A list of \`item\`, at least \`min\` long. */
function list<T extends z.ZodType>(item: T, min: number) {
  const schema = z.array(item, 'Must be a list.');
  return min === 0
    ? schema
    : schema.min(min, \`Must have at least \${min} item\${min === 1 ? '' : 's'}.\`);
}

/**
 * A map keyed by a vocabulary (rate limits by operation id): a strict object of those keys, so an
 * unknown one (\`sendMesage\`, \`__proto__\`) is named with the valid ones instead of being kept.
 */
function keyed<const K extends readonly string[], V extends z.ZodType>(keys: K, value: V) {
  const shape = Object.fromEntries(keys.map((key) => [key, value.exactOptional()]));
  const unknown = \`Must be one of \${keys.join(', ')}.\`;
  return z.strictObject(shape as Record<K[number], z.ZodExactOptional<V>>, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknown : undefined),
  });
}
`;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Follows `$ref`s, local to `document` or into the public document (`./openapi.yaml#/…`), to the
 * node they name.
 */
export function resolverOf(control, publicSpec) {
  const documents = { '': control, './openapi.yaml': publicSpec };
  return (node, document = control) => {
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
}

/** Every operation of the control document, with its path, method and path item. */
export function* controlOperations(control) {
  for (const [path, item] of Object.entries(control.paths)) {
    for (const method of METHODS) {
      if (item[method] !== undefined) yield { path, method, item, operation: item[method] };
    }
  }
}

/** The generated module's text, from the parsed control document and the public one. */
export function controlRequests(control, publicSpec, banner) {
  const resolve = resolverOf(control, publicSpec);
  const literal = (value) => JSON.stringify(value);
  // Arguments without the trailing ones not given: `text(1)`, `integer(0, 60000)`.
  const args = (...values) =>
    values
      .map(String)
      .join(', ')
      .replace(/(, undefined)+$/, '');
  const regex = (pattern) => `/${pattern.replace(/\//g, '\\/')}/`;

  const field = (node, name, path, query) => {
    const special = SPECIAL[path];
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
      code = `oneOf(${literal(schema.enum)})`;
    } else if (type === 'integer') {
      const integer = query ? 'queryInteger' : 'integer';
      code = `${integer}(${args(schema.minimum, schema.maximum)})`;
    } else if (type === 'boolean') {
      code = 'flag()';
    } else if (type === 'array') {
      code = `list(${field(schema.items, name, `${path}[]`, query)}, ${schema.minItems ?? 0})`;
    } else if (type === 'object' && schema.properties === undefined && !schema.propertyNames) {
      // An object the contract leaves open (a world file): the route reads it with its own schema.
      code = 'z.record(z.string(), z.unknown())';
    } else if (type === 'object' && schema.propertyNames !== undefined) {
      const keys = resolve(schema.propertyNames).enum;
      const value = field(schema.additionalProperties, name, `${path}{}`, query);
      code = `keyed(${literal(keys)}, ${value})`;
    } else if (pattern !== undefined) {
      code = `matching(${regex(pattern)}, ${literal(message)})`;
    } else if (schema.format === 'email') {
      code = 'email()';
    } else if (type === 'string') {
      code = `text(${args(schema.minLength ?? 0, schema.maxLength)})`;
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
    "import { textProblem } from '@msgsvc/mock/port';",
    "import { z } from 'zod';",
    '',
    RULES.trim(),
  ];
  for (const { path, method, operation } of controlOperations(control)) {
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
  return `${lines.join('\n')}\n`;
}
