// Control inputs over HTTP (D76): a misspelt operation id, rate-limit key or carrier is a 422
// VALIDATION_ERROR whose `fields` name the input and the accepted values, in the envelope the
// control contract documents; nothing is armed or changed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATION_IDS } from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/serve';
import { loadWorldFile } from '../src/worlds/world-file';
import { controlApi } from './support/http';

let server: RunningServer;
let control: ReturnType<typeof controlApi>;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    world: undefined,
    seed: 1,
    clock: 'virtual',
    speed: 1,
    adminToken: undefined,
  });
  control = controlApi(server.info.origin);
});
afterAll(() => server?.close());

const OPERATIONS = `Must be one of ${OPERATION_IDS.join(', ')}.`;

function expectInvalid(response: { status: number; body: unknown }, fields: object) {
  expect(response.status).toBe(422);
  expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', status: 422, fields });
}

describe('control API inputs', () => {
  it('a request failure for a misspelt operation', async () => {
    const response = await control.post('/faults/request-failures', { operation_id: 'sendMesage' });
    expectInvalid(response, { operation_id: OPERATIONS });
    expect((await control.get('/faults')).body.request_failures).toEqual([]);
  });

  it('a latency for a misspelt operation', async () => {
    const response = await control.post('/faults/latencies', {
      operation_id: 'listMessage',
      ms: 10,
    });
    expectInvalid(response, { operation_id: OPERATIONS });
  });

  it('a rate limit for a misspelt operation', async () => {
    const before = (await control.get('/rate-limits')).body;
    const response = await control.put('/rate-limits', {
      limits: { sendMessage: 1, sendMesage: 1 },
    });
    expectInvalid(response, { 'limits.sendMesage': OPERATIONS });
    expect((await control.get('/rate-limits')).body).toEqual(before);
  });

  it('an outage of a carrier the world does not route to', async () => {
    const response = await control.post('/faults/carrier-outages', {
      destination: 'UNITL',
      from: '2026-01-01T09:00:00Z',
      to: '2026-01-01T10:00:00Z',
    });
    expectInvalid(response, {
      destination:
        'Must be one of MOVICEL, UNITEL, AFRICELL_AO, TEST_NETWORK, GLOBAL_AGGREGATOR, WHATSAPP_CLOUD.',
    });
    expect((await control.get('/faults')).body.carrier_outages).toEqual([]);
  });

  it('the same inputs spelt right are accepted', async () => {
    expect(
      (await control.post('/faults/request-failures', { operation_id: 'sendMessage' })).status,
    ).toBe(201);
    expect((await control.put('/rate-limits', { limits: { sendMessage: 1 } })).status).toBe(200);
    const outage = await control.post('/faults/carrier-outages', {
      destination: 'UNITEL',
      from: '2026-01-01T09:00:00Z',
      to: '2026-01-01T10:00:00Z',
    });
    expect(outage.status).toBe(201);
  });
});

describe('world files', () => {
  it('a rate limit for a misspelt operation is refused with the valid ids', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'msgsvc-world-')), 'limits.json');
    writeFileSync(
      path,
      JSON.stringify({ rate_limits: { sendMesage: 1 }, organizations: [{ name: 'Acme' }] }),
    );
    expect(() => loadWorldFile(path)).toThrow(
      `rate_limits: Keys must be operation ids: ${OPERATION_IDS.join(', ')}.`,
    );
  });
});
