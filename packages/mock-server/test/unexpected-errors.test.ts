// A bug inside the server (D118): the client's 500 names the exception, and the server reports it
// once on stderr — whether the public pipeline, the server's own code or a control route broke.
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { createMockService, DEMO_LIVE_KEY } from '@msgsvc/mock';
import { MessagingClient, ServerError } from '@msgsvc/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startServer } from '../src/serve';
import { createMockServer } from '../src/server/node-server';

const SEND = { to: '+244923000001', body: 'hi' };

function captureStderr(): string[] {
  const written: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  return written;
}

afterEach(() => vi.restoreAllMocks());

describe('the server and an unexpected exception', () => {
  it('in the public pipeline: the SDK error names it, stderr has it once', async () => {
    const server = await startServer();
    try {
      server.mock.world.route = () => {
        throw new Error('planted in the router');
      };
      const written = captureStderr();
      const client = new MessagingClient({ apiKey: DEMO_LIVE_KEY, baseUrl: server.baseUrl });
      const error = await client.messages.send(SEND).catch((e: unknown) => e as ServerError);
      expect(error).toBeInstanceOf(ServerError);
      expect((error as ServerError).message).toContain('Error: planted in the router');
      expect((error as ServerError).attempts).toBe(1);
      const reports = written.filter((text) => text.includes('unexpected error'));
      expect(reports).toHaveLength(1);
      expect(reports[0]).toContain('POST /c/v1/messages');
      expect(reports[0]).toContain((error as ServerError).traceId);
      expect(reports[0]).not.toContain(DEMO_LIVE_KEY);
    } finally {
      vi.restoreAllMocks();
      await server.close();
    }
  });

  it("in the server's own code: a 500 naming it, stderr has it once", async () => {
    const mock = createMockService({
      onError: false,
      observe: () => {
        throw new Error('request log broke');
      },
    });
    const server = createMockServer({ mock });
    const { origin } = await server.listen(0, '127.0.0.1');
    try {
      const written = captureStderr();
      const response = await fetch(`${origin}/c/v1/messages`, { headers: { 'x-api-key': 'k' } });
      const body = (await response.json()) as { code: string; message: string };
      expect(response.status).toBe(500);
      expect(body.code).toBe('INTERNAL_SERVER_ERROR');
      expect(body.message).toContain('Error: request log broke');
      expect(written.filter((text) => text.includes('request log broke'))).toHaveLength(1);
    } finally {
      vi.restoreAllMocks();
      await server.close();
    }
  });

  it('in a control route: a 500 naming it, stderr has it once', async () => {
    const server = await startServer();
    try {
      server.mock.control.counts = () => {
        throw new Error('counts broke');
      };
      const written = captureStderr();
      const response = await fetch(`${server.url}/__mock/counts`);
      const body = (await response.json()) as { message: string };
      expect(response.status).toBe(500);
      expect(response.headers.get('x-should-retry')).toBe('false');
      expect(body.message).toContain('Error: counts broke');
      expect(written.filter((text) => text.includes('counts broke'))).toHaveLength(1);
    } finally {
      vi.restoreAllMocks();
      await server.close();
    }
  });
});

/**
 * Promises a 100-byte body, sends part of it and leaves: with a FIN (`end`) or a reset. Resolves
 * once the server has seen the request close.
 */
function halfABody(
  port: number,
  path: string,
  leave: 'end' | 'reset',
  closed: Promise<void>,
): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  const head = `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: ${DEMO_LIVE_KEY}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n`;
  socket.write(`${head}{"to":"+2449`, () =>
    leave === 'end' ? socket.end() : socket.resetAndDestroy(),
  );
  return closed;
}

describe('a client gone before the end of its body', () => {
  it('is no error of the mock: nothing on stderr, while a bug still reports', async () => {
    const mock = createMockService();
    mock.seedDemo();
    const server = createMockServer({ mock });
    const { origin, port } = await server.listen(0, '127.0.0.1');
    // Resolves when the next request the server takes has closed, on the server's side.
    const nextRequestClosed = () =>
      new Promise<void>((resolve) => {
        server.server.once('request', (req: IncomingMessage) => req.once('close', resolve));
      });
    try {
      mock.control.counts = () => {
        throw new Error('counts broke');
      };
      const written = captureStderr();
      for (const path of ['/c/v1/messages', '/__mock/reset', '/__mock/worlds']) {
        for (const leave of ['end', 'reset'] as const) {
          await halfABody(port, path, leave, nextRequestClosed());
        }
      }
      const response = await fetch(`${origin}/__mock/counts`);
      expect(response.status).toBe(500);
      const reports = written.filter((text) => text.includes('unexpected error'));
      expect(reports).toHaveLength(1);
      expect(reports[0]).toContain('counts broke');
    } finally {
      vi.restoreAllMocks();
      await server.close();
    }
  });
});
