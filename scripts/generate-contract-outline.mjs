// The public API contract in outline, for the inspector's near-miss hints (D146): per operation its
// method, path, path parameters (name and pattern), header and query parameter names and the field
// names of its JSON request body (nested objects and array items included). The hints compare what a
// request sent with this, so they follow the contract without a hand-kept list of names.
// Called by scripts/generate.mjs; writes packages/mock-server/src/inspector/generated/contract-outline.ts.

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The generated module's text, from the parsed contract. */
export function contractOutline(spec, banner) {
  const resolve = (node, seen = new Set()) => {
    let current = node;
    while (current && typeof current.$ref === 'string') {
      if (seen.has(current.$ref)) return {};
      seen.add(current.$ref);
      const path = current.$ref.replace(/^#\//, '').split('/');
      current = path.reduce((at, part) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
    }
    return current ?? {};
  };
  // Field names of a schema: object properties (through refs, compositions and array items).
  const fieldsOf = (schema, depth = 0) => {
    const resolved = resolve(schema);
    if (depth > 6) return [];
    const out = new Map();
    const add = (name, fields) => {
      const existing = out.get(name);
      out.set(name, existing === undefined || existing.length === 0 ? fields : existing);
    };
    for (const part of [
      ...(resolved.allOf ?? []),
      ...(resolved.oneOf ?? []),
      ...(resolved.anyOf ?? []),
    ]) {
      for (const field of fieldsOf(part, depth + 1)) add(field.name, field.fields);
    }
    if (resolved.items !== undefined) {
      for (const field of fieldsOf(resolved.items, depth + 1)) add(field.name, field.fields);
    }
    for (const [name, property] of Object.entries(resolved.properties ?? {})) {
      add(name, fieldsOf(property, depth + 1));
    }
    return [...out].map(([name, fields]) => ({ name, fields }));
  };
  const base = new URL(
    spec.servers?.[0]?.url?.replace(
      /\{(\w+)\}/g,
      (_, name) => spec.servers[0].variables?.[name]?.default ?? '',
    ) ?? 'http://localhost/',
  ).pathname.replace(/\/$/, '');
  const keyScheme = Object.values(spec.components?.securitySchemes ?? {}).find(
    (scheme) => scheme.type === 'apiKey' && scheme.in === 'header',
  );
  const operations = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) =>
        resolve(p),
      );
      const body = resolve(operation.requestBody);
      const schema = body.content?.['application/json']?.schema;
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({
            name: p.name,
            pattern: resolve(p.schema).pattern ?? null,
            description: p.description?.replace(/\s+/g, ' ').trim() ?? null,
          })),
        headers: parameters
          .filter((p) => p.in === 'header')
          .map((p) => ({ name: p.name, required: p.required === true })),
        query: [...new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name))],
        body: schema === undefined ? null : fieldsOf(schema),
      });
    }
  }
  const outline = { basePath: base, apiKeyHeader: keyScheme?.name ?? null, operations };
  return `${banner}
/** A field of a request body, with the fields of its value when that is an object (or a list of them). */
export interface OutlineField {
  readonly name: string;
  readonly fields: readonly OutlineField[];
}

/** One operation of the contract, as the near-miss hints compare requests with it. */
export interface OutlineOperation {
  readonly operationId: string;
  readonly method: string;
  /** The path under {@link ContractOutline.basePath}, \`{name}\` marking a parameter. */
  readonly path: string;
  readonly pathParams: readonly {
    readonly name: string;
    readonly pattern: string | null;
    readonly description: string | null;
  }[];
  readonly headers: readonly { readonly name: string; readonly required: boolean }[];
  readonly query: readonly string[];
  /** The JSON body's fields, or null when the operation takes no body. */
  readonly body: readonly OutlineField[] | null;
}

/** The contract in outline. */
export interface ContractOutline {
  /** The path every operation's path is under (\`/c/v1\`). */
  readonly basePath: string;
  /** The header the API key goes in. */
  readonly apiKeyHeader: string | null;
  readonly operations: readonly OutlineOperation[];
}

/** The public API contract (\`openapi/openapi.yaml\`) in outline (D146). */
export const CONTRACT_OUTLINE: ContractOutline = ${JSON.stringify(outline, null, 2)};
`;
}
