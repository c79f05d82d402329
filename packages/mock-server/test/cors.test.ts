/**
 * `--cors` / `startServer({ cors })` (D111): listed origins get CORS headers and answered
 * preflights on the public and control APIs; any other origin gets none, and its preflight a 403
 * envelope; without the option nothing changes.
 */

import { DEMO_LIVE_KEY } from '@msgsvc/mock';
import { startServer } from '@msgsvc/mock-server';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCommandLine, UsageError } from '../src/cli/cli-options';

const ALLOWED = 'http://localhost:5173';
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(cors?: string[]) {
  const server = await startServer({ clock: 'virtual', ...(cors === undefined ? {} : { cors }) });
  servers.push(server);
  return server;
}

describe('with an allow-list', () => {
  it('answers a listed origin’s preflight with the methods and headers it may use', async () => {
    const server = await serve([ALLOWED, 'http://127.0.0.1:3000']);
    const response = await fetch(`${server.baseUrl}/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key, idempotency-key, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = response.headers.get('access-control-allow-headers') ?? '';
    for (const header of ['x-api-key', 'idempotency-key', 'content-type', 'authorization']) {
      expect(allowed).toContain(header);
    }
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('lets a listed origin read answers, their trace id and rate-limit headers', async () => {
    const server = await serve([ALLOWED]);
    const response = await fetch(`${server.baseUrl}/messages`, {
      method: 'POST',
      headers: { origin: ALLOWED, 'x-api-key': DEMO_LIVE_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ to: '+244923000001', body: 'Olá' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    // Every header of the contract the answer carries is readable by the script.
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').split(', ');
    const own = [...response.headers.keys()].filter((name) =>
      /^(x-|retry-after|idempotent-replayed)/.test(name),
    );
    expect(own).toContain('x-trace-id');
    expect(own.some((name) => name.startsWith('x-ratelimit-'))).toBe(true);
    for (const name of own) expect(exposed).toContain(name);
    // Errors too: a browser tool must be able to read the envelope.
    const refused = await fetch(`${server.baseUrl}/messages`, { headers: { origin: ALLOWED } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    // And the control API, which a listed origin may use (other origins are refused, D111).
    const control = await fetch(`${server.url}/__mock/organizations`, {
      headers: { origin: ALLOWED },
    });
    expect(control.status).toBe(200);
    expect(control.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const foreign = await fetch(`${server.url}/__mock/organizations`, {
      headers: { origin: 'http://localhost:5174' },
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { code: string }).code).toBe('HOST_NOT_ALLOWED');
  });

  it('gives another origin no CORS header, and refuses its preflight in the envelope', async () => {
    const server = await serve([ALLOWED]);
    const other = 'http://evil.test';
    const response = await fetch(`${server.baseUrl}/messages`, {
      headers: { origin: other, 'x-api-key': DEMO_LIVE_KEY },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = await fetch(`${server.url}/__mock/reset`, {
      method: 'OPTIONS',
      headers: { origin: other, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const body = (await preflight.json()) as { code: string; message: string; trace_id: string };
    expect(body.code).toBe('CORS_ORIGIN_NOT_ALLOWED');
    expect(body.message).toContain('http://evil.test');
    expect(body.trace_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('matches origins exactly: another port or scheme is another origin', async () => {
    const server = await serve([ALLOWED]);
    for (const origin of ['http://localhost:5174', 'https://localhost:5173', 'http://localhost']) {
      const response = await fetch(`${server.baseUrl}/messages`, { headers: { origin } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

it('without an allow-list, adds no CORS header and leaves OPTIONS to the API', async () => {
  const server = await serve();
  const response = await fetch(`${server.baseUrl}/messages`, {
    method: 'OPTIONS',
    headers: { origin: ALLOWED, 'access-control-request-method': 'POST' },
  });
  expect(response.headers.get('access-control-allow-origin')).toBeNull();
  expect(response.status).not.toBe(204);
});

describe('the option and the flag refuse what is not an origin', () => {
  it('startServer', async () => {
    await expect(startServer({ cors: ['localhost:5173'] })).rejects.toThrow(
      /cors: "localhost:5173" is not an origin/,
    );
    await expect(startServer({ cors: ['http://a.test/path'] })).rejects.toThrow(TypeError);
  });

  it('--cors', () => {
    const parsed = parseCommandLine([
      'serve',
      '--cors',
      `${ALLOWED}, http://a.test`,
      '--cors',
      'https://b.test:8443',
    ]);
    expect(parsed.kind === 'serve' && parsed.options.cors).toEqual([
      ALLOWED,
      'http://a.test',
      'https://b.test:8443',
    ]);
    expect(() => parseCommandLine(['serve', '--cors', '*'])).toThrow(UsageError);
    expect(() => parseCommandLine(['serve', '--cors', ''])).toThrow(/exact origins/);
  });
});
