/**
 * Every fault kind can be armed from the page (issue 25 item 7): the page's fault forms are held
 * to openapi/control.yaml itself — one form per `POST /__mock/faults/<kind>`, one field per
 * property of its request body, required where the body requires it, offering exactly the values
 * an enum allows, numbers where it takes integers. A fault kind added to the contract fails this
 * test (and the typecheck) until the page has its form.
 */
import { describe, expect, it } from 'vitest';
import { FAULT_FORMS, type FieldSpec } from '../src/inspector/page/fault-specs';
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

const faultRoutes = Object.entries(controlDocument.paths as Record<string, Json>)
  .filter(([path, item]) => /^\/__mock\/faults\/[a-z-]+$/.test(path) && item.post !== undefined)
  .map(([path, item]) => {
    const post = item.post as Json;
    const body = ((post.requestBody as Json).content as Json)['application/json'] as Json;
    return { kind: path.slice('/__mock/faults/'.length), schema: resolve(body.schema as Json) };
  });

describe('the fault forms', () => {
  it('cover every fault kind of the control API, and nothing else', () => {
    expect(faultRoutes.map((r) => r.kind).sort()).toEqual(Object.keys(FAULT_FORMS).sort());
    expect(faultRoutes.length).toBeGreaterThanOrEqual(4);
  });

  it.each(faultRoutes)(
    '$kind: a field for each property, as the contract takes it',
    ({ kind, schema }) => {
      const fields = FAULT_FORMS[kind as keyof typeof FAULT_FORMS].fields as Record<
        string,
        FieldSpec
      >;
      const properties = schema.properties as Record<string, Json>;
      expect(Object.keys(fields).sort()).toEqual(Object.keys(properties).sort());
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries(properties)) {
        const field = fields[name]!;
        expect(field.required ?? false, `${kind}.${name} required`).toBe(required.has(name));
        const resolved = resolve(property);
        if (Array.isArray(resolved.enum)) {
          expect(field.input, `${kind}.${name}`).toBe('select');
          expect([...(field.options ?? [])].sort(), `${kind}.${name} values`).toEqual(
            [...resolved.enum].sort(),
          );
        } else if (resolved.type === 'integer') {
          expect(field.input, `${kind}.${name}`).toBe('number');
          if (typeof resolved.minimum === 'number') expect(field.min).toBe(resolved.minimum);
          if (typeof resolved.maximum === 'number') expect(field.max).toBe(resolved.maximum);
        } else {
          expect(field.input, `${kind}.${name}`).toBe('text');
        }
      }
    },
  );

  it('give every control a distinct id (the page finds them by id)', () => {
    const ids = Object.values(FAULT_FORMS).flatMap((form) =>
      Object.values(form.fields as Record<string, FieldSpec>).map((field) => field.id),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
