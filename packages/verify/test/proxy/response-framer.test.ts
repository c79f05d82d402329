/**
 * The hot path's count of the upstream's answers (issue 35, item 7): by length, chunked (with a
 * trailer), to a HEAD, 204 and 304 without a body, interim 100 answers not counted, a body that
 * runs to the close, and every split of a pipelined stream giving the same count.
 */
import { describe, expect, it } from 'vitest';
import { ResponseFramer } from '../../src/proxy/response-framer';

const STREAM = [
  'HTTP/1.1 100 Continue\r\n\r\n',
  'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello\r\n',
  'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\nX-T: 1\r\n\r\n',
  'HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n',
  'HTTP/1.1 204 No Content\r\n\r\n',
  'HTTP/1.1 304 Not Modified\r\nContent-Length: 12\r\n\r\n',
  'HTTP/1.1 501 Not Implemented\r\ncontent-length: 2\r\n\r\n{}',
].join('');
const METHODS = ['POST', 'GET', 'HEAD', 'GET', 'GET', 'FOO'];

function framer(): ResponseFramer {
  const f = new ResponseFramer();
  for (const method of METHODS) f.expect(method);
  return f;
}

describe('ResponseFramer', () => {
  it('counts each final answer once, whatever its framing', () => {
    const f = framer();
    f.push(Buffer.from(STREAM, 'latin1'));
    expect([f.responses, f.midResponse, f.broken]).toEqual([6, false, undefined]);
  });

  it('gives the same count for every split of the stream in two', () => {
    const bytes = Buffer.from(STREAM, 'latin1');
    for (let at = 1; at < bytes.length; at++) {
      const f = framer();
      f.push(bytes.subarray(0, at));
      f.push(bytes.subarray(at));
      expect([at, f.responses, f.midResponse]).toEqual([at, 6, false]);
    }
  });

  it('ends an answer without length when the upstream closes, and stops at what it cannot frame', () => {
    const f = framer();
    f.push(Buffer.from('HTTP/1.0 200 OK\r\n\r\nbody until the close'));
    expect([f.responses, f.midResponse]).toEqual([0, true]);
    f.end();
    expect([f.responses, f.midResponse]).toEqual([1, false]);
    f.push(Buffer.from('SPDY/3 200 OK\r\n\r\n'));
    expect(f.broken).toBe('an answer has no HTTP/1.x status line');
  });
});
