/**
 * The server introduces itself (D55, D56): the banner's requests run as printed, the `--json`
 * line names the health URL, and the world's clock starts at the wall clock's second unless
 * `--start-time` pins it (and a reset goes back there).
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { DEMO_TEST_KEY } from '@msgsvc/mock';
import { describe, expect, it } from 'vitest';
import { startupJson, startupText } from '../src/cli/banner';
import { DEFAULT_PORT, parseCommandLine } from '../src/cli/cli-options';
import { startCli } from './support/cli-process';
import { controlApi } from './support/http';
import { serversClosedAfterEach } from './support/servers';

const CURL = spawnSync('curl', ['--version']).status === 0;
/** Runs a line in a shell, asynchronously: the server answering it runs in this process. */
const shell = async (line: string) =>
  (await promisify(execFile)('sh', ['-c', line], { encoding: 'utf8', timeout: 20_000 })).stdout;

const start = serversClosedAfterEach();

describe('the banner', () => {
  it('shows the health URL and requests with the test key, ready to paste', async () => {
    const server = await start({ clock: 'virtual' });
    const text = startupText(server.info);
    expect(text).toContain(`Health        ${server.url}/__mock/health`);
    const curls = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('curl '));
    expect(curls).toEqual([
      `curl -s ${server.baseUrl}/messages -H 'X-API-KEY: ${DEMO_TEST_KEY}' -H 'Content-Type: application/json' -d '{"to":"+244923000001","body":"Hello"}'`,
      `curl -s ${server.baseUrl}/messages -H 'X-API-KEY: ${DEMO_TEST_KEY}'`,
    ]);
    const json = JSON.parse(startupJson(server.info));
    expect(json).toMatchObject({
      health_url: `${server.url}/__mock/health`,
      curl: curls[1],
    });
  });

  it.skipIf(!CURL)('its requests work when pasted into a shell', async () => {
    const server = await start({ clock: 'virtual' });
    const [send, list] = startupText(server.info)
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('curl '));
    const sent = JSON.parse(await shell(send!));
    expect(sent).toMatchObject({ to: '+244923000001', body: 'Hello', status: 'PENDING' });
    const listed = JSON.parse(await shell(list!));
    expect(listed.entries.map((m: { id: string }) => m.id)).toEqual([sent.id]);
  });
});

describe('the port', () => {
  it('is 4780 by default, not Prism’s 4010', () => {
    expect(DEFAULT_PORT).toBe(4780);
    const command = parseCommandLine(['serve']);
    expect(command.kind === 'serve' && command.options.port).toBe(4780);
  });
});

describe("the world's clock at start (D55)", () => {
  it('a virtual clock starts at the wall clock’s second, and a reset goes back there', async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const server = await start({ clock: 'virtual' });
    const start0 = server.mock.clock.now().getTime();
    expect(start0 % 1000).toBe(0);
    expect(start0).toBeGreaterThanOrEqual(before);
    expect(start0).toBeLessThanOrEqual(Date.now());
    const control = controlApi(server.url);
    await control.post('/clock/advance', { ms: 90_000 });
    expect((await control.post('/reset')).body.clock.now).toBe(
      new Date(start0).toISOString().replace('Z', '000+00:00'),
    );
  });

  it('--start-time pins it, on both clocks', { timeout: 60_000 }, async () => {
    const cli = await startCli([
      'serve',
      ...['--port', '0', '--json', '--clock', 'virtual'],
      ...['--start-time', '2026-01-01T10:00:00+01:00'],
    ]);
    try {
      const clock = await controlApi(cli.origin).get('/clock');
      expect(clock.body.now).toBe('2026-01-01T09:00:00.000000+00:00');
    } finally {
      await cli.stop();
    }
    const real = await start({ clock: 'real', startTime: new Date('2030-06-01T00:00:00Z') });
    const now = real.mock.clock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(Date.UTC(2030, 5, 1));
    expect(now).toBeLessThan(Date.UTC(2030, 5, 1, 1)); // follows the wall clock from there
  });
});
