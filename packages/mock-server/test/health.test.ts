/**
 * `GET /__mock/health` (D57): what a harness waits on before its tests run. It names the service
 * and its version (so another tool on the port cannot pass for the mock), answers without the
 * admin token and on any `Host`, is on control.yaml and typed in the control client.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { createControlClient } from '@msgsvc/mock-server';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { REPO_ROOT, runCliToEnd } from './support/cli-process';
import { controlApi } from './support/http';
import { serversClosedAfterEach } from './support/servers';

const { version } = JSON.parse(
  readFileSync(join(REPO_ROOT, 'packages/mock-server/package.json'), 'utf8'),
) as { version: string };

/** A GET with an explicit `Host` header (fetch does not let a caller choose it). */
function getWithHost(port: number, path: string, host: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const start = serversClosedAfterEach();

describe('GET /__mock/health', () => {
  it('names the service, its version and clock, and when it started', async () => {
    const before = Date.now();
    const server = await start({ clock: 'virtual' });
    const { status, body } = await controlApi(server.url).get('/health'); // checked on control.yaml
    expect(status).toBe(200);
    expect(body).toEqual({
      service: 'msgsvc-mock',
      version,
      status: 'ready',
      worlds: 1,
      clock: 'virtual',
      started_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/),
    });
    // The wall clock's start, not the world's.
    const startedAt = Date.parse(body.started_at);
    expect(startedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(startedAt).toBeLessThanOrEqual(Date.now());

    const real = await start({ clock: 'real', startTime: Date.UTC(2020, 0, 1) });
    expect((await controlApi(real.url).get('/health')).body.clock).toBe('real');
  });

  it('answers without the admin token that the rest of the control API needs', async () => {
    const server = await start({ adminToken: 'an-admin-token-of-some-length' });
    expect((await controlApi(server.url).get('/health')).status).toBe(200);
    expect((await controlApi(server.url).get('/clock')).status).toBe(401);
  });

  it('answers on a Host that is not a loopback name (a container health check)', async () => {
    const server = await start();
    const port = Number(new URL(server.url).port);
    const health = await getWithHost(port, '/__mock/health', 'mock:4780');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body).service).toBe('msgsvc-mock');
    // The rest of the control API still refuses that name (D53).
    expect((await getWithHost(port, '/__mock/clock', 'mock:4780')).status).toBe(403);
  });

  it('answers HEAD without a body, and other methods with 405 in the envelope', async () => {
    const server = await start();
    const head = await fetch(`${server.url}/__mock/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(`${server.url}/__mock/health`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect((await post.json()).code).toBe('METHOD_NOT_ALLOWED');
  });

  it('counts the worlds: created ones join the default, deleted ones leave (D130)', async () => {
    const server = await start({ clock: 'virtual' });
    const control = controlApi(server.url);
    const a = await server.createWorld();
    await server.createWorld();
    expect((await control.get('/health')).body.worlds).toBe(3);
    await control.request('DELETE', `/worlds/${a.id}`);
    expect((await control.get('/health')).body.worlds).toBe(2);
  });

  it('is typed in the control client', async () => {
    const server = await start();
    const { data } = await createControlClient({ url: server.url }).GET('/__mock/health');
    expectTypeOf(data!.clock).toEqualTypeOf<'real' | 'virtual'>();
    expect(data?.version).toBe(version);
  });
});

describe('serve when it cannot listen', () => {
  it('exits 1 with one line on stderr for an address it cannot bind', async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine.
    const { code, stdout, stderr } = await runCliToEnd([
      'serve',
      '--host',
      '192.0.2.1',
      '--port',
      '0',
      '--admin-token',
      'an-admin-token-of-some-length',
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('msgsvc-mock: cannot bind to 192.0.2.1: EADDRNOTAVAIL.\n');
  });
});
