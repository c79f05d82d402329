/**
 * Parsing request parts against their zod schemas; every failure becomes one `VALIDATION_ERROR`
 * whose `fields` name each bad field.
 */
import type { z } from 'zod';
import { validationError } from '../domain/errors';
import { issuesToFields } from './fields';
import { REPEATABLE } from './schemas';

/** Parses `input` or throws a `VALIDATION_ERROR`. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, field?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = issuesToFields(result.error.issues, input);
  if (field !== undefined)
    throw validationError({ [field]: Object.values(fields)[0] ?? 'Invalid.' });
  throw validationError(fields);
}

/** Parses a query string against a list endpoint's schema; `fields` name the parameters. */
export function parseQuery<S extends z.ZodType>(schema: S, query: string): z.output<S> {
  const input = queryObject(query);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(issuesToFields(result.error.issues, input, true));
}

/**
 * Turns a query string into an object for a schema: repeatable parameters become arrays, others
 * must appear once.
 */
export function queryObject(query: string): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  const repeated: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    const existing = object[name];
    if (REPEATABLE.has(name)) {
      if (Array.isArray(existing)) existing.push(value);
      else object[name] = [value];
    } else if (existing !== undefined) {
      repeated[name] = 'Must be given once.';
    } else {
      object[name] = value;
    }
  }
  if (Object.keys(repeated).length > 0) throw validationError(repeated);
  return object;
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
