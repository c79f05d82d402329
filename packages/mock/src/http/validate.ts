/**
 * Reading request parts as the service does. A body is `application/json` in UTF-8, the only
 * encoding JSON allows between systems (RFC 8259), decoded strictly: nothing is ever replaced by
 * U+FFFD and then charged and sent. Parts are parsed against their zod schemas; every failure
 * becomes one `VALIDATION_ERROR` whose `fields` hold one human message per field, keyed by the
 * field's path as clients wrote it: `recipients[3]` in a body, the parameter's name (`status`, not
 * `status[0]`) in a query.
 */
import { safeParse } from 'zod/mini';
import type * as z from 'zod/v4/core';
import { DomainError, validationError } from '../domain/core/errors';
import { REPEATABLE } from './request-schemas';

/** A schema of either flavour of zod: the public API's are `zod/mini`, the control API's `zod`. */
export type Schema = z.$ZodType;

/** A schema of an object, whose `shape` names the fields it defines (query parameters). */
export interface ObjectSchema {
  /** The fields the schema defines. */
  shape: object;
}

/** Parses `input` or throws a `VALIDATION_ERROR`. */
export function parse<S extends Schema>(schema: S, input: unknown): z.output<S> {
  const result = safeParse(schema, input);
  if (result.success) return result.data as z.output<S>;
  throw validationError(issuesToFields(result.error.issues, input));
}

/**
 * A path id against `pattern`, lower-cased: the valid case checked directly, the schema (the same
 * pattern, then lower-casing) consulted only for the message of an invalid one.
 */
export function parseId(schema: Schema, pattern: RegExp, value: string, field: string): string {
  if (pattern.test(value)) return value.toLowerCase();
  const issue = safeParse(schema, value).error?.issues[0];
  throw validationError({ [field]: issue?.message ?? 'Invalid.' });
}

/** Parses a query string against a list endpoint's schema; `fields` name the parameters. */
export function parseQuery<S extends Schema & ObjectSchema>(schema: S, query: string): z.output<S> {
  // A parameter the schema does not define is "Unknown field." however often it is given.
  const input = queryObject(query, (name) => Object.hasOwn(schema.shape, name));
  const result = safeParse(schema, input);
  if (result.success) return result.data as z.output<S>;
  throw validationError(issuesToFields(result.error.issues, input, true));
}

/**
 * Turns a query string into an object for a schema: repeatable parameters become arrays, others
 * must appear once. Names come from the client, so they are gathered in a `Map` and written as
 * own properties (`?__proto__=1` is a parameter like any other). `known` says which
 * names the schema defines: an unknown one given twice is left for the schema to call unknown.
 */
function queryObject(
  query: string,
  known: (name: string) => boolean,
): Record<string, string | string[]> {
  const values = new Map<string, string | string[]>();
  const repeated = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(query)) {
    const existing = values.get(name);
    if (REPEATABLE.has(name)) {
      if (Array.isArray(existing)) existing.push(value);
      else values.set(name, [value]);
    } else if (existing !== undefined) {
      if (known(name)) repeated.set(name, 'Must be given once.');
    } else {
      values.set(name, value);
    }
  }
  if (repeated.size > 0) throw validationError(Object.fromEntries(repeated));
  return Object.fromEntries(values);
}

/** Decodes strictly: an invalid byte sequence throws instead of becoming U+FFFD. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Charset labels that name UTF-8 (WHATWG Encoding: `utf-8`, `utf8`, `unicode-1-1-utf-8`, …). */
const UTF8_LABELS = new Set([
  'utf-8',
  'utf8',
  'unicode-1-1-utf-8',
  'unicode11utf8',
  'unicode20utf8',
  'x-unicode20utf8',
]);

/**
 * Checks a request's `Content-Type`: `application/json`, with no `charset` or a UTF-8 one (other
 * parameters are allowed). Anything else is a 415 `UNSUPPORTED_MEDIA_TYPE`.
 */
export function requireJsonUtf8(contentType: string | undefined): void {
  const [type, ...parameters] = (contentType ?? '').split(';');
  // Only application/json (with parameters); `+json` types are a 415 too.
  if (type!.trim().toLowerCase() !== 'application/json') {
    throw new DomainError({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the body as application/json.',
    });
  }
  for (const parameter of parameters) {
    const equals = parameter.indexOf('=');
    if (parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
    const label = parameter
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (!UTF8_LABELS.has(label)) {
      throw new DomainError({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `JSON bodies are UTF-8: send charset=utf-8 or no charset, not ${label || 'an empty one'}.`,
      });
    }
  }
}

/**
 * The body as text: bytes are decoded as UTF-8 (a byte-order mark is dropped), strictly; a body
 * that is not UTF-8 is a 422 on `fields.body`, like any other body that is not JSON.
 */
export function bodyText(body: string | Uint8Array | null): string | null {
  if (body === null || typeof body === 'string') return body;
  try {
    return UTF8.decode(body);
  } catch {
    throw validationError({ body: 'The body is not valid UTF-8 (JSON is UTF-8, RFC 8259).' });
  }
}

/** Parses a JSON request body into an object, or throws a `VALIDATION_ERROR` on `fields.body`. */
export function jsonBody(text: string | null): unknown {
  if (text === null || text.trim() === '')
    throw validationError({ body: 'A JSON object is required.' });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw validationError({ body: `Malformed JSON: ${(error as Error).message}` });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw validationError({ body: 'The body must be a JSON object.' });
  }
  return value;
}

/**
 * Maps issues to `{ path: message }`, keeping the first message per path. Field names come from
 * the client (`__proto__`, `constructor`), so they are collected in a `Map` and written as own
 * properties: a plain object would swallow them.
 */
function issuesToFields(
  issues: readonly z.$ZodIssue[],
  input: unknown,
  flat = false,
): Record<string, string> {
  const fields = new Map<string, string>();
  const add = (path: string, message: string) => {
    if (!fields.has(path)) fields.set(path, message);
  };
  const name = (path: readonly PropertyKey[]) => fieldName(flat ? path.slice(0, 1) : path);
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      // zod's own wording names the key again; a schema may say which keys it takes instead.
      const message = issue.message.startsWith('Unrecognized key')
        ? 'Unknown field.'
        : issue.message;
      for (const key of issue.keys) add(name([...issue.path, key]), message);
      continue;
    }
    const path = issue.path.length === 0 ? 'body' : name(issue.path);
    add(path, isMissing(input, issue.path) ? 'Required.' : issue.message);
  }
  return Object.fromEntries(fields);
}

/** `['recipients', 3]` → `recipients[3]`; `['data', 'name']` → `data.name`. */
function fieldName(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

function isMissing(input: unknown, path: readonly PropertyKey[]): boolean {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return false;
    // Own properties only: `constructor` is not "present" because every object inherits one.
    current = Object.hasOwn(current, key)
      ? (current as Record<PropertyKey, unknown>)[key]
      : undefined;
  }
  return current === undefined && path.length > 0;
}
