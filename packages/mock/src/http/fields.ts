/**
 * Turns zod issues into the `fields` object of a `VALIDATION_ERROR`: one human message per field,
 * keyed by the field's path as clients wrote it (`recipients.3`, `size`).
 */
import type { z } from 'zod';

/** Maps issues to `{ path: message }`, keeping the first message per path. */
export function issuesToFields(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= 'Unknown field.';
      continue;
    }
    const path = issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
    fields[path] ??= isMissing(input, issue.path) ? 'Required.' : issue.message;
  }
  return fields;
}

function isMissing(input: unknown, path: readonly PropertyKey[]): boolean {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return false;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current === undefined && path.length > 0;
}
