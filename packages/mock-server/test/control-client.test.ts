/**
 * `createControlClient` (D113): a typed client of a running server's control API, as an
 * out-of-process test uses it — paths, parameters and answers typed from openapi/control.yaml.
 */
import { DEMO_LIVE_KEY, DEMO_ORGANIZATION_ID } from '@msgsvc/mock';
import { createControlClient, startServer } from '@msgsvc/mock-server';
import { MessagingClient } from '@msgsvc/sdk';
import { afterEach, expect, expectTypeOf, it } from 'vitest';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

it('reads and changes the world, typed', async () => {
  const server = await startServer({ clock: 'virtual' });
  servers.push(server);
  const control = createControlClient({ url: server.url });
  const client = new MessagingClient({ apiKey: DEMO_LIVE_KEY, baseUrl: server.baseUrl });
  const sent = await client.messages.send({ to: '+244900000001', body: 'Olá' });

  const advanced = await control.POST('/__mock/clock/run-until-idle');
  expect(advanced.response.status).toBe(200);
  const { data: phone, error } = await control.GET('/__mock/phones/{number}/messages', {
    params: { path: { number: '+244900000001' } },
  });
  expect(error).toBeUndefined();
  expectTypeOf(phone!.entries[0]!.status).toEqualTypeOf<
    | 'PENDING'
    | 'SENT'
    | 'DELIVERED'
    | 'FAILED'
    | 'UNDELIVERED'
    | 'EXPIRED'
    | 'REJECTED'
    | 'CANCELLED'
  >();
  expect(phone?.entries.map((m) => [m.id, m.status])).toEqual([[sent.id, 'DELIVERED']]);

  const funded = await control.POST('/__mock/organizations/{organization_id}/fund', {
    params: { path: { organization_id: DEMO_ORGANIZATION_ID } },
    body: { amount: '10.5' },
  });
  expect(funded.data?.balance).toMatch(/^\d+\.\d{6}$/);
});

it('sends the admin token, and surfaces a refusal as a typed error, not a throw', async () => {
  const token = 'a-very-secret-admin-token';
  const server = await startServer({ clock: 'virtual', adminToken: token });
  servers.push(server);

  const without = await createControlClient({ url: server.url }).GET('/__mock/organizations');
  expect(without.response.status).toBe(401);
  expect(without.data).toBeUndefined();
  expect(without.error?.code).toBeTypeOf('string');

  // The `--json` line's control_url (with /__mock) works as well as the origin.
  const control = createControlClient({ url: `${server.url}/__mock/`, adminToken: token });
  const { data } = await control.GET('/__mock/organizations');
  expect(data?.entries.map((o) => o.id)).toEqual([DEMO_ORGANIZATION_ID]);
});

it('uses the fetch it is given', async () => {
  const seen: string[] = [];
  const control = createControlClient({
    url: 'http://mock.test',
    fetch: async (input) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return Response.json({ entries: [] });
    },
  });
  const { data } = await control.GET('/__mock/organizations');
  expect(data).toEqual({ entries: [] });
  expect(seen).toEqual(['http://mock.test/__mock/organizations']);
});
