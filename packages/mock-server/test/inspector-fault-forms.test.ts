/**
 * Every fault kind can be armed from the page (issue 25 item 7), and every webhook event triggered:
 * the page's forms are held to openapi/control.yaml itself — one form per
 * `POST /__mock/faults/<kind>` and one for `POST /__mock/trigger`, one field per property of its
 * request body, required where the body requires it, offering exactly the values an enum allows,
 * numbers where it takes integers. A fault kind added to the contract fails this test until the
 * page has its form.
 */
import { describe, expect, it } from 'vitest';
import {
  FAULT_FORMS,
  type FieldSpec,
  type FormSpec,
  TRIGGER_FORM,
} from '../src/inspector/page/form-specs';
import { controlDocument } from './support/control-contract';

type Json = Record<string, unknown>;

function resolve(node: Json): Json {
  let current = node;
  while (typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<Json>((at, key) => at[key] as Json, controlDocument as Json);
  }
  return current;
}

const paths = controlDocument.paths as Record<string, Json>;

/** The JSON request body schema of `POST <path>`. */
function bodyOf(path: string): Json {
  const post = paths[path]?.post as Json;
  const body = ((post.requestBody as Json).content as Json)['application/json'] as Json;
  return resolve(body.schema as Json);
}

const faultRoutes = Object.entries(paths)
  .filter(([path, item]) => /^\/__mock\/faults\/[a-z-]+$/.test(path) && item.post !== undefined)
  .map(([path]) => ({ kind: path.slice('/__mock/faults/'.length), schema: bodyOf(path) }));

/** The form has a field for each property of the schema (the trigger's subject ids are one). */
function expectHeldTo(form: FormSpec, schema: Json, name: string): void {
  const fields: Record<string, FieldSpec> = { ...form.fields };
  const properties = { ...(schema.properties as Record<string, Json>) };
  if (fields.subject !== undefined) {
    delete fields.subject;
    delete properties.message_id;
    delete properties.campaign_id;
  }
  expect(Object.keys(fields).sort()).toEqual(Object.keys(properties).sort());
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const [key, property] of Object.entries(properties)) {
    const field = fields[key]!;
    expect(field.required ?? false, `${name}.${key} required`).toBe(required.has(key));
    const resolved = resolve(property);
    if (Array.isArray(resolved.enum)) {
      expect(field.input, `${name}.${key}`).toBe('select');
      expect([...(field.options ?? [])].sort(), `${name}.${key} values`).toEqual(
        [...resolved.enum].sort(),
      );
    } else if (resolved.type === 'integer') {
      expect(field.input, `${name}.${key}`).toBe('number');
      if (typeof resolved.minimum === 'number') expect(field.min).toBe(resolved.minimum);
      if (typeof resolved.maximum === 'number') expect(field.max).toBe(resolved.maximum);
    } else {
      expect(field.input, `${name}.${key}`).toBe('text');
    }
  }
}

describe('the control forms', () => {
  it('cover every fault kind of the control API, and nothing else', () => {
    expect(faultRoutes.map((r) => r.kind).sort()).toEqual(Object.keys(FAULT_FORMS).sort());
    expect(faultRoutes.length).toBeGreaterThanOrEqual(4);
  });

  it.each(faultRoutes)(
    '$kind: a field for each property, as the contract takes it',
    ({ kind, schema }) => {
      expectHeldTo(FAULT_FORMS[kind]!, schema, kind);
    },
  );

  it('trigger: a field for each property, as the contract takes it', () => {
    expectHeldTo(TRIGGER_FORM, bodyOf('/__mock/trigger'), 'trigger');
  });

  it('give every control a distinct id (the page finds them by id)', () => {
    const ids = [...Object.values(FAULT_FORMS), TRIGGER_FORM].flatMap((form) =>
      Object.values(form.fields).map((field) => field.id),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
