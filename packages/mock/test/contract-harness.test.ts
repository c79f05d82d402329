// The contract check that every other test relies on must itself be able to fail: each response
// below is a real one from the mock, bent off the contract in one way, and must be refused.
import { describe, expect, it } from 'vitest';
import { assertOnContract, ContractViolation } from '../../../openapi/test/support/response-check';
import type { HttpRequest, HttpResponse } from '../src/index';
import { createMockService, jsonHeaders } from './support/mock';

async function exchange(request: Omit<HttpRequest, 'query' | 'body'> & Partial<HttpRequest>) {
  const mock = createMockService();
  const demo = mock.seedDemo();
  const full: HttpRequest = {
    query: '',
    body: null,
    ...request,
    headers: { ...jsonHeaders(demo.liveKey), ...request.headers },
  };
  return { mock, demo, request: full, response: await mock.handle(full) };
}

/** A copy of `response` with its JSON body changed by `edit`. */
function withBody(response: HttpResponse, edit: (body: Record<string, unknown>) => void) {
  const body = JSON.parse(response.body) as Record<string, unknown>;
  edit(body);
  return { ...response, body: JSON.stringify(body) };
}

function sentMessage() {
  return exchange({
    method: 'POST',
    path: '/c/v1/messages',
    headers: {},
    body: JSON.stringify({ to: '+244923000001', body: 'Your code is 1234' }),
  });
}

describe('the contract harness', () => {
  it('accepts a response that is on the contract', async () => {
    const { request, response } = await sentMessage();
    expect(response.status).toBe(201);
    expect(() => assertOnContract(request, response)).not.toThrow();
  });

  it('accepts an unknown route answered with the error envelope', async () => {
    const { request, response } = await exchange({
      method: 'GET',
      path: '/c/v1/nowhere',
      headers: {},
    });
    expect(response.status).toBe(404);
    expect(() => assertOnContract(request, response)).not.toThrow();
  });

  it('refuses a body with a field renamed', async () => {
    const { request, response } = await sentMessage();
    const renamed = withBody(response, (body) => {
      body.e164 = body.to;
      delete body.to;
    });
    expect(() => assertOnContract(request, renamed)).toThrow(ContractViolation);
  });

  it('refuses a body with an extra field', async () => {
    const { request, response } = await sentMessage();
    const extra = withBody(response, (body) => {
      body.provider_name = 'unitel-smpp-1';
    });
    expect(() => assertOnContract(request, extra)).toThrow(/off contract/);
  });

  it('refuses a value outside its enum (an exact status on a list entry, D18)', async () => {
    const { mock, demo } = await sentMessage();
    const request: HttpRequest = {
      method: 'GET',
      path: '/c/v1/messages',
      query: '',
      headers: { 'x-api-key': demo.liveKey },
      body: null,
    };
    const response = await mock.handle(request);
    const expired = withBody(response, (body) => {
      (body.entries as Record<string, unknown>[])[0]!.status = 'EXPIRED';
    });
    expect(() => assertOnContract(request, expired)).toThrow(ContractViolation);
  });

  it('refuses a response without X-Trace-Id', async () => {
    const { request, response } = await sentMessage();
    const { 'x-trace-id': _dropped, ...headers } = response.headers;
    expect(() => assertOnContract(request, { ...response, headers })).toThrow(
      /missing required header X-Trace-Id/,
    );
  });

  it('refuses a malformed header value', async () => {
    const { request, response } = await sentMessage();
    const headers = { ...response.headers, 'x-ratelimit-remaining': '-1' };
    expect(() => assertOnContract(request, { ...response, headers })).toThrow(ContractViolation);
  });

  it('refuses a success without the rate-limit headers the contract requires', async () => {
    const { request, response } = await sentMessage();
    const { 'x-ratelimit-limit': _dropped, ...headers } = response.headers;
    expect(() => assertOnContract(request, { ...response, headers })).toThrow(
      /missing required header X-RateLimit-Limit/,
    );
  });

  it('refuses a status the operation does not declare', async () => {
    const { request, response } = await sentMessage();
    expect(() => assertOnContract(request, { ...response, status: 200 })).toThrow(
      /status 200 is not declared for sendMessage/,
    );
  });

  it('refuses a 404 on an unknown route that is not the error envelope', async () => {
    const { request, response } = await exchange({
      method: 'GET',
      path: '/c/v1/nowhere',
      headers: {},
    });
    const bare = { ...response, body: JSON.stringify({ error: 'Not Found' }) };
    expect(() => assertOnContract(request, bare)).toThrow(ContractViolation);
  });

  it('refuses an unknown route answered with a success', async () => {
    const { request, response } = await exchange({
      method: 'GET',
      path: '/c/v1/nowhere',
      headers: {},
    });
    expect(() => assertOnContract(request, { ...response, status: 200 })).toThrow(
      /unknown route answered 200/,
    );
  });

  it('refuses a body that is not JSON, or not declared as JSON', async () => {
    const { request, response } = await sentMessage();
    expect(() => assertOnContract(request, { ...response, body: '<html>' })).toThrow(
      /body is not JSON/,
    );
    const headers = { ...response.headers, 'content-type': 'text/plain' };
    expect(() => assertOnContract(request, { ...response, headers })).toThrow(/content-type/);
  });

  it('refuses an error envelope that lacks a required field', async () => {
    const { request, response } = await exchange({
      method: 'GET',
      path: '/c/v1/messages',
      headers: { 'x-api-key': 'svc_live_unknown000000000000000000' },
    });
    expect(response.status).toBe(401);
    const noTrace = withBody(response, (body) => {
      delete body.trace_id;
    });
    expect(() => assertOnContract(request, noTrace)).toThrow(ContractViolation);
  });

  it('is installed on every service the tests create: an off-contract answer fails the fetch', async () => {
    const mock = createMockService();
    const demo = mock.seedDemo();
    // Bend the world so the mock itself answers off the contract: a sender ID whose name is empty
    // (the contract requires `sms_remitter.name` to be non-empty).
    mock.world.senders.get(demo.sender.id)!.name = '';
    await expect(
      mock.fetch(`${mock.baseUrl}/messages`, {
        method: 'POST',
        headers: jsonHeaders(demo.liveKey),
        body: JSON.stringify({ to: '+244923000001', body: 'hi' }),
      }),
    ).resolves.toHaveProperty('status', 201);
    const list = await mock.fetch(`${mock.baseUrl}/messages`, {
      headers: { 'x-api-key': demo.liveKey },
    });
    const id = ((await list.json()) as { entries: { id: string }[] }).entries[0]!.id;
    await expect(
      mock.fetch(`${mock.baseUrl}/messages/${id}`, { headers: { 'x-api-key': demo.liveKey } }),
    ).rejects.toThrow(ContractViolation);
  });
});
