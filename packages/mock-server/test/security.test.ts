/**
 * Security of the server: beyond loopback the control API and the inspector need the admin token
 * (the public API keeps using API keys); on loopback without a token, foreign `Host` names and
 * cross-origin requests are refused; full API keys never appear in the page, its data or the
 * request log.
 *
 * The server binds 0.0.0.0 in one test, but every request goes to 127.0.0.1: nothing here sends
 * traffic to a non-loopback address.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedCli, startCli } from './support/cli-process';
import { controlApi, publicApi, send } from './support/http';

const PROCESS = { timeout: 30_000 };

/** A GET with an explicit `Host` header (fetch does not let a caller choose it). */
function getWithHost(
  port: number,
  path: string,
  host: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('bound beyond loopback (--host 0.0.0.0)', PROCESS, () => {
  let cli: StartedCli;
  let token: string;

  beforeAll(async () => {
    cli = await startCli([
      'serve',
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--json',
      '--clock',
      'virtual',
    ]);
    token = cli.info.admin_token!;
  });
  afterAll(async () => {
    await cli?.stop();
  });

  it('generates an admin token and prints it, with the inspector URL carrying it', () => {
    expect(cli.info.host).toBe('0.0.0.0');
    expect(cli.info.admin_token_required).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cli.info.inspector_url).toBe(`http://127.0.0.1:${cli.info.port}/?token=${token}`);
    expect(cli.info.base_url).toBe(`http://127.0.0.1:${cli.info.port}/c/v1`);
  });

  it('refuses the control API without the token or with a wrong one', async () => {
    const none = await controlApi(cli.origin).get('/clock');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 'ADMIN_TOKEN_REQUIRED', status: 401, service: 'core' });
    const wrong = await controlApi(cli.origin, `${token}x`).get('/clock');
    expect(wrong.status).toBe(401);
    const apiKey = await send(cli.origin, 'POST', '/__mock/reset', {
      headers: { 'x-api-key': cli.info.live_key, authorization: `Bearer ${cli.info.live_key}` },
    });
    expect(apiKey.status).toBe(401);
  });

  it('refuses the inspector page and its data without the token', async () => {
    for (const path of ['/', '/__mock/inspector', '/__mock/state', '/__mock/requests']) {
      const refused = await send(cli.origin, 'GET', path);
      expect(refused.status, path).toBe(401);
      expect(refused.text).not.toContain('<html');
    }
  });

  it('accepts the token as a bearer header, and on the page URL', async () => {
    const clock = await controlApi(cli.origin, token).get('/clock');
    expect(clock.status).toBe(200);
    const page = await send(cli.origin, 'GET', `/?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    // The token is accepted on the page only, not on the JSON endpoints.
    const state = await send(cli.origin, 'GET', `/__mock/state?token=${encodeURIComponent(token)}`);
    expect(state.status).toBe(401);
  });

  it('keeps the public API on API keys (no admin token needed or accepted instead)', async () => {
    const ok = await publicApi(cli.origin, cli.info.live_key).get('/messages');
    expect(ok.status).toBe(200);
    const noKey = await send(cli.origin, 'GET', '/c/v1/messages', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(noKey.status).toBe(401);
    expect(noKey.body.code).toBe('AUTH_INVALID_API_KEY');
  });
});

describe('an admin token on loopback (MSGSVC_ADMIN_TOKEN)', PROCESS, () => {
  it('is required, and not echoed in the start-up line', async () => {
    const secret = 'a-token-from-the-environment-0001';
    const cli = await startCli(['serve', '--port', '0', '--json'], { MSGSVC_ADMIN_TOKEN: secret });
    try {
      expect(cli.info.admin_token_required).toBe(true);
      expect(cli.info.admin_token).toBeNull();
      expect(JSON.stringify(cli.info)).not.toContain(secret);
      expect((await controlApi(cli.origin).get('/clock')).status).toBe(401);
      expect((await controlApi(cli.origin, secret).get('/clock')).status).toBe(200);
    } finally {
      await cli.stop();
    }
  });
});

describe('on loopback without a token', PROCESS, () => {
  let cli: StartedCli;

  beforeAll(async () => {
    cli = await startCli(['serve', '--port', '0', '--json', '--clock', 'virtual']);
  });
  afterAll(async () => {
    await cli?.stop();
  });

  it('refuses a foreign Host (DNS rebinding) and accepts loopback names', async () => {
    const foreign = await getWithHost(cli.info.port, '/__mock/clock', 'attacker.example');
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).code).toBe('HOST_NOT_ALLOWED');
    const page = await getWithHost(cli.info.port, '/', `attacker.example:${cli.info.port}`);
    expect(page.status).toBe(403);
    for (const host of [
      `localhost:${cli.info.port}`,
      `127.0.0.1:${cli.info.port}`,
      `[::1]:${cli.info.port}`,
    ]) {
      expect((await getWithHost(cli.info.port, '/__mock/clock', host)).status, host).toBe(200);
    }
  });

  it('refuses cross-origin requests (a web page POSTing to the control API)', async () => {
    const csrf = await send(cli.origin, 'POST', '/__mock/reset', {
      headers: { origin: 'https://attacker.example' },
    });
    expect(csrf.status).toBe(403);
    expect(csrf.body.code).toBe('HOST_NOT_ALLOWED');
    const sandboxed = await send(cli.origin, 'POST', '/__mock/reset', {
      headers: { origin: 'null' },
    });
    expect(sandboxed.status).toBe(403);
    const same = await send(cli.origin, 'POST', '/__mock/clock/run-until-idle', {
      headers: { origin: cli.origin },
    });
    expect(same.status).toBe(200);
  });

  it('never shows a full API key in the page, its data or the request log', async () => {
    const control = controlApi(cli.origin);
    const issued = await control.post(`/organizations/${cli.info.organization_id}/api-keys`, {
      environment: 'test',
    });
    const secretKeys = [cli.info.live_key, cli.info.test_key, issued.body.key as string];
    for (const key of secretKeys) {
      await publicApi(cli.origin, key).get('/messages');
      await send(cli.origin, 'GET', '/c/v1/nowhere', { headers: { 'x-api-key': key } });
    }
    await send(cli.origin, 'GET', '/c/v1/messages', {
      headers: { 'x-api-key': 'svc_live_notakey00000000000000000000000' },
    });
    const texts = [
      (await send(cli.origin, 'GET', '/')).text,
      (await control.get('/state')).text,
      (await control.get('/requests')).text,
      (await control.get('/organizations')).text,
      (await control.get(`/organizations/${cli.info.organization_id}`)).text,
      (await control.get(`/organizations/${cli.info.organization_id}/api-keys`)).text,
    ];
    for (const text of texts) {
      for (const key of [...secretKeys, 'svc_live_notakey00000000000000000000000']) {
        expect(text).not.toContain(key);
        expect(text).not.toContain(key.slice(0, 20));
      }
    }
    const log = (await control.get('/requests')).body.entries as { key: string | null }[];
    expect(log.map((entry) => entry.key)).toContain('svc_test_demo…');
    expect(
      log.every((entry) => entry.key === null || /^svc_(live|test)_.{4}…$/.test(entry.key)),
    ).toBe(true);
  });
});
