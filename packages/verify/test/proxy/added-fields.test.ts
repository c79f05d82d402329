// Forward compatibility (D100): a response field the contract does not name — at the top, inside a
// nullable embedded object, in a list entry, in the error envelope — is a warning, never a
// violation; a missing or mistyped field is still a violation. Real answers of the mock, changed.

import { createMockService } from '@msgsvc/mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertOnContract } from '../../../../openapi/test/support/response-check';
import { checkExchange, type ObservedExchange } from '../../src/proxy/check-exchange';
import { Contract } from '../../src/proxy/contract';
import { violationLine } from '../../src/proxy/proxy-cli';

type Json = Record<string, unknown>;

const contract = new Contract();
let exchanges: Record<'retrieve' | 'list' | 'error', ObservedExchange>;

beforeAll(async () => {
  const mock = createMockService();
  const demo = mock.seedDemo();
  const headers = { 'x-api-key': demo.liveKey, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: Json): Promise<ObservedExchange> => {
    const url = new URL(`https://api.test/c/v1${path}`);
    const text = body === undefined ? '' : JSON.stringify(body);
    const response = await mock.fetch(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body: text }),
    });
    return {
      method,
      path: url.pathname,
      query: url.search.slice(1),
      requestHeaders: headers,
      request: { bytes: Buffer.from(text), truncated: false },
      status: response.status,
      responseHeaders: Object.fromEntries(response.headers),
      response: { bytes: Buffer.from(await response.text()), truncated: false },
    };
  };
  const sent = await call('POST', '/messages', { to: '+244900000001', body: 'Your code is 1234' });
  const id = (JSON.parse(text(sent)) as Json).id as string;
  exchanges = {
    retrieve: await call('GET', `/messages/${id}`),
    list: await call('GET', '/messages'),
    error: await call('GET', '/messages/not-a-uuid'),
  };
});

/** The response body of `exchange`, as text. */
const text = (exchange: ObservedExchange) => exchange.response.bytes.toString('utf8');

/** `exchange` with its response body changed by `edit`. */
function edited(exchange: ObservedExchange, edit: (body: Json) => void): ObservedExchange {
  const body = JSON.parse(text(exchange)) as Json;
  edit(body);
  return { ...exchange, response: { bytes: Buffer.from(JSON.stringify(body)), truncated: false } };
}

const split = (exchange: ObservedExchange) => {
  const found = checkExchange(contract, exchange);
  return {
    errors: found.filter((v) => v.severity === 'error').map((v) => `${v.rule}: ${v.message}`),
    warnings: found.filter((v) => v.severity === 'warning'),
  };
};

describe('a response with a field the contract does not name', () => {
  it('the unchanged answers are clean', () => {
    for (const exchange of Object.values(exchanges)) {
      expect(checkExchange(contract, exchange)).toEqual([]);
    }
  });

  it('is a warning naming the field, at the top level', () => {
    const { errors, warnings } = split(
      edited(exchanges.retrieve, (body) => {
        body.priority = 'high';
      }),
    );
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      {
        severity: 'warning',
        side: 'response',
        rule: 'added-field',
        operation: 'retrieveMessage',
        message: '/priority is not in the contract (clients must tolerate added fields)',
      },
    ]);
    expect(violationLine({ ...warnings[0]!, ...lineContext })).toMatch(
      /^WARNING response added-field retrieveMessage: /,
    );
  });

  it('inside a nullable embedded object, a list entry and the error envelope', () => {
    const nested = split(
      edited(exchanges.retrieve, (body) => {
        (body.sms_remitter as Json).country = 'AO';
      }),
    );
    expect(nested.errors).toEqual([]);
    expect(nested.warnings.map((w) => w.message)).toEqual([
      '/sms_remitter/country is not in the contract (clients must tolerate added fields)',
    ]);
    const entry = split(
      edited(exchanges.list, (body) => {
        ((body.entries as Json[])[0] as Json).segments = 1;
        body.next_cursor = null;
      }),
    );
    expect(entry.errors).toEqual([]);
    expect(entry.warnings.map((w) => w.message.split(' ')[0]).sort()).toEqual([
      '/entries/0/segments',
      '/next_cursor',
    ]);
    const error = split(
      edited(exchanges.error, (body) => {
        body.documentation_url = 'https://docs.example.com/errors';
      }),
    );
    expect(error.errors).toEqual([]);
    expect(error.warnings).toHaveLength(1);
  });
});

describe('a response that breaks a promise is still a violation', () => {
  it('a required field missing', () => {
    const { errors } = split(
      edited(exchanges.retrieve, (body) => {
        delete body.cost;
      }),
    );
    expect(errors).toEqual([expect.stringMatching(/^response-body: .*cost/)]);
  });

  it('a field of the wrong type, even next to an added one', () => {
    const { errors, warnings } = split(
      edited(exchanges.retrieve, (body) => {
        body.is_refunded = 'no';
        body.priority = 'high';
      }),
    );
    expect(errors).toEqual([
      expect.stringMatching(/^response-body: \/is_refunded must be boolean/),
    ]);
    expect(warnings).toHaveLength(1);
  });

  it('an embedded object missing its id, and an envelope missing its code', () => {
    expect(
      split(
        edited(exchanges.retrieve, (body) => {
          delete (body.sms_remitter as Json).id;
        }),
      ).errors,
    ).toHaveLength(1);
    expect(
      split(
        edited(exchanges.error, (body) => {
          delete body.code;
        }),
      ).errors,
    ).toEqual([expect.stringMatching(/code/)]);
  });
});

describe('the mock itself', () => {
  it('is still held to exactly the contract: an added field fails its own check', () => {
    const { retrieve } = exchanges;
    const request = {
      method: retrieve.method,
      path: retrieve.path,
      query: '',
      headers: {},
      body: null,
    };
    const response = (body: string) => ({
      status: retrieve.status,
      headers: retrieve.responseHeaders as Record<string, string>,
      body,
    });
    expect(() => assertOnContract(request, response(text(retrieve)))).not.toThrow();
    const grown = text(
      edited(retrieve, (body) => {
        body.priority = 'high';
      }),
    );
    expect(() => assertOnContract(request, response(grown))).toThrow(/additional propert/i);
  });
});

const lineContext = {
  time: '2026-01-01T00:00:00.000Z',
  method: 'GET',
  path: '/c/v1/messages/x',
  query: '',
  status: 200,
  api_key: null,
  trace_id: null,
};
