/**
 * `msgsvc-mock` as a real process: the `--json` start-up line, plain `fetch` and the SDK against
 * it, clean shutdown on SIGTERM and SIGINT, world files, and the messages of bad command lines
 * and bad world files.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessagingClient } from '@msgsvc/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertOnContract } from '../../../openapi/test/support/response-check';
import { runCli } from '../src/cli';
import { type CliIo, HELP } from '../src/cli/cli-options';
import { startServer } from '../src/serve';
import { REPO_ROOT, runCliToEnd, type StartedCli, startCli } from './support/cli-process';
import { controlApi, publicApi, send } from './support/http';

// A webhook secret as the control contract's pattern states it.
const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/;

/** A fetch that validates every exchange against the contract, for the SDK. */
async function checkedFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.method === 'GET' ? null : await request.clone().text();
  const response = await fetch(request);
  const text = await response.clone().text();
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    responseHeaders[name] = value;
  });
  assertOnContract(
    { method: request.method, path: url.pathname, query: url.search.slice(1), headers, body },
    { status: response.status, headers: responseHeaders, body: text },
  );
  return response;
}

/** Runs the CLI in this process (for commands that exit before serving), capturing its output. */
async function runInProcess(args: readonly string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += `${text}\n`;
    },
    stderr: (text) => {
      stderr += `${text}\n`;
    },
    env: {},
    onSignal: () => {},
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

const PROCESS = { timeout: 30_000 };

describe('the start-up line', () => {
  it('is printed only once SIGINT and SIGTERM are handled, so a reader may stop the server at once', async () => {
    const handled = new Set<string>();
    const stops: (() => void)[] = [];
    let handledWhenPrinted: string[] | undefined;
    const io: CliIo = {
      stdout: () => {
        handledWhenPrinted ??= [...handled].sort();
        // A reader that stops the server as soon as it reads the line.
        for (const stop of stops) stop();
      },
      stderr: () => {},
      env: {},
      onSignal: (signal, listener) => {
        handled.add(signal);
        if (signal === 'SIGTERM') stops.push(listener);
      },
    };
    const code = await runCli(['serve', '--port', '0', '--json', '--clock', 'virtual'], io);
    expect(handledWhenPrinted).toEqual(['SIGINT', 'SIGTERM']);
    expect(code).toBe(0);
  });
});

describe('msgsvc-mock serve --port 0 --json', PROCESS, () => {
  let cli: StartedCli;

  beforeAll(async () => {
    cli = await startCli(['serve', '--port', '0', '--json', '--clock', 'virtual']);
  });
  afterAll(async () => {
    await cli?.stop('SIGKILL');
  });

  it('prints one JSON line with the real port, the URLs and the demo credentials', () => {
    const { info } = cli;
    expect(info.port).toBeGreaterThan(0);
    expect(info).toMatchObject({
      event: 'listening',
      host: '127.0.0.1',
      base_url: `http://127.0.0.1:${info.port}/c/v1`,
      control_url: `http://127.0.0.1:${info.port}/__mock`,
      inspector_url: `http://127.0.0.1:${info.port}/`,
      admin_token_required: false,
      clock: 'virtual',
      live_key: 'svc_live_demo0000000000000000000000000001',
      test_key: 'svc_test_demo0000000000000000000000000001',
      sender_id: { name: 'MSGSVC' },
    });
    expect(info.organization_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(info.webhook_secret).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(info.organizations[0]!.webhook_secret).toBe(info.webhook_secret);
    expect(info.organizations[0]!.id).toBe(info.organization_id);
  });

  it('answers plain fetch', async () => {
    const response = await publicApi(cli.origin, cli.info.live_key).get('/messages');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 0, entries: [] });
  });

  it('answers the SDK: send, retrieve, list, batch, wait', async () => {
    const client = new MessagingClient({
      apiKey: cli.info.live_key,
      baseUrl: cli.info.base_url,
      fetch: checkedFetch,
    });
    const sent = await client.messages.send({ to: '+244923000777', body: 'Olá do SDK' });
    expect(sent.status).toBe('PENDING');
    expect((await client.messages.retrieve(sent.id)).e164_format).toBe('+244923000777');

    const { campaign_id } = await client.campaigns.sendBatch({
      remitter_id: cli.info.sender_id.id,
      channel_type: 'SMS',
      content: 'Batch from the SDK',
      recipients: ['+244923000778', '+244923000779'],
    });
    await controlApi(cli.origin).post('/clock/run-until-idle');
    expect((await client.campaigns.retrieve(campaign_id)).status).toBe('COMPLETED');
    const ids: string[] = [];
    for await (const message of client.campaigns.listMessages(campaign_id, { size: 1 })) {
      ids.push(message.id);
    }
    expect(ids).toHaveLength(2);
    const page = await client.messages.list({ size: 10 });
    expect(page.total).toBe(3);
  });
});

describe('the demo world', PROCESS, () => {
  it('prints the same ids in two fresh processes, with different seeds and clocks (D80)', async () => {
    const [one, two] = await Promise.all([
      startCli(['serve', '--port', '0', '--json', '--seed', '1']),
      startCli(['serve', '--port', '0', '--json', '--seed', '99', '--clock', 'virtual']),
    ]);
    try {
      expect(one.info.seed).not.toBe(two.info.seed);
      expect(two.info.organization_id).toBe(one.info.organization_id);
      expect(two.info.sender_id).toEqual(one.info.sender_id);
      expect(two.info.organizations).toEqual(one.info.organizations);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });
});

describe('shutdown', PROCESS, () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s stops the server with exit code 0',
    async (signal) => {
      const cli = await startCli(['serve', '--port', '0', '--json']);
      // An open keep-alive connection must not hold the shutdown up.
      await send(cli.origin, 'GET', '/c/v1/messages', {
        headers: { 'x-api-key': cli.info.live_key },
      });
      const { code } = await cli.stop(signal);
      expect(code).toBe(0);
      await expect(fetch(`${cli.origin}/c/v1/messages`)).rejects.toThrow();
    },
  );
});

describe('real clock', PROCESS, () => {
  it('runs background work on its own at --speed, and refuses to be moved by hand', async () => {
    const cli = await startCli(['serve', '--port', '0', '--json', '--speed', '1000']);
    try {
      const live = publicApi(cli.origin, cli.info.live_key);
      const sent = await live.post('/messages', { to: '+244923000901', body: 'Fast' });
      // Waits for the server's own clock to move it on (a deadline of seconds, not a speed).
      await expect
        .poll(async () => (await live.get(`/messages/${sent.body.id}`)).body.status, {
          timeout: 15_000,
        })
        .not.toBe('PENDING');
      const moved = await controlApi(cli.origin).post('/clock/advance', { ms: 1000 });
      expect(moved.status).toBe(409);
      expect(moved.body.code).toBe('CLOCK_NOT_VIRTUAL');
    } finally {
      await cli.stop();
    }
  });
});

describe('world files', PROCESS, () => {
  it('serves the example world: its keys, scopes and sender IDs', async () => {
    const cli = await startCli([
      'serve',
      '--port',
      '0',
      '--json',
      '--world',
      'examples/world.example.json',
    ]);
    try {
      expect(cli.info.organizations.map((org) => org.name)).toEqual([
        'Kwanza Shop',
        'Bantu Telecom Reseller',
      ]);
      expect(cli.info.live_key).toBe('svc_live_kwanzashop000000000000000001');
      expect(cli.info.sender_id.name).toBe('KWANZA');
      const shop = publicApi(cli.origin, cli.info.live_key);
      const sent = await shop.post('/messages', { to: '923000001', body: 'Olá Ana' });
      expect(sent.status).toBe(201);
      const reports = publicApi(cli.origin, 'svc_live_kwanzareports0000000000000001');
      expect((await reports.get('/messages')).status).toBe(200);
      expect((await reports.post('/messages', { to: '923000001', body: 'x' })).status).toBe(403);
      const contact = await controlApi(cli.origin).get(`/messages/${sent.body.id}`);
      expect(contact.body.contact_id).not.toBeNull();
    } finally {
      await cli.stop();
    }
  });

  const dir = mkdtempSync(join(tmpdir(), 'msgsvc-world-'));
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('with "demo": true, starts with the demo organization, then the file’s', async () => {
    const path = write(
      'demo.json',
      JSON.stringify({ demo: true, rate_limits: false, organizations: [{ name: 'Extra' }] }),
    );
    const running = await startServer({
      port: 0,
      host: '127.0.0.1',
      world: path,
      seed: 1,
      clock: 'virtual',
      speed: 1,
      adminToken: undefined,
    });
    try {
      expect(running.info.organizations.map((org) => org.name)).toEqual([
        'Demo Organization',
        'Extra',
      ]);
      expect(running.info.organizations[1]!.api_keys).toEqual([]);
      expect(
        Object.values(running.mock.world.rateLimits.table).every((limit) => limit === null),
      ).toBe(true);
    } finally {
      await running.close();
    }
  });

  it.each([
    ['a missing file', join(dir, 'missing.json'), /Cannot read world file .*missing\.json/],
    ['invalid JSON', write('broken.json', '{ "organizations": ['), /is not valid JSON/],
    [
      'a schema violation',
      write(
        'bad.json',
        JSON.stringify({ organizations: [{ name: 'X', balance: '-1', colour: 1 }] }),
      ),
      /organizations\.0\.balance: must be a decimal string[\s\S]*organizations\.0: Unrecognized key: "colour"/,
    ],
    [
      'an undeclared tag',
      write(
        'tag.json',
        JSON.stringify({
          organizations: [
            { name: 'X', contacts: [{ name: 'A', number: '923000001', tags: ['vip'] }] },
          ],
        }),
      ),
      /organizations\.0\.contacts\.0\.tags\.0: unknown tag "vip"/,
    ],
    [
      'a refused record',
      write(
        'number.json',
        JSON.stringify({ organizations: [{ name: 'X', contacts: [{ name: 'A', number: '12' }] }] }),
      ),
      /organizations\.0\.contacts\.0: number: Must be a valid phone number/,
    ],
  ])('exits 1 with a clear message for %s', async (_name, path, message) => {
    const { code, stdout, stderr } = await runInProcess(['serve', '--port', '0', '--world', path]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
  });

  it('a bad world file stops the real process with exit code 1 and the message on stderr', async () => {
    const path = write('process.json', JSON.stringify({ organizations: [] }));
    const { code, stdout, stderr } = await runCliToEnd(['serve', '--port', '0', '--world', path]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(`msgsvc-mock: World file ${path} is invalid:`);
    expect(stderr).toMatch(/organizations: Too small/);
  });
});

describe('the command line', PROCESS, () => {
  it('--help documents every flag and command', async () => {
    const { code, stdout } = await runCliToEnd(['--help']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(HELP);
    for (const flag of [
      '--port',
      '--host',
      '--world',
      '--seed',
      '--clock',
      '--speed',
      '--json',
      '--admin-token',
      '--help',
    ]) {
      expect(stdout).toContain(flag);
    }
    expect(stdout).toContain('world-schema');
  });

  it.each([
    [['serve', '--prot', '1'], /Unknown option '--prot'/],
    [['serve', '--port', '70000'], /--port must be an integer from 0 to 65535 \(got "70000"\)/],
    [['serve', '--clock', 'fast'], /--clock must be real or virtual \(got "fast"\)/],
    [['serve', '--clock', 'virtual', '--speed', '2'], /--speed applies to the real clock only/],
    [['serve', '--seed', '1.5'], /--seed must be an integer/],
    [
      ['serve', '--start-time', 'tomorrow'],
      /--start-time must be an ISO 8601 date-time with a zone/,
    ],
    [['serve', '--start-time', '2026-01-01T09:00:00'], /--start-time must be an ISO 8601/],
    [['serve', '--start-time', '2026-02-30T09:00:00Z'], /\(got "2026-02-30T09:00:00Z"\)/],
    [['start'], /Unknown command "start"/],
    [[], /Missing command/],
  ])('exits 2 with a message for %j', async (args, message) => {
    const { code, stderr } = await runInProcess(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toContain('msgsvc-mock --help');
  });

  it('a bad flag stops the real process with exit code 2 and the message on stderr', async () => {
    const { code, stdout, stderr } = await runCliToEnd(['serve', '--port', 'abc']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'msgsvc-mock: --port must be an integer from 0 to 65535 (got "abc").\nRun "msgsvc-mock --help" for usage.\n',
    );
  });

  it('exits 1 with one line on stderr, no stack, when another server has the port', async () => {
    // Another tool (Prism, a dev server) on the port: not a msgsvc-mock.
    const other = createNetServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    try {
      const { code, stdout, stderr } = await runCliToEnd(['serve', '--port', String(port)]);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        `msgsvc-mock: port ${port} is in use (another server is listening on 127.0.0.1:${port}); pass --port 0 for any free port\n`,
      );
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('world-schema prints the committed packages/mock-server/world.schema.json', async () => {
    const { code, stdout } = await runInProcess(['world-schema']);
    expect(code).toBe(0);
    const committed = JSON.parse(
      readFileSync(join(REPO_ROOT, 'packages/mock-server/world.schema.json'), 'utf8'),
    );
    // Regenerate with: node --import tsx packages/mock-server/src/bin.ts world-schema > packages/mock-server/world.schema.json
    expect(JSON.parse(stdout)).toEqual(committed);
  });
});
