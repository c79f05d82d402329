// One source for the control API's requests (issue 23): every request body and query that
// openapi/control.yaml documents is walked field by field against the zod schema (generated from
// it) that the HTTP control route parses it with — the same names, the same required ones, strict
// where the document says `additionalProperties: false`, the same enum values. The type twin
// (control-schemas.test-d.ts) ties the schemas to the generated types; this one reads the YAML
// itself, so a vocabulary or a `propertyNames` the generator drops cannot drift either.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as schemas from '../src/generated/control-requests';
import { controlDocument } from './support/control-contract';

type Json = Record<string, unknown>;
type ZodObject = z.ZodObject<z.ZodRawShape>;

/** The zod schema each documented request body is parsed with, by operation id. */
const BODIES: Record<string, ZodObject> = {
  createOrganization: schemas.createOrganizationBody,
  fundOrganization: schemas.fundOrganizationBody,
  issueApiKey: schemas.issueApiKeyBody,
  createSenderId: schemas.createSenderIdBody,
  createTag: schemas.createTagBody,
  createContact: schemas.createContactBody,
  updateSenderId: schemas.updateSenderIdBody,
  advanceClock: schemas.advanceClockBody,
  addWebhookEndpoint: schemas.addWebhookEndpointBody,
  simulateInbound: schemas.simulateInboundBody,
  redeliverFailed: schemas.redeliverFailedBody,
  triggerEvent: schemas.triggerEventBody,
  injectRequestFailure: schemas.injectRequestFailureBody,
  injectLatency: schemas.injectLatencyBody,
  injectDispatchFailure: schemas.injectDispatchFailureBody,
  injectCarrierOutage: schemas.injectCarrierOutageBody,
  takeSnapshot: schemas.takeSnapshotBody,
  createWorld: schemas.createWorldBody as unknown as ZodObject,
  forkWorld: schemas.forkWorldBody,
  configureRateLimits: schemas.configureRateLimitsBody as unknown as ZodObject,
};
/** The zod schema each documented query string is parsed with, by operation id. */
const QUERIES: Record<string, ZodObject> = {
  listOrganizationCampaigns: schemas.listOrganizationCampaignsQuery,
  readOutbox: schemas.readOutboxQuery,
  listMessages: schemas.listMessagesQuery,
  listCampaigns: schemas.listCampaignsQuery,
};
// The inspector page's `?token=` is read by the inspector, not by a control-http schema.
const QUERIES_ELSEWHERE = new Set(['openInspector']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows a `#/…` reference in control.yaml; one into openapi.yaml is left as it is. */
function local(node: unknown): Json {
  let current = node;
  while (isObject(current) && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), controlDocument);
  }
  if (!isObject(current)) throw new Error(`Not an object in control.yaml: ${JSON.stringify(node)}`);
  return current;
}

/** Every documented operation of control.yaml, by operation id. */
const operations = new Map<string, Json>(
  Object.values(controlDocument.paths as Json).flatMap((item) =>
    Object.values(item as Json).map((op) => [(op as Json).operationId as string, op as Json]),
  ),
);

/** A zod field without its optional and nullable wrappers. */
function unwrap(field: z.core.$ZodType): z.core.$ZodType {
  const def = field._zod.def as { type: string; innerType?: z.core.$ZodType };
  return (def.type === 'optional' || def.type === 'nullable') && def.innerType
    ? unwrap(def.innerType)
    : field;
}

/** The values a zod field takes when it is a closed vocabulary (an enum or literals), else undefined. */
function zodVocabulary(field: z.core.$ZodType): unknown[] | undefined {
  const inner = unwrap(field);
  const def = inner._zod.def as {
    type: string;
    entries?: Record<string, unknown>;
    values?: unknown[];
    options?: z.core.$ZodType[];
    element?: z.core.$ZodType;
  };
  if (def.type === 'enum' && def.entries) return Object.values(def.entries);
  if (def.type === 'literal' && def.values) return def.values;
  if (def.type === 'array' && def.element) return zodVocabulary(def.element);
  if (def.type === 'union' && def.options) {
    const parts = def.options.map(zodVocabulary);
    return parts.every((part) => part !== undefined) ? parts.flat() : undefined;
  }
  return undefined;
}

/** The values a documented schema takes when it is a closed vocabulary, else undefined. */
function yamlVocabulary(node: unknown): unknown[] | undefined {
  if (isObject(node) && typeof node.$ref === 'string' && !node.$ref.startsWith('#/')) {
    return undefined;
  }
  const schema = local(node);
  if (Array.isArray(schema.enum)) return schema.enum;
  if (schema.type === 'array' && schema.items !== undefined) return yamlVocabulary(schema.items);
  return undefined;
}

const sorted = (values: unknown[] | undefined) => values && [...values].map(String).sort();
const isOptional = (field: z.core.$ZodType) => field._zod.optin === 'optional';
const isStrict = (schema: ZodObject) =>
  (schema._zod.def.catchall?._zod.def as { type?: string } | undefined)?.type === 'never';

/** Checks one zod object against one documented object schema, field by field. */
function expectSameObject(where: string, schema: ZodObject, documented: Json) {
  const properties = (documented.properties ?? {}) as Json;
  const required = new Set((documented.required ?? []) as string[]);
  const shape = schema.shape as Record<string, z.core.$ZodType>;
  expect(Object.keys(shape).sort(), `${where}: field names`).toEqual(
    Object.keys(properties).sort(),
  );
  expect(isStrict(schema), `${where}: unknown fields refused`).toBe(
    documented.additionalProperties === false,
  );
  for (const [name, field] of Object.entries(shape)) {
    expect(isOptional(field), `${where}.${name}: optional`).toBe(!required.has(name));
    const property = local(properties[name]);
    expect(sorted(zodVocabulary(field)), `${where}.${name}: values`).toEqual(
      sorted(yamlVocabulary(properties[name])),
    );
    // A map keyed by a vocabulary (`limits` by operation id) is a strict object of those keys.
    if (property.propertyNames !== undefined) {
      const inner = unwrap(field) as unknown as ZodObject;
      expect(Object.keys(inner.shape).sort(), `${where}.${name}: keys`).toEqual(
        sorted(yamlVocabulary(property.propertyNames)),
      );
      expect(isStrict(inner), `${where}.${name}: unknown keys refused`).toBe(true);
    }
  }
}

describe('control request schemas follow control.yaml', () => {
  const withBody = [...operations].filter(([, op]) => op.requestBody !== undefined);
  const withQuery = [...operations].filter(([, op]) =>
    ((op.parameters ?? []) as unknown[]).some((p) => local(p).in === 'query'),
  );

  it('every documented request body and query has its schema, and no schema is left over', () => {
    expect(withBody.map(([id]) => id).sort()).toEqual(Object.keys(BODIES).sort());
    expect(
      withQuery
        .map(([id]) => id)
        .filter((id) => !QUERIES_ELSEWHERE.has(id))
        .sort(),
    ).toEqual(Object.keys(QUERIES).sort());
  });

  it.each(withBody)('%s: the body schema has the documented fields', (id, op) => {
    const schema = BODIES[id];
    if (schema === undefined) throw new Error(`No zod schema for the body of ${id}`);
    const content = (local(op.requestBody).content as Json)['application/json'] as Json;
    expectSameObject(id, schema, local(content.schema));
  });

  it.each(withQuery.filter(([id]) => !QUERIES_ELSEWHERE.has(id)))(
    '%s: the query schema has the documented parameters',
    (id, op) => {
      const schema = QUERIES[id];
      if (schema === undefined) throw new Error(`No zod schema for the query of ${id}`);
      const parameters = ((op.parameters ?? []) as unknown[])
        .map(local)
        .filter((p) => p.in === 'query');
      // A query read as one object: its parameters are the properties, unknown ones refused.
      expectSameObject(id, schema, {
        additionalProperties: false,
        properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
        required: parameters.filter((p) => p.required === true).map((p) => p.name),
      });
    },
  );
});
