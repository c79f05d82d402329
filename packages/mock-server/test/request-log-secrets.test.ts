// A full API key (or webhook secret) sent anywhere in a request — `?api_key=`, the path, an
// `Idempotency-Key`, percent-encoded or not — is kept in the request log by prefix only, as D53
// shows keys (D69): `/__mock/requests`, `/__mock/state` (the inspector's data) never repeat it.

import { createMockService, type MockService } from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertOnContract } from '../../../openapi/test/support/response-check';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { RequestLog } from '../src/worlds/request-log';
import { controlApi, publicApi, send } from './support/http';

const SECRET = 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LW9mLXRoZS10ZXN0';

let mock: MockService;
let server: MockServer;
let origin: string;
let liveKey: string;
const log = new RequestLog();

beforeAll(async () => {
  mock = createMockService({
    observe: (request, response) => {
      assertOnContract(request, response);
      log.record(request, response);
    },
  });
  liveKey = mock.seedDemo().liveKey;
  server = createMockServer({ mock, requestLog: log });
  origin = (await server.listen(0, '127.0.0.1')).origin;
});

afterAll(async () => {
  await server.close();
});

/** Every spelling of a secret that would give it away. */
function spellings(secret: string): string[] {
  const tail = secret.slice(secret.indexOf('_', 4) + 1);
  return [secret, encodeURIComponent(secret), secret.replace(/_/g, '%5F'), tail];
}

describe('secrets in requests are logged by prefix (D69)', () => {
  it('?api_key=, the path and Idempotency-Key keep only the key prefix', async () => {
    const api = publicApi(origin, liveKey);
    await api.request('GET', '/messages', { query: `api_key=${liveKey}` });
    await publicApi(origin, undefined).request('GET', '/messages', {
      query: `api_key=${liveKey.replace(/_/g, '%5F')}&secret=${encodeURIComponent(SECRET)}`,
    });
    await api.request('GET', `/messages/${liveKey}`);
    await api.post(
      '/messages',
      { to: '+244923000001', body: 'Hi' },
      {
        'idempotency-key': `retry-${liveKey}`,
      },
    );
    // Outside /c/v1 too: the public pipeline answers (and logs) every unknown path.
    const unknown = await send(origin, 'GET', `/v1/${liveKey}`, { query: `k=${liveKey}` });
    expect(unknown.status).toBe(404);

    const control = controlApi(origin);
    const requests = await control.get('/requests');
    const state = await control.get('/state');
    for (const text of [requests.text, state.text]) {
      for (const spelling of [...spellings(liveKey), ...spellings(SECRET)])
        expect(text).not.toContain(spelling);
    }
    const entries = requests.body.entries as {
      path: string;
      query: string;
      idempotency_key: string | null;
    }[];
    expect(entries.length).toBe(5);
    expect(entries.map((e) => e.query)).toContain('api_key=svc_live_demo…');
    expect(entries.some((e) => e.query.includes('secret=whsec_c2Vj…'))).toBe(true);
    expect(entries.map((e) => e.path)).toContain('/c/v1/messages/svc_live_demo…');
    expect(entries.map((e) => e.idempotency_key)).toContain('retry-svc_live_demo…');
  });
});
