/**
 * A body far over the 1 MiB limit is refused with a 413 the client can read, every time (D126):
 * the answer goes out before the connection closes, and the rest of the body is read and dropped
 * (up to a bound) so that closing never resets a connection whose client is still writing.
 */
import { request } from 'node:http';
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
