// `POST /__mock/inbound` to a sender name two organizations share (D73): refused with 422 on
// `fields.to` until `organization_id` names whose it is. Over real HTTP, in this process.

import { createMockService, type MockService } from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { controlApi } from './support/http';

let mock: MockService;
let server: MockServer;
let control: ReturnType<typeof controlApi>;

beforeAll(async () => {
  mock = createMockService();
  server = createMockServer({ mock });
  control = controlApi((await server.listen(0, '127.0.0.1')).origin);
});

afterAll(async () => {
  await server.close();
});

describe('inbound to a shared sender name (D73)', () => {
  it('is a 422 on fields.to, then goes to the organization named', async () => {
    const ids: string[] = [];
    for (const name of ['Shop A', 'Shop B']) {
      const created = await control.post('/organizations', { name });
      await control.post(`/organizations/${created.body.id}/sender-ids`, { name: 'KWANZA' });
      ids.push(created.body.id);
    }
    const inbound = { from: '+244923000001', to: 'KWANZA', body: 'STOP' };
    const ambiguous = await control.post('/inbound', inbound);
    expect(ambiguous.status).toBe(422);
    expect(Object.keys(ambiguous.body.fields)).toEqual(['to']);

    const named = await control.post('/inbound', { ...inbound, organization_id: ids[1] });
    expect(named.status).toBe(201);
    expect(named.body.organization_id).toBe(ids[1]);
    expect((await control.get(`/organizations/${ids[0]}/inbound`)).body.entries).toEqual([]);
    expect((await control.get(`/organizations/${ids[1]}/inbound`)).body.entries).toHaveLength(1);

    const unknown = await control.post('/inbound', {
      ...inbound,
      organization_id: '3b241101-e2bb-4255-8caf-4136c566a962',
    });
    expect(unknown.status).toBe(404);
  });
});
