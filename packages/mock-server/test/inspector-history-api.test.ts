/**
 * Timelines that do not lie (issue 25, item 3; D167): the inspector reads each message's and
 * campaign's status history from the world, so the oldest message of a world of more than 20,000
 * (the old tracker's cap) has its whole timeline, in world time, and so does a message restored
 * from a snapshot taken before the server followed it. The messages are made in-process (through
 * the world's own campaign path), not by 20,000 HTTP calls.
 */
import { createMockService, type MockService } from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/server/node-server';

let mock: MockService;
let server: MockServer;
let origin: string;

async function get(path: string) {
  const response = await fetch(`${origin}/__mock/inspector/api/${path}`);
  return { status: response.status, body: await response.json() };
}

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${origin}/__mock${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** 21 campaigns of 1,000 distinct numbers, each its own batch, through the public operation. */
function fill(campaigns: number): string[] {
  const demo = mock.seedDemo();
  mock.control.fundAccount(demo.organization.id, '100000000.000000');
  const ids: string[] = [];
  for (let c = 0; c < campaigns; c++) {
    const recipients = Array.from(
      { length: 1000 },
      (_, i) => `+24492${String(c * 1000 + i).padStart(7, '0')}`,
    );
    const response = mock.handle({
      method: 'POST',
      path: '/c/v1/campaigns/batch',
      query: '',
      headers: { 'x-api-key': demo.liveKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        remitter_id: demo.sender.id,
        channel_type: 'SMS',
        content: `Campaign ${c}`,
        recipients,
      }),
    });
    if (response instanceof Promise) throw new Error('unexpected latency');
    ids.push(JSON.parse(response.body).campaign_id);
    mock.clock.advance(1_000);
  }
  mock.clock.runUntilIdle();
  return ids;
}

type Step = { status: string; at: string; error_code: string | null };

beforeAll(async () => {
  mock = createMockService({ rateLimits: false });
  server = createMockServer({ mock });
  ({ origin } = await server.listen(0, '127.0.0.1'));
}, 120_000);

afterAll(() => server.close());

describe('the inspector reads timelines from the world', () => {
  let campaignIds: string[];
  let oldest: string;

  beforeAll(() => {
    campaignIds = fill(21);
    const first = mock.world.messages.indexed(
      'campaign',
      mock.world.campaigns.get(campaignIds[0]!)!.organizationId,
      'live',
      campaignIds[0]!,
    )[0]!;
    oldest = first.id;
  }, 120_000);

  it('the oldest message of a world of more than 20,000 has its whole timeline', async () => {
    expect(mock.world.messages.size).toBeGreaterThan(20_000);
    const { status, body } = await get(`messages/${oldest}`);
    expect(status).toBe(200);
    const steps = body.history as Step[];
    const record = mock.world.messages.get(oldest)!;
    // Every status the message passed through, from its creation to where it stands.
    expect(steps[0]).toEqual({
      status: 'PENDING',
      at: body.message.created_at,
      error_code: null,
    });
    expect(steps.at(-1)!.status).toBe(record.status);
    expect(steps.at(-1)!.at).toBe(body.message.updated_at);
    if (record.status === 'DELIVERED') expect(steps.map((s) => s.status)).toContain('SENT');
    // World time, in order.
    const times = steps.map((s) => Date.parse(s.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]).toBe(record.createdAt);
  });

  it('the oldest campaign has its whole timeline too', async () => {
    const { body } = await get(`campaigns/${campaignIds[0]}`);
    expect((body.history as Step[]).map((s) => s.status)).toEqual([
      'PROCESSING',
      'SENDING',
      'COMPLETED',
    ]);
    expect((body.history as Step[])[0]!.at).toBe(body.campaign.created_at);
  });

  it('a world restored from a snapshot keeps every timeline, the oldest included', async () => {
    const before = (await get(`messages/${oldest}`)).body.history as Step[];
    const taken = await control('POST', '/snapshots', { name: 'big' });
    expect(taken.status).toBe(201);
    await control('POST', '/reset');
    expect((await get(`messages/${oldest}`)).status).toBe(404);
    expect((await control('POST', `/snapshots/${taken.body.id}/restore`)).status).toBe(200);
    expect((await get(`messages/${oldest}`)).body.history).toEqual(before);
  });

  it('the one-document state shows the same histories', async () => {
    const { body } = await control('GET', '/state');
    const campaign = (body.campaigns as { id: string; history: Step[] }[]).find(
      (c) => c.id === campaignIds.at(-1),
    )!;
    expect(campaign.history.map((s) => s.status)).toEqual(['PROCESSING', 'SENDING', 'COMPLETED']);
    const outbound = (body.phones as { thread: { id?: string; history?: Step[] }[] }[])
      .flatMap((phone) => phone.thread)
      .find((item) => item.history !== undefined)!;
    const record = mock.world.messages.get(outbound.id!)!;
    expect(outbound.history![0]!.status).toBe('PENDING');
    expect(outbound.history!.at(-1)!.status).toBe(record.status);
  });
});
