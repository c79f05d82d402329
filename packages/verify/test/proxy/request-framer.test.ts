/**
 * The proxy's request framer (E59, D160, D161): heads rewritten however the bytes are cut into
 * packets, pipelined requests and chunked bodies framed exactly, and everything two parsers could
 * read differently refused rather than forwarded.
 */
import { describe, expect, it } from 'vitest';
import type { Refusal } from '../../src/proxy/proxy-answer';
import { RequestFramer } from '../../src/proxy/request-framer';

const framer = (prefix = '') =>
  new RequestFramer({ host: 'upstream.test:8443', prefix, maxHeadBytes: 16 * 1024 });

/** Frames `pieces` one after the other; what went upstream, and the refusal if any. */
function frame(pieces: (string | Buffer)[], f = framer()) {
  const out: Buffer[] = [];
  let refusal: Refusal | undefined;
  for (const piece of pieces) {
    refusal = f.push(typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece, out);
    if (refusal !== undefined) break;
  }
  return { sent: Buffer.concat(out).toString('latin1'), refusal, framer: f };
}

/** Every way of cutting `text` in two. */
const cuts = (text: string) =>
  Array.from({ length: text.length - 1 }, (_, i) => [text.slice(0, i + 1), text.slice(i + 1)]);

const HEAD =
  'GET /c/v1/messages?size=5 HTTP/1.1\r\nHost: 127.0.0.1:4011\r\nX-API-KEY: svc_test_k\r\n' +
  'X-Dup: a\r\nx-dup: b\r\nConnection: keep-alive\r\n\r\n';
const REWRITTEN =
  'GET /c/v1/messages?size=5 HTTP/1.1\r\nHost: upstream.test:8443\r\nX-API-KEY: svc_test_k\r\n' +
  'X-Dup: a\r\nx-dup: b\r\nConnection: keep-alive\r\n\r\n';

describe('request heads', () => {
  it('rewrites Host in place and keeps every other header line as sent', () => {
    const { sent, framer: f } = frame([HEAD]);
    expect(sent).toBe(REWRITTEN);
    expect(f.heads).toBe(1);
    expect(f.completed).toBe(1);
    expect(f.betweenRequests).toBe(true);
  });

  it('gives the same bytes upstream wherever the head is cut, and waits for the rest', () => {
    for (const [a, b] of cuts(HEAD)) {
      const f = framer();
      const first = frame([a!], f);
      expect(first.sent).toBe('');
      expect(f.partialHead).toBe(true);
      expect(frame([b!], f).sent, JSON.stringify(a)).toBe(REWRITTEN);
      expect(f.partialHead).toBe(false);
    }
    // …and byte by byte.
    expect(frame([...HEAD]).sent).toBe(REWRITTEN);
  });

  it('frames pipelined requests, bodies by length and chunked, in one packet or byte by byte', () => {
    const body = '{"to":"+244900000001"}';
    const chunked =
      '5;ext=1\r\nhello\r\n1A\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nX-Trailer: t\r\n\r\n';
    const stream =
      HEAD +
      `POST /c/v1/messages HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n${body}` +
      `POST /c/v1/campaigns HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunked}` +
      '\r\nHEAD /c/v1/messages HTTP/1.1\r\nHost: x\r\n\r\n';
    const expected =
      REWRITTEN +
      `POST /c/v1/messages HTTP/1.1\r\nHost: upstream.test:8443\r\nContent-Length: ${body.length}\r\n\r\n${body}` +
      `POST /c/v1/campaigns HTTP/1.1\r\nHost: upstream.test:8443\r\nTransfer-Encoding: chunked\r\n\r\n${chunked}` +
      'HEAD /c/v1/messages HTTP/1.1\r\nHost: upstream.test:8443\r\n\r\n';
    const whole = frame([stream]);
    expect(whole.sent).toBe(expected);
    expect(whole.framer.heads).toBe(4);
    expect(whole.framer.completed).toBe(4);
    const bytes = frame([...stream]);
    expect(bytes.sent).toBe(expected);
    expect(bytes.framer.completed).toBe(4);
    for (const [a, b] of cuts(stream)) expect(frame([a!, b!]).sent).toBe(expected);
  });

  it('counts a request as complete only once its whole body went through', () => {
    const f = framer();
    frame(['POST /c/v1/messages HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n12345'], f);
    expect([f.heads, f.completed, f.betweenRequests]).toEqual([1, 0, false]);
    frame(['67890'], f);
    expect([f.heads, f.completed, f.betweenRequests]).toEqual([1, 1, true]);
  });

  it('puts the upstream path prefix before origin-form paths only', () => {
    expect(frame(['GET /c/v1/x HTTP/1.1\r\nHost: h\r\n\r\n'], framer('/base')).sent).toMatch(
      /^GET \/base\/c\/v1\/x HTTP\/1\.1\r\n/,
    );
    expect(frame(['OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n'], framer('/base')).sent).toMatch(
      /^OPTIONS \* HTTP\/1\.1\r\n/,
    );
  });

  it('adds Host to an HTTP/1.0 request without one, and keeps its keep-alive', () => {
    expect(frame(['GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n']).sent).toBe(
      'GET / HTTP/1.0\r\nConnection: keep-alive\r\nHost: upstream.test:8443\r\n\r\n',
    );
  });

  it('drops what is addressed to the proxy and the offer to switch protocols (D160)', () => {
    const { sent } = frame([
      'GET / HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Proxy-Authorization: Basic eA==\r\nProxy-Connection: keep-alive\r\nTE: trailers\r\n\r\n',
    ]);
    expect(sent).toBe(
      'GET / HTTP/1.1\r\nHost: upstream.test:8443\r\nConnection: Upgrade\r\nTE: trailers\r\n\r\n',
    );
  });

  it('ignores empty lines before a request line', () => {
    expect(frame(['\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n']).sent).toBe(
      'GET / HTTP/1.1\r\nHost: upstream.test:8443\r\n\r\n',
    );
  });
});

describe('refusals (D161)', () => {
  const cases: [string, string | string[], number, RegExp][] = [
    ['no request line', 'hello world\r\n\r\n', 400, /request line/],
    ['HTTP/2', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 505, /HTTP\/2\.0/],
    ['CONNECT', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n', 501, /tunnel/],
    ['no Host in 1.1', 'GET / HTTP/1.1\r\nAccept: */*\r\n\r\n', 400, /Host/],
    ['two Hosts', 'GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n', 400, /Host/],
    [
      'length and chunked',
      'POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n',
      400,
      /both/,
    ],
    [
      'two lengths',
      'POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc',
      400,
      /more than once/,
    ],
    [
      'length not a number',
      'POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0x3\r\n\r\n',
      400,
      /number/,
    ],
    [
      'chunked not last',
      'POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, gzip\r\n\r\n',
      400,
      /chunked/,
    ],
    [
      'chunked in 1.0',
      'POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
      /HTTP\/1\.0/,
    ],
    ['bare LF', 'GET / HTTP/1.1\nHost: h\n\n', 400, /bare LF/],
    ['bare LF in a header', 'GET / HTTP/1.1\r\nHost: h\nX: y\r\n\r\n', 400, /bare LF/],
    ['folded header', 'GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n  b\r\n\r\n', 400, /fold/],
    ['space before colon', 'GET / HTTP/1.1\r\nHost : h\r\n\r\n', 400, /malformed/],
    ['control in a value', 'GET / HTTP/1.1\r\nHost: h\r\nX: a\x00b\r\n\r\n', 400, /control/],
    [
      'bad chunk size',
      'POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      400,
      /chunk size/,
    ],
    [
      'chunk without CRLF',
      'POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n',
      400,
      /CRLF/,
    ],
    [
      'head too large',
      `GET / HTTP/1.1\r\nHost: h\r\nX: ${'a'.repeat(17 * 1024)}\r\n\r\n`,
      431,
      /large/,
    ],
    [
      'head too large, unfinished',
      ['GET / HTTP/1.1\r\n', `X: ${'a'.repeat(17 * 1024)}`],
      431,
      /large/,
    ],
  ];
  for (const [name, input, status, message] of cases) {
    it(`refuses ${name} with ${status}`, () => {
      const { refusal } = frame(typeof input === 'string' ? [input] : input);
      expect(refusal?.status).toBe(status);
      expect(refusal?.message).toMatch(message);
      expect(refusal?.code).toMatch(/^PROXY_/);
    });
  }

  it('forwards the requests before a refused one, and nothing of it or after it', () => {
    const f = framer();
    const { sent, refusal } = frame(
      [
        `${HEAD}POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n` +
          'zz\r\nGET /smuggled HTTP/1.1\r\nHost: h\r\n\r\n',
      ],
      f,
    );
    expect(refusal?.message).toMatch(/chunk size/);
    // The refused request's head went (its body was under way), none of its body, nothing after.
    expect(sent).toBe(
      `${REWRITTEN}POST / HTTP/1.1\r\nHost: upstream.test:8443\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    expect([f.heads, f.completed]).toEqual([2, 1]);
    const later: Buffer[] = [];
    expect(f.push(Buffer.from('GET / HTTP/1.1\r\nHost: h\r\n\r\n'), later)).toBeUndefined();
    expect(later).toEqual([]);
  });
});
