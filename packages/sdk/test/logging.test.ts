/**
 * Debug logging (`logLevel`, `MSGSVC_LOG`): what each level prints, that the API key appears only
 * as its prefix, that bodies appear only when asked for, and that the default is silence.
 */
import { type Logger, MessagingClient } from '@msgsvc/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, jsonResponse } from './support/mock';

const KEY = 'svc_live_S3cr3tS3cr3tS3cr3t';
const SENT = { id: 'm1', status: 'PENDING' };

function recorder() {
  const lines: { level: string; message: string; details: unknown }[] = [];
  const logger: Logger = {
    debug: (message, details) => lines.push({ level: 'debug', message, details }),
    info: (message, details) => lines.push({ level: 'info', message, details }),
    warn: (message, details) => lines.push({ level: 'warn', message, details }),
  };
  return { lines, logger };
}

/** A client whose first attempt gets a 503 with a trace id, the second a 201. */
function client(options: ConstructorParameters<typeof MessagingClient>[0]) {
  let calls = 0;
  return new MessagingClient({
    apiKey: KEY,
    baseUrl: 'http://127.0.0.1:4780/c/v1',
    fetch: async () =>
      ++calls === 1
        ? jsonResponse(503, envelope(503, 'SERVICE_UNAVAILABLE'), { 'x-trace-id': 'trace-503' })
        : jsonResponse(201, SENT, { 'x-trace-id': 'trace-201' }),
    sleep: async () => {},
    ...options,
  });
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('logging', () => {
  it('is silent by default', async () => {
    const spies = ['debug', 'info', 'warn', 'log', 'error'].map((name) =>
      vi.spyOn(console, name as 'log').mockImplementation(() => {}),
    );
    await client({}).messages.send({ to: '+244923000001', body: 'Olá' });
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('debug prints each attempt, response and retry with trace ids, the key by prefix only', async () => {
    const { lines, logger } = recorder();
    await client({ logLevel: 'debug', logger }).messages.send(
      { to: '+244923000001', body: 'Olá' },
      { idempotencyKey: 'log-1' },
    );
    const text = JSON.stringify(lines);
    expect(lines.map((line) => line.level)).toEqual(['debug', 'debug', 'info', 'debug', 'debug']);
    expect(lines[0]?.message).toBe('msgsvc → POST /c/v1/messages (attempt 1)');
    expect(lines[1]?.message).toMatch(
      /^msgsvc ← 503 POST \/c\/v1\/messages \(attempt 1, \d+ ms, trace trace-503\)$/,
    );
    expect(lines[2]?.message).toMatch(
      /retrying POST \/c\/v1\/messages in \d+ ms after attempt 1: 503 \(trace trace-503\)/,
    );
    expect(lines[4]?.message).toMatch(/201 .*attempt 2.*trace trace-201/);
    expect(text).toContain('svc_live_S3cr…');
    expect(text).not.toContain(KEY);
    expect(text).toContain('log-1');
    // Bodies (phone numbers, message text) only when asked for.
    expect(text).not.toContain('Olá');
    expect(text).not.toContain('+244923000001');
  });

  it('logBodies adds the request and response bodies to debug lines', async () => {
    const { lines, logger } = recorder();
    await client({ logLevel: 'debug', logger, logBodies: true }).messages.send({
      to: '+244923000001',
      body: 'Olá',
    });
    const text = JSON.stringify(lines);
    expect(text).toContain('Olá');
    expect(text).toContain('"id\\":\\"m1\\"');
    expect(text).not.toContain(KEY);
  });

  it('MSGSVC_LOG=info prints retries only; warn prints calls that failed for good', async () => {
    vi.stubEnv('MSGSVC_LOG', 'info');
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    await client({}).messages.send({ to: '+244923000001', body: 'x' });
    expect(info).toHaveBeenCalledTimes(1);
    expect(debug).not.toHaveBeenCalled();

    const { lines, logger } = recorder();
    const failing = new MessagingClient({
      apiKey: KEY,
      baseUrl: 'http://127.0.0.1:4780/c/v1',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
      sleep: async () => {},
      logLevel: 'warn',
      logger,
    });
    await failing.messages.send({ to: '+244923000001', body: 'x' }).catch(() => {});
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn' });
    expect(lines[0]?.message).toMatch(
      /POST \/c\/v1\/messages failed after 3 attempt\(s\): CONNECTION_ERROR/,
    );
  });

  it('an unknown MSGSVC_LOG value logs nothing', async () => {
    vi.stubEnv('MSGSVC_LOG', 'verbose');
    const spies = ['debug', 'info', 'warn'].map((name) =>
      vi.spyOn(console, name as 'log').mockImplementation(() => {}),
    );
    await client({}).messages.send({ to: '+244923000001', body: 'x' });
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});
