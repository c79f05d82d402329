/**
 * The rules the control API's request schemas are built with (`generated/control-requests.ts`,
 * from `openapi/control.yaml`): one per kind of field, each message written for people. The
 * generated objects are strict: an unknown field is a `VALIDATION_ERROR`, so a typo never
 * silently does nothing.
 */
import { textProblem } from '@msgsvc/mock/port';
import { z } from 'zod';

/** Text of `min` to `max` characters a handset or a person can read: no lone surrogate, no NUL. */
export function text(min: number, max?: number) {
  let schema = z.string('Must be a string.');
  if (min > 0) {
    schema = schema.min(
      min,
      min === 1 ? 'Must not be empty.' : `Must be at least ${min} characters.`,
    );
  }
  if (max !== undefined) schema = schema.max(max, `Must be at most ${max} characters.`);
  return schema.check((ctx) => {
    const problem = textProblem(ctx.value);
    if (problem !== undefined)
      ctx.issues.push({ code: 'custom', input: ctx.value, message: problem });
  });
}

/** A string that matches `pattern`; `message` says what it must be. */
export function matching(pattern: RegExp, message: string) {
  return z.string(message).regex(pattern, message);
}

/** A date-time that matches `pattern` and exists (no 30 February). */
export function dateTime(pattern: RegExp, message: string) {
  return matching(pattern, message).refine(
    (value) => Number.isFinite(Date.parse(value.replace(/(\.\d{3})\d+/, '$1'))),
    message,
  );
}

/** An email address. */
export function email() {
  return z.string('Must be an email address.').email('Must be an email address.');
}

/** `true` or `false`. */
export function flag() {
  return z.boolean('Must be true or false.');
}

function bounded<T extends z.ZodNumber | z.ZodCoercedNumber>(
  schema: T,
  min?: number,
  max?: number,
) {
  let out = schema.int('Must be an integer.') as T;
  if (min !== undefined) {
    out = out.min(min, min === 0 ? 'Must not be negative.' : `Must be at least ${min}.`) as T;
  }
  return max === undefined ? out : (out.max(max, `Must be at most ${max}.`) as T);
}

/** An integer from `min` to `max` (either bound may be open). */
export function integer(min?: number, max?: number) {
  return bounded(z.number('Must be a number.'), min, max);
}

/** An integer from `min` to `max` in a query string (its text read as a number). */
export function queryInteger(min?: number, max?: number) {
  return bounded(z.coerce.number('Must be a number.'), min, max);
}

/** Listed values: "Must be live or test.", or "Must be one of …" for a long list. */
export function oneOf<const T extends readonly (string | number)[]>(values: T) {
  const last = values[values.length - 1];
  const message =
    values.length > 3
      ? `Must be one of ${values.join(', ')}.`
      : `Must be ${values.length === 1 ? last : `${values.slice(0, -1).join(', ')} or ${last}`}.`;
  return z.literal(values, message);
}

/** A list of `item`, at least `min` long. */
export function list<T extends z.ZodType>(item: T, min: number) {
  const schema = z.array(item, 'Must be a list.');
  return min === 0
    ? schema
    : schema.min(min, `Must have at least ${min} item${min === 1 ? '' : 's'}.`);
}

/**
 * A map keyed by a vocabulary (rate limits by operation id): a strict object of those keys, so an
 * unknown one (`sendMesage`, `__proto__`) is named with the valid ones instead of being kept.
 */
export function keyed<const K extends readonly string[], V extends z.ZodType>(keys: K, value: V) {
  const shape = Object.fromEntries(keys.map((key) => [key, value.exactOptional()]));
  const unknown = `Must be one of ${keys.join(', ')}.`;
  return z.strictObject(shape as Record<K[number], z.ZodExactOptional<V>>, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknown : undefined),
  });
}
