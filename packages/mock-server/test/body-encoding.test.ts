// Bodies a real service could not read as text (D71), as raw bytes over HTTP to the Node server:
// not UTF-8 → 422 on `fields.body`; a `charset` other than UTF-8 → 415; an unpaired surrogate or a
// NUL in a text field → 422 naming the field. The public API and the control API alike; nothing
// is created or charged. (The same through `mock.fetch`: test/body-encoding.test.ts.)

import { createMockService, type MockService } from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertOnContract } from '../../../openapi/test/support/response-check';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { assertOnControlContract } from './support/control-contract';
import { type RawExchange, rawExchange, requestBytes } from './support/raw-http';

let mock: MockService;
let server: MockServer;
let port: number;
let liveKey: string;

beforeAll(async () => {
  // Every public answer goes through the contract check, as the pipeline produced it.
  mock = createMockService({ observe: assertOnContract });
  liveKey = mock.seedDemo().liveKey;
  server = createMockServer({ mock });
  port = (await server.listen(0, '127.0.0.1')).port;
});

afterAll(async () => {
  await server.close();
});

const latin1 = (text: string) => Buffer.from(text, 'latin1');

function post(path: string, body: Uint8Array | string, type = 'application/json') {
  return rawExchange(
    port,
    requestBytes('POST', path, { 'content-type': type, 'x-api-key': liveKey }, body),
  );
}

function control(method: string, path: string, body: Uint8Array | string, type: string) {
  return rawExchange(port, requestBytes(method, path, { 'content-type': type }, body)).then(
    (exchange) => {
      assertOnControlContract(method, path, { ...exchange, body: exchange.text });
      return exchange;
    },
  );
}

function expectFields(exchange: RawExchange, fields: Record<string, unknown>) {
  expect(exchange.status).toBe(422);
  expect(exchange.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  expect(exchange.body.fields).toEqual(fields);
}

describe('raw bodies over HTTP (D71)', () => {
  it('Latin-1 bytes are a 422 on fields.body, and nothing is sent or charged', async () => {
    const before = mock.control.counts();
    expectFields(await post('/c/v1/messages', latin1('{"to":"+244923000001","body":"Olá"}')), {
      body: expect.stringMatching(/UTF-8/),
    });
    expect(mock.control.counts()).toEqual(before);
  });

  it('the same text in UTF-8 is sent as written', async () => {
    const sent = await post('/c/v1/messages', Buffer.from('{"to":"+244923000001","body":"Olá"}'));
    expect(sent.status).toBe(201);
    expect(sent.body.body).toBe('Olá');
  });

  it('charset=iso-8859-1 is a 415, however the bytes look', async () => {
    for (const body of [
      latin1('{"to":"+244923000001","body":"Olá"}'),
      '{"to":"+244923000001","body":"Hi"}',
    ]) {
      const refused = await post('/c/v1/messages', body, 'application/json; charset=iso-8859-1');
      expect(refused.status).toBe(415);
      expect(refused.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('an escaped lone surrogate or NUL in a text field is a 422 naming it', async () => {
    expectFields(await post('/c/v1/messages', '{"to":"+244923000001","body":"a\\ud800"}'), {
      body: expect.stringMatching(/surrogate/),
    });
    expectFields(
      await post('/c/v1/messages', '{"to":"+244923000001","body":"x","external_id":"a\\u0000"}'),
      { external_id: expect.stringMatching(/NUL/) },
    );
  });

  it('the control API reads its bodies the same way', async () => {
    const organizations = mock.control.organizations().length;
    const bad = await control(
      'POST',
      '/__mock/organizations',
      latin1('{"name":"Açaí"}'),
      'application/json',
    );
    expectFields(bad, { body: expect.stringMatching(/UTF-8/) });
    const charset = await control(
      'POST',
      '/__mock/organizations',
      '{"name":"Shop"}',
      'application/json; charset=latin1',
    );
    expect(charset.status).toBe(415);
    const nul = await control(
      'POST',
      '/__mock/organizations',
      '{"name":"Sh\\u0000op"}',
      'application/json',
    );
    expectFields(nul, { name: expect.stringMatching(/NUL/) });
    expect(mock.control.organizations()).toHaveLength(organizations);
    const good = await control(
      'POST',
      '/__mock/organizations',
      Buffer.from('{"name":"Açaí"}'),
      'application/json',
    );
    expect(good.status).toBe(201);
    expect(good.body.name).toBe('Açaí');
  });
});
