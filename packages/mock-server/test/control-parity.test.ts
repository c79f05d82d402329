// One control surface, strict both ways (D88): every control operation's documented example from
// openapi/control.yaml is given to the HTTP control API and to `mock.control`, and both must agree —
// accepted, or refused naming the same fields. Then each operation gets unknown options (a camelCase
// spelling of one it takes, a made-up one, `__proto__`, `constructor`): refused on both sides,
// naming the option, and nothing changes. An in-process call that takes no options object (an id and
// a value) has nothing to misspell; its HTTP body is still probed.

import {
  createMockService,
  DEMO_ORGANIZATION_ID,
  DEMO_SENDER_ID,
  DomainError,
  type MockService,
  UnknownOptionError,
  UnknownValueError,
} from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { controlDocument } from './support/control-contract';
import { controlApi, type Exchange } from './support/http';

type Json = Record<string, unknown>;
/** What one side did with an input. */
type Outcome =
  | { readonly accepted: true }
  | { readonly accepted: false; readonly fields: string[] };

/** How one documented operation is called on each side. */
interface Operation {
  readonly method: 'POST' | 'PUT' | 'PATCH' | 'GET';
  readonly path: string;
  /** The input travels in the query string instead of the body. */
  readonly query?: true;
  /** The in-process call with the same input, or `undefined` when there is none taking options. */
  readonly inProcess?: (mock: MockService, input: Json) => unknown;
  /** The in-process call for the documented example when it takes positional values instead. */
  readonly positional?: (mock: MockService, input: Json) => unknown;
}

const ORG = DEMO_ORGANIZATION_ID;
const org = `/organizations/${ORG}`;

const OPERATIONS: Record<string, Operation> = {
  createOrganization: {
    method: 'POST',
    path: '/organizations',
    inProcess: (mock, input) => mock.control.createOrganization(input as never),
  },
  fundOrganization: {
    method: 'POST',
    path: `${org}/fund`,
    positional: (mock, input) => mock.control.fundAccount(ORG, input.amount as string),
  },
  issueApiKey: {
    method: 'POST',
    path: `${org}/api-keys`,
    inProcess: (mock, input) => mock.control.issueApiKey({ organization_id: ORG, ...input }),
  },
  createSenderId: {
    method: 'POST',
    path: `${org}/sender-ids`,
    inProcess: (mock, input) =>
      mock.control.createSenderId({ organization_id: ORG, ...(input as { name: string }) }),
  },
  createTag: {
    method: 'POST',
    path: `${org}/tags`,
    positional: (mock, input) => mock.control.createTag(ORG, input.name as string),
  },
  createContact: {
    method: 'POST',
    path: `${org}/contacts`,
    inProcess: (mock, input) =>
      mock.control.createContact({
        organization_id: ORG,
        ...(input as { name: string; number: string }),
      }),
  },
  updateSenderId: {
    method: 'PATCH',
    path: `/sender-ids/${DEMO_SENDER_ID}`,
    positional: (mock, input) =>
      mock.control.setSenderIdStatus(DEMO_SENDER_ID, input.status as never),
  },
  advanceClock: {
    method: 'POST',
    path: '/clock/advance',
    positional: (mock, input) => mock.clock.advance(input.ms as number),
  },
  addWebhookEndpoint: {
    method: 'POST',
    path: `${org}/webhook-endpoints`,
    inProcess: (mock, input) => mock.control.addWebhookEndpoint({ organization_id: ORG, ...input }),
  },
  readOutbox: {
    method: 'GET',
    path: '/webhooks/outbox',
    query: true,
    inProcess: (mock, input) => mock.control.outbox(input),
  },
  listOrganizationCampaigns: {
    method: 'GET',
    path: `${org}/campaigns`,
    query: true,
    positional: (mock, input) => mock.control.campaigns(ORG, input.environment as never),
  },
  // The filter language is the server's (D156): in-process tests filter the world themselves.
  listMessages: { method: 'GET', path: '/messages', query: true },
  listCampaigns: { method: 'GET', path: '/campaigns', query: true },
  redeliverFailed: {
    method: 'POST',
    path: '/webhooks/outbox/redeliver-failed',
    inProcess: (mock, input) => mock.control.redeliverFailed(input),
  },
  simulateInbound: {
    method: 'POST',
    path: '/inbound',
    inProcess: (mock, input) => mock.control.simulateInbound(input as never),
  },
  triggerEvent: {
    method: 'POST',
    path: '/trigger',
    inProcess: (mock, input) => mock.control.trigger(input as never),
  },
  injectRequestFailure: {
    method: 'POST',
    path: '/faults/request-failures',
    inProcess: (mock, input) => mock.control.failNextRequests(input),
  },
  injectLatency: {
    method: 'POST',
    path: '/faults/latencies',
    inProcess: (mock, input) => mock.control.addLatency(input as never),
  },
  injectDispatchFailure: {
    method: 'POST',
    path: '/faults/campaign-failures',
    inProcess: (mock, input) => mock.control.failNextDispatch(input),
  },
  injectCarrierOutage: {
    method: 'POST',
    path: '/faults/carrier-outages',
    inProcess: (mock, input) => mock.control.carrierOutage(input as never),
  },
  // The server keeps named snapshots; in-process `mock.snapshot()` returns the world instead.
  takeSnapshot: { method: 'POST', path: '/snapshots' },
  // Worlds are the server's: in-process, each `createMockService()` is a world of its own (D130).
  createWorld: { method: 'POST', path: '/worlds' },
  forkWorld: { method: 'POST', path: '/worlds/default/fork' },
  configureRateLimits: {
    method: 'PUT',
    path: '/rate-limits',
    positional: (mock, input) => mock.control.configureRateLimits(input.limits as never),
  },
};

/** A parameter, its `#/components/parameters/…` reference followed. */
function parameter(node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const name = ref.replace('#/components/parameters/', '');
  return ((controlDocument.components as Json).parameters as Record<string, Json>)[name]!;
}

/** Each documented operation that takes input, with its example (body, or query parameters). */
function documentedExamples(): { operationId: string; example: Json }[] {
  const found: { operationId: string; example: Json }[] = [];
  for (const item of Object.values(controlDocument.paths as Record<string, Json>)) {
    for (const operation of Object.values(item) as Json[]) {
      const body = (operation.requestBody as Json | undefined)?.content as Json | undefined;
      const json = body?.['application/json'] as Json | undefined;
      const queryExample = Object.fromEntries(
        ((operation.parameters ?? []) as Json[])
          .map(parameter)
          .filter((p) => p.in === 'query' && p.example !== undefined)
          .map((p) => [p.name as string, p.example]),
      );
      if (json !== undefined) {
        found.push({ operationId: operation.operationId as string, example: json.example as Json });
      } else if (Object.keys(queryExample).length > 0) {
        found.push({ operationId: operation.operationId as string, example: queryExample });
      }
    }
  }
  return found;
}

const EXAMPLES = documentedExamples();

let serverMock: MockService;
let server: MockServer;
let control: ReturnType<typeof controlApi>;

beforeAll(async () => {
  serverMock = createMockService();
  serverMock.seedDemo();
  server = createMockServer({ mock: serverMock });
  control = controlApi((await server.listen(0, '127.0.0.1')).origin);
});

afterAll(async () => {
  await server.close();
});

/** A fresh demo world in-process (the demo's ids are fixed, D80, so they match the server's). */
function freshMock(): MockService {
  const mock = createMockService();
  mock.seedDemo();
  return mock;
}

function inProcessOutcome(call: () => unknown): Outcome {
  try {
    call();
    return { accepted: true };
  } catch (error) {
    if (error instanceof UnknownValueError) return { accepted: false, fields: [error.field] };
    if (error instanceof DomainError && error.code === 'VALIDATION_ERROR') {
      return { accepted: false, fields: Object.keys(error.fields ?? {}).sort() };
    }
    throw error;
  }
}

function httpOutcome(exchange: Exchange): Outcome {
  if (exchange.status >= 200 && exchange.status < 300) return { accepted: true };
  expect(exchange.status, exchange.text).toBe(422);
  return { accepted: false, fields: Object.keys(exchange.body.fields).sort() };
}

/** Sends `text` (a JSON object) the way the operation takes input. */
async function overHttp(operation: Operation, text: string): Promise<Exchange> {
  await control.post('/reset');
  if (operation.query === true) {
    const query = new URLSearchParams(
      Object.entries(JSON.parse(text) as Json).map(([k, v]) => [k, String(v)]),
    ).toString();
    return control.get(operation.path, query);
  }
  return control.request(operation.method, operation.path, {
    body: text,
    headers: { 'content-type': 'application/json' },
  });
}

/** `example` as JSON text with `name` added last as an own key, whatever the name. */
function withOption(example: Json, name: string): string {
  const members = Object.entries(example).map(
    ([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`,
  );
  members.push(`${JSON.stringify(name)}:${JSON.stringify('x')}`);
  return `{${members.join(',')}}`;
}

/** A camelCase spelling of the first snake_case option the example uses, e.g. `operationId`. */
function camelCased(example: Json): string | undefined {
  const snake = Object.keys(example).find((k) => k.includes('_'));
  return snake?.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

describe('every operation with input is mapped here', () => {
  it('and has a documented example', () => {
    expect(EXAMPLES.map((e) => e.operationId).sort()).toEqual(Object.keys(OPERATIONS).sort());
  });
});

describe.each(EXAMPLES)('$operationId', ({ operationId, example }) => {
  const operation = OPERATIONS[operationId]!;

  it('its documented example: the same outcome in-process and over HTTP', async () => {
    const http = httpOutcome(await overHttp(operation, JSON.stringify(example)));
    expect(http).toEqual({ accepted: true });
    const call = operation.inProcess ?? operation.positional;
    if (call !== undefined) {
      expect(inProcessOutcome(() => call(freshMock(), structuredClone(example)))).toEqual(http);
    }
  });

  const probes = [camelCased(example), 'unknown_option', '__proto__', 'constructor'].filter(
    (name): name is string => name !== undefined,
  );
  it.each(probes)('an unknown option %j: refused on both sides, naming it', async (name) => {
    const text = withOption(example, name);
    const http = httpOutcome(await overHttp(operation, text));
    expect(http).toEqual({ accepted: false, fields: [name] });
    if (operation.inProcess === undefined) return;
    const mock = freshMock();
    const before = JSON.stringify(mock.snapshot());
    const outcome = inProcessOutcome(() => operation.inProcess!(mock, JSON.parse(text)));
    expect(outcome).toEqual(http);
    expect(JSON.stringify(mock.snapshot())).toBe(before);
  });
});

describe('the in-process refusal', () => {
  it('is an UnknownOptionError naming the option, the call, a guess and the accepted names', () => {
    const mock = freshMock();
    const arm = () =>
      mock.control.failNextRequests({ operationId: 'sendMessage', status: 503 } as never);
    expect(arm).toThrow(UnknownOptionError);
    expect(arm).toThrow(TypeError);
    expect(arm).toThrow(
      'Unknown option "operationId" for failNextRequests; did you mean "operation_id"? It takes operation_id, status, count.',
    );
    // Before D88 this armed a failure for every operation.
    expect(mock.control.faults().request_failures).toEqual([]);
  });

  it('names the caller’s fields, not the domain’s: a duplicate contact is refused on `number`', async () => {
    await control.post('/reset');
    const demoContact = { name: 'Again', number: '+244923000001' };
    const http = httpOutcome(await control.post(`${org}/contacts`, demoContact));
    expect(http).toEqual({ accepted: false, fields: ['number'] });
    const unknownTag = { name: 'Tagged', number: '923000077', tag_ids: [ORG] };
    expect(httpOutcome(await control.post(`${org}/contacts`, unknownTag))).toEqual({
      accepted: false,
      fields: ['tag_ids'],
    });
    const mock = freshMock();
    expect(
      inProcessOutcome(() => mock.control.createContact({ organization_id: ORG, ...demoContact })),
    ).toEqual(http);
    expect(
      inProcessOutcome(() => mock.control.createContact({ organization_id: ORG, ...unknownTag })),
    ).toEqual({ accepted: false, fields: ['tag_ids'] });
  });

  it('webhook_secret is taken over HTTP as in-process', async () => {
    await control.post('/reset');
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const created = await control.post('/organizations', { name: 'Loja', webhook_secret: secret });
    expect(created.status).toBe(201);
    expect(created.body.webhook_secret).toBe(secret);
    expect(serverMock.control.webhookSecret(created.body.id)).toBe(secret);
    const bad = await control.post('/organizations', { name: 'Loja', webhook_secret: 'nope' });
    expect(httpOutcome(bad)).toEqual({ accepted: false, fields: ['webhook_secret'] });
    expect(
      inProcessOutcome(() =>
        freshMock().control.createOrganization({ name: 'Loja', webhook_secret: 'nope' }),
      ),
    ).toEqual({ accepted: false, fields: ['webhook_secret'] });
  });
});
