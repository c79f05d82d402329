/**
 * Turns zod issues into the `fields` object of a `VALIDATION_ERROR`: one human message per field,
 * keyed by the field's path as clients wrote it: `recipients[3]` in a body, the parameter's name
 * (`status`, not `status[0]`) in a query.
 */
import type * as z from 'zod/v4/core';

/**
 * Maps issues to `{ path: message }`, keeping the first message per path. Field names come from
 * the client (`__proto__`, `constructor`), so they are collected in a `Map` and written as own
 * properties: a plain object would swallow them.
 */
export function issuesToFields(
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
