/**
 * The checking copy stays off the traffic path (issue 35, item 7): pipelined on one raw
 * connection, a valid GET, a request with a method the checking parser does not know (`FOO`),
 * then one with two `Host` headers (which the proxy refuses, D161). Straight to the mock the
 * client gets the mock's answers; through the proxy it gets the same answers, in the same order,
 * and after them only the proxy's own refusal, although the checking parser failed on `FOO`.
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@msgsvc/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../mock-server/test/support/cli-process';
import { type RunningProxy, startProxy } from '../../src/proxy/proxy-server';
import { KEYS, VERIFY_WORLD } from '../verify/support';

let server: RunningServer;
let proxy: RunningProxy;
/** Exchanges the proxy checked, and a wait for the second one. */
let checked = 0;
let secondChecked: () => void;
const twoChecked = new Promise<void>((resolve) => {
  secondChecked = resolve;
});
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', world: join(REPO_ROOT, VERIFY_WORLD) });
  proxy = await startProxy({
    upstream: server.url,
    onExchange: () => {
      if (++checked === 2) secondChecked();
    },
  });
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

/** Writes `bytes` on a fresh connection to `url` and resolves with all it answered, once closed. */
async function exchange(url: string, bytes: string): Promise<string> {
  const { port } = new URL(url);
  const socket = connect({ port: Number(port), host: '127.0.0.1', noDelay: true });
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  const closed = once(socket, 'close');
  socket.write(bytes);
  await closed;
  return Buffer.concat(chunks).toString('latin1');
}

/** Each answer's status and the envelope's `code` and `service` (when it has one). */
function answers(text: string): string[] {
  return text
    .split(/(?=HTTP\/1\.1 \d{3} )/)
    .filter((part) => part !== '')
    .map((part) => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(part)?.[1];
      const code = /"code":"([A-Z_]+)"/.exec(part)?.[1] ?? '';
      const service = /"service":"([a-z]+)"/.exec(part)?.[1] ?? '';
      return `${status} ${code} ${service}`.trim();
    });
}

const PIPELINED = (host: string) =>
  `GET /c/v1/messages?size=1 HTTP/1.1\r\nHost: ${host}\r\nX-API-KEY: ${KEYS.main}\r\n\r\n` +
  `FOO /c/v1/messages HTTP/1.1\r\nHost: ${host}\r\nX-API-KEY: ${KEYS.main}\r\n\r\n` +
  `GET /c/v1/messages HTTP/1.1\r\nHost: ${host}\r\nHost: other.example\r\nX-API-KEY: ${KEYS.main}\r\n\r\n`;

describe('the checking copy is off the traffic path', () => {
  it('a failure of the checking parser changes no byte the client gets', async () => {
    const direct = answers(await exchange(server.url, PIPELINED(new URL(server.url).host)));
    const proxied = answers(await exchange(proxy.url, PIPELINED('proxy')));
    // The mock answers the first two and closes (its own reading of the third is its business).
    expect(direct.slice(0, 2)).toEqual(['200', '501 NOT_IMPLEMENTED core']);
    // Through the proxy: the mock's answers, as they were, then only the proxy's own refusal.
    expect(proxied).toEqual([...direct.slice(0, 2), '400 PROXY_BAD_REQUEST proxy']);
    // The copy is read as the traffic was framed: the exchange with `FOO` is checked too.
    await twoChecked;
    expect(checked).toBe(2);
  }, 20_000);
});
