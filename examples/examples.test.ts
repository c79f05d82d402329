// Runs every example program in-process against a fresh mock service, on the mock's virtual clock:
// the fixture of `@msgsvc/mock/vitest` gives each test its own `mock`, its demo world and a `client`
// whose waits advance that clock, so waiting for a campaign takes no real time.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, fictionalNumbers, test } from '@msgsvc/mock/vitest';
import type { WebhookEvent } from '@msgsvc/sdk';
import { describe, it } from 'vitest';
import { bulkSend } from './bulk-send';
import { sendCampaignAndWait } from './campaign-and-wait';
import { sendOneTimeCode } from './send-otp';
import { createWebhookReceiver } from './webhook-receiver';

describe('send-otp', () => {
  test('sends the code and reports the delivery', async ({ mock, client }) => {
    const result = await sendOneTimeCode({ client, to: '+244900000001', code: '123456' });

    expect(result.status).toBe('DELIVERED');
    expect(mock).toHaveSent({ to: '+244900000001', body: expect.stringContaining('123456') });
    expect(mock).toHaveDelivered('+244900000001');
  });

  test('reports SENT when no receipt arrives in time', async ({ client }) => {
    // +244 900 000 006 never gets a receipt.
    const result = await sendOneTimeCode({ client, to: '+244900000006' });

    expect(result.status).toBe('SENT');
    expect(result.code).toMatch(/^\d{6}$/);
  });
});

describe('campaign-and-wait', () => {
  test('waits for the campaign and counts its messages', async ({ client, demo }) => {
    const { campaign, byStatus } = await sendCampaignAndWait({
      client,
      senderId: demo.sender.id,
      recipients: ['+244900000001', '+244900000002', '+244900000000', '923 000 001'],
      content: 'Olá!',
    });

    expect(campaign.status).toBe('COMPLETED');
    expect(campaign.total_estimated_recipients).toBe(4);
    expect(Object.values(byStatus).reduce((a, b) => a + b, 0)).toBe(4);
    expect(byStatus.FAILED).toBe(1); // +244 900 000 000 is not a valid number
  });
});

describe('bulk-send', () => {
  test('sends 5,000 recipients as 5 campaigns and reports each chunk', async ({ client, demo }) => {
    const lines: string[] = [];

    const { result, campaigns } = await bulkSend({
      client,
      senderId: demo.sender.id,
      recipients: fictionalNumbers(5_000),
      content: 'Promoção',
      idempotencyKey: 'bulk-test',
      log: (line) => lines.push(line),
    });

    expect(result.failed).toBe(0);
    expect(result.campaignIds).toHaveLength(5);
    expect(campaigns.map((c) => c.status)).toEqual(Array(5).fill('COMPLETED'));
    expect(campaigns.reduce((n, c) => n + c.total_estimated_recipients, 0)).toBe(5_000);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toMatch(/^chunk 5\/5: 1000 recipients → /);
  });

  test('resumes with the same key without sending twice', async ({ client, demo, mock }) => {
    const params = {
      client,
      senderId: demo.sender.id,
      recipients: fictionalNumbers(2_500),
      content: 'Promoção',
      idempotencyKey: 'bulk-resume',
      log: () => {},
    };

    const first = await bulkSend(params);
    const again = await bulkSend(params);

    expect(again.result.campaignIds).toEqual(first.result.campaignIds);
    expect(again.result.chunks.every((c) => c.status === 'sent' && c.replayed)).toBe(true);
    expect(mock.control.counts().campaigns).toBe(3);
  });
});

describe('webhook-receiver', () => {
  test('receives signed deliveries from the mock over loopback HTTP', async ({
    mock,
    demo,
    client,
  }) => {
    const events: WebhookEvent[] = [];
    const server = createWebhookReceiver({
      secret: demo.webhookSecret,
      onEvent: (event) => void events.push(event),
      // No `now`: the mock signs with the wall clock's second of sending, even on a virtual clock
      // (D31), so the receiver checks signatures as it would in production.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      mock.control.addWebhookEndpoint({
        organization_id: demo.organization.id,
        url: `http://127.0.0.1:${port}/webhooks`,
      });

      const sent = await client.messages.send({ to: '+244900000001', body: 'Olá' });
      await mock.clock.settle(); // runs dispatch and the receipt, and waits for the deliveries

      const statuses = events.flatMap((e) =>
        e.type === 'message.status_updated' && e.data.id === sent.id ? [e.data.status] : [],
      );
      expect(statuses).toEqual(['SENT', 'DELIVERED']);
      expect(mock.control.outbox().every((d) => d.state === 'delivered')).toBe(true);

      // A forged delivery is refused and never reaches the handler.
      const forged = await fetch(`http://127.0.0.1:${port}/webhooks`, {
        method: 'POST',
        headers: {
          'webhook-id': 'msg_forged',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
        },
        body: JSON.stringify({ type: 'campaign.completed', timestamp: '', data: {} }),
      });
      expect(forged.status).toBe(400);
      expect(await forged.text()).toBe('INVALID_SIGNATURE');
      expect(events.every((e) => e.type === 'message.status_updated')).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

const root = fileURLToPath(new URL('..', import.meta.url));
// The repository runs the CLI from its sources; an installed package would use `npx msgsvc-mock`.
const CLI = [process.execPath, '--import', 'tsx', 'packages/mock-server/src/bin.ts'];
const run = promisify(execFile);

describe('the programs, run as a user runs them, against `msgsvc-mock serve`', () => {
  it('send-otp, campaign-and-wait and bulk-send print their results', async () => {
    // A real clock 1000× faster than the wall clock: a simulated minute passes in 60 ms.
    const server = spawn(
      CLI[0]!,
      [...CLI.slice(1), 'serve', '--port', '0', '--json', '--speed', '1000'],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = once(server, 'exit');
    try {
      const [line] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
      const info = JSON.parse(line) as {
        base_url: string;
        live_key: string;
        sender_id: { id: string };
      };
      const env = {
        ...process.env,
        MSGSVC_API_KEY: info.live_key,
        MSGSVC_BASE_URL: info.base_url,
        MSGSVC_SENDER_ID: info.sender_id.id,
      };
      const program = (file: string, ...args: string[]) =>
        run(process.execPath, ['--import', 'tsx', file, ...args], {
          cwd: root,
          env,
          timeout: 60_000,
        });

      const otp = await program('examples/send-otp.ts', '+244900000001');
      expect(otp.stdout).toMatch(/^Code \d{6}: message [0-9a-f-]{36} is DELIVERED\n$/);

      const campaign = await program('examples/campaign-and-wait.ts', '+244900000001', '923000001');
      expect(campaign.stdout).toMatch(/^Campaign [0-9a-f-]{36} COMPLETED:/);

      const bulk = await program('examples/bulk-send.ts');
      expect(bulk.stdout).toMatch(/chunk 5\/5: 1000 recipients/);
      expect(bulk.stdout).toMatch(/5\/5 campaigns completed/);
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});

describe('plain-http (Python, standard library only)', () => {
  it('passes against `msgsvc-mock serve --port 0 --json`', async () => {
    const command = CLI.map((part) => `'${part}'`).join(' '); // split with shlex in Python
    const { stderr } = await run(
      'python3',
      ['-m', 'unittest', '-v', 'examples/plain-http/test_messaging_api.py'],
      {
        cwd: root,
        env: { ...process.env, MSGSVC_MOCK_COMMAND: command, PYTHONDONTWRITEBYTECODE: '1' },
        timeout: 60_000,
      },
    );
    expect(stderr).toMatch(/\nOK\s*$/);
  }, 90_000);
});
