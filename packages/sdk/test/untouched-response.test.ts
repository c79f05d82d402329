/**
 * The SDK keeps a call's state in its own objects (issue 23): no `Response` or `Request` it hands
 * out or receives carries a replaced method or a symbol of the SDK's, and the response a user gets
 * is a platform object whose body is still there to read.
 */
import { MessagingClient, NotFoundError, ServerError } from '@msgsvc/sdk';
import { describe, expect, it } from 'vitest';
import { envelope, jsonResponse } from './support/mock';

const BASE_URL = 'http://127.0.0.1:4780/c/v1';
const KEY = 'svc_test_abcdefghijklmnop0123';
const SENT = { id: 'm1', status: 'PENDING' };

// What a platform object carries as own keys is the runtime's business (Node 20's undici keeps
// `Symbol(state)`, `Symbol(headers)`… there, some only once cloned or signalled); any other own
// key, or a `text`/`json` not the prototype's, is someone's patch.
const PLATFORM_KEYS = new Set(
  [
    new Response('x'),
    new Response('x').clone(),
    new Request(BASE_URL),
    new Request(BASE_URL).clone(),
    new Request(new Request(BASE_URL, { method: 'POST', body: 'x' }), { body: 'y' }),
  ].flatMap((platform) => Reflect.ownKeys(platform)),
);

function expectUntouched(message: Request | Response): void {
  expect(Object.getOwnPropertyNames(message)).toEqual([]);
  for (const symbol of Object.getOwnPropertySymbols(message)) {
    expect(PLATFORM_KEYS.has(symbol), String(symbol)).toBe(true);
  }
  const prototype = message instanceof Response ? Response.prototype : Request.prototype;
  expect(message.text).toBe(prototype.text);
  expect(message.json).toBe(prototype.json);
}

/** A client on a scripted fetch that records every request it got and response it gave. */
function scripted(...answers: (() => Response)[]) {
  const requests: Request[] = [];
  const responses: Response[] = [];
  const client = new MessagingClient({
    apiKey: KEY,
    baseUrl: BASE_URL,
    fetch: async (request) => {
      requests.push(request);
      const answer = (answers[responses.length] ?? answers[answers.length - 1] ?? (() => null))();
      if (answer === null) throw new Error('no answer scripted');
      responses.push(answer);
      return answer;
    },
    sleep: async () => {},
  });
  return { client, requests, responses };
}

describe("a user's withResponse()", () => {
  it('gives the untouched platform object, its body still readable', async () => {
    const { client, responses } = scripted(() =>
      jsonResponse(201, SENT, { 'x-trace-id': 't-201' }),
    );
    const { data, response, traceId } = await client.messages
      .send({ to: '+244923000001', body: 'x' })
      .withResponse();
    expect(data).toEqual(SENT);
    expect(response).toBeInstanceOf(Response);
    expectUntouched(response);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(traceId).toBe('t-201');
    expect(response.bodyUsed).toBe(false);
    await expect(response.clone().text()).resolves.toBe(JSON.stringify(SENT));
    await expect(response.json()).resolves.toEqual(SENT);
    // The object the base fetch answered is left as it was too.
    expect(responses).toHaveLength(1);
    for (const answered of responses) expectUntouched(answered);
  });

  it('after retries, still untouched, and the body is the last attempt’s', async () => {
    const { client, responses } = scripted(
      () => jsonResponse(503, envelope(503, 'SERVICE_UNAVAILABLE')),
      () => jsonResponse(200, { id: 'm1', status: 'SENT' }),
    );
    const { response } = await client.messages.retrieve('m1').withResponse();
    expectUntouched(response);
    await expect(response.json()).resolves.toEqual({ id: 'm1', status: 'SENT' });
    expect(responses).toHaveLength(2);
    for (const answered of responses) expectUntouched(answered);
  });

  it('gives the same response object however often it is asked', async () => {
    const { client } = scripted(() => jsonResponse(200, { id: 'm1', status: 'SENT' }));
    const call = client.messages.retrieve('m1');
    const [a, b] = await Promise.all([call.withResponse(), call.withResponse()]);
    expect(a.response).toBe(b.response);
    await expect(call).resolves.toEqual({ id: 'm1', status: 'SENT' });
  });
});

describe('what the SDK sends and throws', () => {
  it('the requests the base fetch receives carry nothing of the SDK', async () => {
    const { client, requests } = scripted(
      () => jsonResponse(500, envelope(500, 'INTERNAL_SERVER_ERROR')),
      () => jsonResponse(201, SENT),
    );
    await client.messages.send({ to: '+244923000001', body: 'x' });
    expect(requests).toHaveLength(2);
    for (const request of requests) expectUntouched(request);
  });

  it("an error's response is untouched and readable, with the attempts made", async () => {
    const { client, responses } = scripted(() =>
      jsonResponse(503, envelope(503, 'SERVICE_UNAVAILABLE')),
    );
    const error = await client.messages.retrieve('m1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, attempts: 3 });
    const response = (error as ServerError).response as Response;
    expectUntouched(response);
    await expect(response.json()).resolves.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    for (const answered of responses) expectUntouched(answered);
  });

  it('a 404 on the first attempt reports one attempt and the envelope', async () => {
    const { client } = scripted(() => jsonResponse(404, envelope(404, 'NOT_FOUND')));
    const error = await client.messages.retrieve('m1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', attempts: 1 });
  });

  it('the raw client parses the body and returns an untouched response', async () => {
    const { client, responses } = scripted(() => jsonResponse(201, SENT));
    const { data, response } = await client.raw.POST('/messages', {
      body: { to: '+244923000001', body: 'x' },
    });
    expect(data).toEqual(SENT);
    expectUntouched(response);
    for (const answered of responses) expectUntouched(answered);
  });

  it('middleware on client.raw still sees resource calls: a success as fetched, an error readable', async () => {
    const { client } = scripted(
      () => jsonResponse(200, { id: 'm1', status: 'SENT' }, { 'x-trace-id': 't-200' }),
      () => jsonResponse(404, envelope(404, 'NOT_FOUND')),
    );
    const seen: { status: number; traceId: string | null; body?: unknown }[] = [];
    client.raw.use({
      async onResponse({ response }) {
        const entry = { status: response.status, traceId: response.headers.get('x-trace-id') };
        seen.push(response.ok ? entry : { ...entry, body: await response.clone().json() });
        return undefined;
      },
    });
    const { data, response } = await client.messages.retrieve('m1').withResponse();
    expect(data).toEqual({ id: 'm1', status: 'SENT' });
    await expect(response.json()).resolves.toEqual(data);
    await expect(client.messages.retrieve('m2')).rejects.toBeInstanceOf(NotFoundError);
    expect(seen).toEqual([
      { status: 200, traceId: 't-200' },
      { status: 404, traceId: null, body: expect.objectContaining({ code: 'NOT_FOUND' }) },
    ]);
  });
});
