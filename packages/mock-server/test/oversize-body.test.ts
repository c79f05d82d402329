/**
 * A body far over the 1 MiB limit is refused with a 413 the client can read, every time (D126):
 * the answer goes out before the connection closes, and the rest of the body is read and dropped
 * (up to a bound) so that closing never resets a connection whose client is still writing, not
 * even a client that writes the whole body before it reads a byte and gives up at a broken pipe.
 */
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedCli, startCli } from './support/cli-process';

// The server in a process of its own, as users run it: in this process, client and server would
// take turns on one event loop and hide the race between the answer and the close.
let cli: StartedCli;
let port: number;
let liveKey: string;

beforeAll(async () => {
  cli = await startCli(['serve', '--port', '0', '--json']);
  port = cli.info.port;
  liveKey = cli.info.live_key;
}, 60_000);

afterAll(async () => {
  await cli.stop();
});

const FIFTY_MB = Buffer.alloc(50 * 1024 * 1024, 'x');
const RUNS = 10;

describe('a 50 MB body', () => {
  it(`gets its 413 through fetch, ${RUNS} runs out of ${RUNS}`, { timeout: 120_000 }, async () => {
    const statuses: (number | string)[] = [];
    for (let run = 0; run < RUNS; run++) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/c/v1/messages`, {
          method: 'POST',
          headers: { 'x-api-key': liveKey, 'content-type': 'application/json' },
          body: FIFTY_MB,
        });
        const body = (await response.json()) as { code: string };
        statuses.push(`${response.status} ${body.code}`);
      } catch (error) {
        statuses.push(String((error as Error & { cause?: Error }).cause ?? error));
      }
    }
    expect(statuses).toEqual(Array(RUNS).fill('413 PAYLOAD_TOO_LARGE'));
  });

  it(`gets its 413 through node:http, streamed without a length, ${RUNS} runs out of ${RUNS}`, {
    timeout: 120_000,
  }, async () => {
    const statuses: (number | string)[] = [];
    for (let run = 0; run < RUNS; run++) {
      statuses.push(await streamed());
    }
    expect(statuses).toEqual(Array(RUNS).fill(413));
  });
});

/** Writes 50 MB in 64 KiB chunks (chunked encoding), and resolves with the status it reads. */
function streamed(): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/c/v1/messages',
        headers: { 'x-api-key': liveKey, 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
        response.on('error', (error) => resolve(`response ${error.message}`));
      },
    );
    req.on('error', (error) => resolve(`request ${error.message}`));
    const chunk = 64 * 1024;
    let offset = 0;
    const pump = () => {
      while (offset < FIFTY_MB.length) {
        const part = FIFTY_MB.subarray(offset, offset + chunk);
        offset += chunk;
        if (!req.write(part)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

// Far more than the loopback socket buffers hold (a few MiB each way), so a server that stops
// reading leaves the client blocked in its write; 24 MiB over the 1 MiB limit, read in a blink.
const WRITE_FIRST = Buffer.alloc(24 * 1024 * 1024, 'x');
const TRIES = 5;
const PYTHON = spawnSync('python3', ['--version']).status === 0;

/**
 * Like Python's `http.client` or a plain socket: writes the request head and the whole body, and
 * only then reads; a write that fails (a broken pipe, a reset) ends the try with that error.
 */
function writeFirst(path: string, framing: 'length' | 'chunked'): Promise<string> {
  const head = [
    `POST ${path} HTTP/1.1`,
    'host: 127.0.0.1',
    `x-api-key: ${liveKey}`,
    'content-type: application/json',
    framing === 'length' ? `content-length: ${WRITE_FIRST.length}` : 'transfer-encoding: chunked',
  ];
  const body =
    framing === 'length'
      ? [WRITE_FIRST]
      : [
          Buffer.from(`${WRITE_FIRST.length.toString(16)}\r\n`),
          WRITE_FIRST,
          Buffer.from('\r\n0\r\n\r\n'),
        ];
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    // Paused: nothing of the answer is taken before the body is written.
    socket.pause();
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(`write failed: ${error.code}`));
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    for (const part of body.slice(0, -1)) socket.write(part);
    socket.write(body.at(-1)!, (error) => {
      if (error) return;
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1').split('\r\n')[0]!));
      socket.resume();
    });
  });
}

describe('a client that writes the whole body before it reads', () => {
  for (const [name, path, framing] of [
    ['with a Content-Length', '/c/v1/messages', 'length'],
    ['chunked', '/c/v1/messages', 'chunked'],
    ['on a control route', '/__mock/reset', 'length'],
    ['chunked on a control route', '/__mock/reset', 'chunked'],
  ] as const) {
    it(`reads its 413 ${name}, ${TRIES} tries out of ${TRIES}`, { timeout: 120_000 }, async () => {
      const lines: string[] = [];
      for (let run = 0; run < TRIES; run++) lines.push(await writeFirst(path, framing));
      expect(lines).toEqual(Array(TRIES).fill('HTTP/1.1 413 Payload Too Large'));
    });
  }

  it.skipIf(!PYTHON)(
    `reads its 413 through Python's http.client, ${TRIES} tries out of ${TRIES}`,
    {
      timeout: 120_000,
    },
    () => {
      // http.client sends the whole body, then reads; a broken pipe raises out of request().
      const script = `
import http.client, sys
port, key, size, tries = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
body = b'x' * size
for path, chunked in (('/c/v1/messages', False), ('/c/v1/messages', True), ('/__mock/reset', False)):
    for _ in range(tries):
        c = http.client.HTTPConnection('127.0.0.1', port, timeout=60)
        try:
            parts = iter([body[i:i + 65536] for i in range(0, size, 65536)]) if chunked else body
            c.request('POST', path, body=parts, encode_chunked=chunked,
                      headers={'x-api-key': key, 'content-type': 'application/json'})
            print(c.getresponse().status)
        except Exception as e:
            print(type(e).__name__)
        finally:
            c.close()
`;
      const run = spawnSync(
        'python3',
        ['-c', script, String(port), liveKey, String(WRITE_FIRST.length), String(TRIES)],
        { encoding: 'utf8', timeout: 110_000 },
      );
      expect(run.stderr).toBe('');
      expect(run.stdout.trim().split('\n')).toEqual(Array(3 * TRIES).fill('413'));
    },
  );
});
