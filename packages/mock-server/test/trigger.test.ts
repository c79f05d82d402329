// Events on demand over HTTP and from the command line (issue 24, item 5; D135–D137): every
// webhook event type triggered through `POST /__mock/trigger` and through `msgsvc-mock trigger`
// against a server listening in this process. Each answer is checked against control.yaml (its
// events against the public contract's WebhookEvent), each id in the events is fetched through the
// public API, and bad input gets the error envelope (exit 1 with the server's reason, or exit 2 for
// a bad command line).
import {
  createMockService,
  DEMO_LIVE_KEY,
  DEMO_ORGANIZATION_ID,
  type MockService,
} from '@msgsvc/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractValidator } from '../../../openapi/test/support/contract-validator';
import { runCli } from '../src/cli';
import type { CliIo } from '../src/cli/cli-options';
import { createMockServer, type MockServer } from '../src/server/node-server';
import { controlApi, publicApi } from './support/http';

// biome-ignore lint/suspicious/noExplicitAny: payloads are asserted field by field.
type Json = any;

const contract = contractValidator('openapi.yaml');
let mock: MockService;
let server: MockServer;
let origin: string;
let control: ReturnType<typeof controlApi>;
let live: ReturnType<typeof publicApi>;

beforeAll(async () => {
  mock = createMockService();
  mock.seedDemo();
  server = createMockServer({ mock });
  origin = (await server.listen(0, '127.0.0.1')).origin;
  control = controlApi(origin);
  live = publicApi(origin, DEMO_LIVE_KEY);
});

afterAll(async () => {
  await server.close();
});

/** Every event is a webhook event of the contract, and every id it names is served publicly. */
async function expectFetchable(events: Json[]): Promise<void> {
  expect(events.length).toBeGreaterThan(0);
  for (const event of events) {
    expect(contract.errors('/components/schemas/WebhookEvent', event)).toEqual([]);
    if (event.type === 'campaign.completed') {
      expect((await live.get(`/campaigns/${event.data.id}`)).status).toBe(200);
    } else if (event.type === 'message.status_updated') {
      expect((await live.get(`/messages/${event.data.id}`)).body.status).toBeDefined();
      if (event.data.campaign_id !== null) {
        expect((await live.get(`/campaigns/${event.data.campaign_id}`)).status).toBe(200);
      }
    } else if (event.data.in_reply_to !== null) {
      expect((await live.get(`/messages/${event.data.in_reply_to}`)).status).toBe(200);
    }
  }
}

describe('POST /__mock/trigger', () => {
  it('message.status_updated: a message sent through the public API, moved to UNDELIVERED', async () => {
    const sent = await live.post('/messages', { to: '+244923000001', body: 'Olá' });
    const answer = await control.post('/trigger', {
      type: 'message.status_updated',
      message_id: sent.body.id,
      status: 'UNDELIVERED',
      error_code: 'ABSENT_SUBSCRIBER',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.subject).toEqual({ kind: 'message', id: sent.body.id, created: false });
    expect(answer.body.events.map((e: Json) => e.data.status)).toEqual(['SENT', 'UNDELIVERED']);
    await expectFetchable(answer.body.events);
    const fetched = await live.get(`/messages/${sent.body.id}`);
    expect(fetched.body).toMatchObject({ status: 'UNDELIVERED', error_code: 'ABSENT_SUBSCRIBER' });
  });

  it('message.received: a reply to that message, then a handset writing first', async () => {
    const { body: created } = await control.post('/trigger', { type: 'message.status_updated' });
    const reply = await control.post('/trigger', {
      type: 'message.received',
      message_id: created.subject.id,
      body: 'Obrigado',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.events[0].data.in_reply_to).toBe(created.subject.id);
    await expectFetchable(reply.body.events);
    const first = await control.post('/trigger', {
      type: 'message.received',
      from: '+244923000004',
      to: 'MSGSVC',
    });
    expect(first.status).toBe(200);
    expect(first.body.events[0].data).toMatchObject({ from: '+244923000004', in_reply_to: null });
    const inbound = await control.get(`/organizations/${DEMO_ORGANIZATION_ID}/inbound`);
    expect(inbound.body.entries.map((i: Json) => i.id)).toContain(first.body.subject.id);
  });

  it('campaign.completed: a batch created and completed, its messages dispatched', async () => {
    const answer = await control.post('/trigger', { type: 'campaign.completed' });
    expect(answer.status).toBe(200);
    expect(answer.body.subject).toMatchObject({ kind: 'campaign', created: true });
    expect(answer.body.events.at(-1)).toMatchObject({
      type: 'campaign.completed',
      data: { id: answer.body.subject.id, status: 'COMPLETED' },
    });
    await expectFetchable(answer.body.events);
  });

  it('queues deliveries for a registered endpoint', async () => {
    const endpoint = await control.post(
      `/organizations/${DEMO_ORGANIZATION_ID}/webhook-endpoints`,
      { url: 'http://127.0.0.1:9/hook', events: ['message.received'] },
    );
    try {
      const answer = await control.post('/trigger', { type: 'message.received' });
      expect(answer.body.deliveries).toHaveLength(1);
      const outbox = await control.get('/webhooks/outbox', `endpoint_id=${endpoint.body.id}`);
      expect(outbox.body.entries.map((d: Json) => d.id)).toEqual(answer.body.deliveries);
    } finally {
      await control.request('DELETE', `/webhook-endpoints/${endpoint.body.id}`);
    }
  });

  it('answers bad input with the error envelope and changes nothing', async () => {
    const counts = (await control.get('/counts')).body;
    const { body: done } = await control.post('/trigger', {
      type: 'message.status_updated',
      status: 'REJECTED',
    });
    const after = (await control.get('/counts')).body;
    const cases: [unknown, number, string | undefined][] = [
      [{}, 422, 'type'],
      [{ type: 'message.deleted' }, 422, 'type'],
      [{ type: 'message.status_updated', status: 'PENDING' }, 422, 'status'],
      [{ type: 'message.status_updated', message_id: 'not-a-uuid' }, 422, 'message_id'],
      [{ type: 'message.status_updated', message_id: done.subject.id }, 422, 'status'],
      [{ type: 'campaign.completed', from: '+244923000001' }, 422, 'from'],
      [{ type: 'message.received', messageId: done.subject.id }, 422, 'messageId'],
      [JSON.parse('{"type":"message.received","__proto__":{"x":1}}'), 422, '__proto__'],
      [
        { type: 'campaign.completed', campaign_id: '019b78c9-0a80-7000-8000-000000000000' },
        404,
        undefined,
      ],
    ];
    for (const [body, status, field] of cases) {
      const answer = await control.post('/trigger', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body).toMatchObject({ status, service: 'core' });
      expect(typeof answer.body.trace_id).toBe('string');
      if (field !== undefined) expect(Object.keys(answer.body.fields ?? {})).toContain(field);
    }
    const notJson = await control.request('POST', '/trigger', {
      body: 'type=message.received',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(415);
    expect((await control.get('/counts')).body).toEqual(after);
    expect(after.messages).toBe(counts.messages + 1);
  });
});

/** Runs `msgsvc-mock trigger …` in this process against the server. */
async function trigger(args: readonly string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += `${text}\n`;
    },
    stderr: (text) => {
      stderr += `${text}\n`;
    },
    env,
    onSignal: () => {},
  };
  const code = await runCli(['trigger', ...args], io);
  return { code, stdout, stderr };
}

describe('msgsvc-mock trigger', () => {
  it('triggers each event type and prints one line per event', async () => {
    const status = await trigger([
      'message.status_updated',
      '--url',
      origin,
      '--status',
      'EXPIRED',
      '--text',
      'Promo',
    ]);
    expect(status.stderr).toBe('');
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(
      /^message\.status_updated: message \S+ \(created\), 2 events, 0 deliveries queued\n {2}message\.status_updated SENT \S+\n {2}message\.status_updated EXPIRED \S+\n$/,
    );
    const messageId = /message (\S+) \(created\)/.exec(status.stdout)![1]!;
    expect((await live.get(`/messages/${messageId}`)).body).toMatchObject({
      status: 'EXPIRED',
      content: 'Promo',
    });

    // The server named by the environment, as a harness sets it.
    const reply = await trigger(['message.received', '--message', messageId, '--json'], {
      MSGSVC_MOCK_URL: `${origin}/__mock`,
    });
    expect(reply.code).toBe(0);
    const answer = JSON.parse(reply.stdout);
    expect(answer.events[0].data.in_reply_to).toBe(messageId);
    await expectFetchable(answer.events);

    const campaign = await trigger(['campaign.completed', '--url', origin, '--status', 'FAILED']);
    expect(campaign.code).toBe(0);
    expect(campaign.stdout).toMatch(/campaign\.completed FAILED/);
    const campaignId = /campaign (\S+) \(created\)/.exec(campaign.stdout)![1]!;
    expect((await live.get(`/campaigns/${campaignId}`)).body.status).toBe('FAILED');
  });

  it("prints the server's reason and its fields, exit 1, for a refused trigger", async () => {
    const created = await trigger(['message.status_updated', '--url', origin, '--json']);
    const { subject } = JSON.parse(created.stdout);
    const refused = await trigger([
      'message.status_updated',
      '--url',
      origin,
      '--message',
      subject.id,
      '--status',
      'FAILED',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /^msgsvc-mock trigger: The request has invalid fields\.\n {2}status: Message \S+ is DELIVERED, a final status/,
    );
  });

  it('exits 2 for a bad command line, and 1 when no server answers', async () => {
    for (const args of [
      [],
      ['message.deleted'],
      ['message.received', 'extra'],
      ['message.received', '--prot', '1'],
      ['message.received', '--url', 'ftp://x'],
    ]) {
      const result = await trigger(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^msgsvc-mock trigger: .+\nRun "msgsvc-mock trigger --help"/);
    }
    const help = await trigger(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/message\.status_updated[\s\S]*campaign\.completed/);
    const closed = await trigger(['message.received', '--url', 'http://127.0.0.1:9']);
    expect(closed.code).toBe(1);
    expect(closed.stderr).toMatch(/cannot reach the server at http:\/\/127\.0\.0\.1:9/);
  });

  it('acts in the world --world or MSGSVC_MOCK_WORLD names', async () => {
    const world = (await control.post('/worlds', {})).body as { id: string; live_key: string };
    const inWorld = publicApi(origin, world.live_key);
    const flagged = await trigger(['message.status_updated', '--url', origin, '--world', world.id]);
    expect(flagged.stderr).toBe('');
    expect(flagged.code).toBe(0);
    const messageId = /message (\S+) \(created\)/.exec(flagged.stdout)![1]!;
    expect((await inWorld.get(`/messages/${messageId}`)).body.status).toBe('DELIVERED');
    expect((await live.get(`/messages/${messageId}`)).status).toBe(404);

    const fromEnv = await trigger(['message.received', '--message', messageId, '--json'], {
      MSGSVC_MOCK_URL: origin,
      MSGSVC_MOCK_WORLD: world.id,
    });
    expect(fromEnv.code).toBe(0);
    expect(JSON.parse(fromEnv.stdout).events[0].data.in_reply_to).toBe(messageId);

    const unknown = await trigger(['message.received', '--url', origin, '--world', 'wnope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/World wnope not found/);
  });

  it('sends the admin token a server requires', async () => {
    const guarded = createMockServer({ mock: createMockService(), adminToken: 'a'.repeat(24) });
    const guardedOrigin = (await guarded.listen(0, '127.0.0.1')).origin;
    try {
      const without = await trigger(['message.received', '--url', guardedOrigin]);
      expect(without.code).toBe(1);
      expect(without.stderr).toMatch(/token/i);
      const withToken = await trigger(['message.received', '--url', guardedOrigin], {
        MSGSVC_ADMIN_TOKEN: 'a'.repeat(24),
      });
      // Authorised: now the world's own answer (it has no organization to write to).
      expect(withToken.stderr).toMatch(/organization_id: The world has no organization/);
    } finally {
      await guarded.close();
    }
  });
});
