// The HTTP reference's request samples, derived from the contract at docs build time (E30): a
// curl command and a TypeScript call for every operation, added as `x-codeSamples` to a copy of
// the OpenAPI document that only the docs build reads. Hand-written samples would drift from the
// contract; these take the path, method, parameters and the first request example from it, and
// the SDK method from the SDK's own sources, and the TypeScript ones are type-checked with the
// guides' snippets, so a sample that no longer compiles fails the build.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/**
 * Which SDK method calls which operation: every `raw.POST('/messages'` in
 * packages/sdk/src/resources/<resource>.ts, under the method that contains it.
 */
export function sdkMethods(root) {
  const dir = join(root, 'packages', 'sdk', 'src', 'resources');
  const found = new Map();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
    const resource = basename(file, '.ts').replace(/-(\w)/g, (_, c) => c.toUpperCase());
    let method;
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const declared = /^ {2}(?:async )?([a-z]\w*)\(/.exec(line);
      if (declared) method = declared[1];
      for (const call of line.matchAll(/raw\.(GET|PUT|POST|PATCH|DELETE)\('([^']+)'/g)) {
        const key = `${call[1].toLowerCase()} ${call[2]}`;
        if (method !== undefined && !found.has(key)) found.set(key, { resource, method });
      }
    }
  }
  return found;
}

/**
 * Adds `x-codeSamples` (curl, TypeScript) to every operation of `document`, in place. `kind` is
 * 'public' (the SDK) or 'control' (`createControlClient`). `resolveRef` resolves a `$ref`.
 * Returns the TypeScript samples as `{ operationId, source }` for the type check; `problems`
 * collects operations the builder cannot show.
 */
export function addCodeSamples(document, { kind, resolveRef, sdk, problems }) {
  const samples = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const resolve = (value) =>
        value?.$ref === undefined ? value : resolve(resolveRef(value.$ref));
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(resolve);
      const pathParams = parameters.filter((p) => p.in === 'path');
      const query = parameters.filter((p) => p.in === 'query' && p.required);
      const body = requestExample(resolve(operation.requestBody), resolve);
      const values = Object.fromEntries(
        [...pathParams, ...query].map((p) => [p.name, parameterExample(p, resolve)]),
      );
      const result = resultName(operation, resolve);
      const curl = curlSample({ kind, document, method, path, query, values, body });
      let ts;
      if (kind === 'public') {
        const target = sdk.get(`${method} ${path}`);
        if (target === undefined) {
          problems.push(
            `${operation.operationId}: no SDK method calls ${method.toUpperCase()} ${path}`,
          );
          continue;
        }
        ts = publicSample({ target, pathParams, query, values, body, result });
      } else {
        ts = controlSample({ document, method, path, pathParams, query, values, body, result });
      }
      // No labels: Redoc CE matches a sample to openapi.codeSamples.languages (redocly.yaml) by
      // its label when it has one, and the languages there are named by `lang`.
      operation['x-codeSamples'] = [
        { lang: 'curl', source: curl },
        { lang: 'TypeScript', source: ts },
      ];
      samples.push({ operationId: operation.operationId, source: ts });
    }
  }
  return samples;
}

/** The first example of the JSON request body, or undefined when the operation takes none. */
function requestExample(requestBody, resolve) {
  const media = requestBody?.content?.['application/json'];
  if (media === undefined) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  if (first !== undefined) return resolve(first).value;
  return requestBody.required ? {} : undefined;
}

/** A parameter's example from the contract; a recognisable placeholder when it has none. */
function parameterExample(parameter, resolve) {
  if (parameter.example !== undefined) return parameter.example;
  const named = Object.values(parameter.examples ?? {})[0];
  if (named !== undefined) return resolve(named).value;
  const schema = resolve(parameter.schema) ?? {};
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  return `<${parameter.name}>`;
}

/** A variable name for the call's result: the 2xx response schema's name, in lower camel case. */
function resultName(operation, resolve) {
  const success = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status));
  const schema = resolve(success?.[1])?.content?.['application/json']?.schema;
  const name = schema?.$ref?.split('/').pop();
  if (name === undefined) return 'result';
  return name.charAt(0).toLowerCase() + name.slice(1);
}

function fillPath(path, values) {
  return path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(String(values[name])));
}

function queryString(query, values) {
  if (query.length === 0) return '';
  const search = new URLSearchParams(query.map((p) => [p.name, String(values[p.name])]));
  return `?${search}`;
}

/** Single-quotes a shell word. */
function shellQuote(value) {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function curlSample({ kind, document, method, path, query, values, body }) {
  const url =
    kind === 'public'
      ? `"$MSGSVC_BASE_URL${fillPath(path, values)}${queryString(query, values)}"`
      : shellQuote(
          `${serverOrigin(document)}${fillPath(path, values)}${queryString(query, values)}`,
        );
  const lines = [`curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} ${url}`];
  if (kind === 'public') lines.push('-H "X-API-KEY: $MSGSVC_API_KEY"');
  if (body !== undefined) {
    lines.push("-H 'Content-Type: application/json'");
    lines.push(`-d ${shellQuote(JSON.stringify(body, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}

/** The control API's origin: its server variable's default (the mock server's address). */
function serverOrigin(document) {
  const server = document.servers?.[0];
  if (server === undefined) return '';
  return server.url.replace(/\{(\w+)\}/g, (_, name) => server.variables?.[name]?.default ?? '');
}

function publicSample({ target, pathParams, query, values, body, result }) {
  const args = pathParams.map((p) => tsLiteral(values[p.name], 0));
  if (body !== undefined) args.push(tsLiteral(body, 0));
  else if (query.length > 0) {
    args.push(tsLiteral(Object.fromEntries(query.map((p) => [p.name, values[p.name]])), 0));
  }
  return `import { MessagingClient } from '@msgsvc/sdk';

const client = new MessagingClient(); // reads MSGSVC_API_KEY and MSGSVC_BASE_URL
const ${result} = await client.${target.resource}.${target.method}(${args.join(', ')});
console.log(${result});
`;
}

function controlSample({ document, method, path, pathParams, query, values, body, result }) {
  const params = {};
  if (pathParams.length > 0) {
    params.path = Object.fromEntries(pathParams.map((p) => [p.name, values[p.name]]));
  }
  if (query.length > 0)
    params.query = Object.fromEntries(query.map((p) => [p.name, values[p.name]]));
  const init = {};
  if (Object.keys(params).length > 0) init.params = params;
  if (body !== undefined) init.body = body;
  const args = [tsLiteral(path, 0)];
  if (Object.keys(init).length > 0) args.push(tsLiteral(init, 0));
  return `import { createControlClient } from '@msgsvc/mock-server';

const control = createControlClient({ url: ${tsLiteral(serverOrigin(document), 0)} });
const { data: ${result}, error } = await control.${method.toUpperCase()}(${args.join(', ')});
console.log(${result} ?? error);
`;
}

/** A value as a TypeScript literal: identifiers as bare keys, strings in single quotes. */
export function tsLiteral(value, depth) {
  const pad = '  '.repeat(depth + 1);
  const end = '  '.repeat(depth);
  if (typeof value === 'string') {
    return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => tsLiteral(item, depth + 1));
    const flat = `[${items.join(', ')}]`;
    return flat.length <= 60 && !flat.includes('\n')
      ? flat
      : `[\n${items.map((item) => `${pad}${item},`).join('\n')}\n${end}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : tsLiteral(name, 0));
    const items = entries.map(([name, item]) => `${key(name)}: ${tsLiteral(item, depth + 1)}`);
    const flat = `{ ${items.join(', ')} }`;
    return flat.length <= 60 && !flat.includes('\n')
      ? flat
      : `{\n${items.map((item) => `${pad}${item},`).join('\n')}\n${end}}`;
  }
  return JSON.stringify(value);
}
