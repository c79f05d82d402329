/**
 * Where the upstream's answers end, found on the hot path from the bytes as they pass (which go to
 * the client untouched): what the proxy needs to send its own answer after the ones before it
 * (D161) and to know when a connection is idle. It is the traffic path's own count, kept apart from
 * the checking copy (whose parser may fail on traffic it does not know, such as an unknown method,
 * and must never change what a client receives). It reads only status lines, `Content-Length`,
 * `Transfer-Encoding` and chunk sizes; an answer it cannot frame leaves it `broken`, and the
 * connection then passes bytes on until the upstream closes.
 */

enum State {
  Head,
  Length,
  ChunkSize,
  ChunkData,
  ChunkEnd,
  Trailer,
  UntilClose,
  Broken,
}

const CRLF_CRLF = Buffer.from('\r\n\r\n');
const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})(?: |$)/;
const CHUNK_SIZE = /^([0-9A-Fa-f]{1,12})(?:[ \t]*;.*)?$/;
/** Longest head, chunk-size line or trailer section read; an answer past it is not framed. */
const MAX_HEAD = 64 * 1024;

/** Counts the final answers of one upstream connection as their bytes pass. */
export class ResponseFramer {
  #state = State.Head;
  #carry: Buffer | null = null;
  #left = 0;
  #line = '';
  /** Methods of the requests forwarded and not yet answered, in order (HEAD answers have no body). */
  readonly #methods: string[] = [];
  /** Final answers passed whole so far. */
  responses = 0;
  /** Why the answers could not be framed (the rest passes unframed). */
  broken: string | undefined;

  /** A request forwarded with `method`: its answer comes in this order. */
  expect(method: string): void {
    this.#methods.push(method);
  }

  /** Whether an answer has begun and not ended. */
  get midResponse(): boolean {
    return this.#state !== State.Head || this.#carry !== null;
  }

  /** Reads `chunk`, the next bytes of the upstream's answers. */
  push(chunk: Buffer): void {
    let buf = chunk;
    let i = 0;
    while (i < buf.length) {
      switch (this.#state) {
        case State.Head: {
          if (this.#carry === null) {
            // Empty lines before a status line are skipped, as lenient clients skip them.
            while (i < buf.length && (buf[i] === 0x0d || buf[i] === 0x0a)) i++;
            if (i === buf.length) return;
          } else {
            buf = Buffer.concat([this.#carry, buf.subarray(i)]);
            i = 0;
          }
          const end = buf.indexOf(CRLF_CRLF, i);
          if (end === -1) {
            if (buf.length - i > MAX_HEAD) {
              this.#break('an answer head is too long');
              return;
            }
            this.#carry = Buffer.from(buf.subarray(i));
            return;
          }
          this.#carry = null;
          const problem = this.#head(buf.toString('latin1', i, end));
          if (problem !== undefined) {
            this.#break(problem);
            return;
          }
          i = end + 4;
          break;
        }
        case State.Length: {
          const n = Math.min(this.#left, buf.length - i);
          this.#left -= n;
          i += n;
          if (this.#left === 0) this.#done();
          break;
        }
        case State.ChunkSize:
        case State.Trailer: {
          const nl = buf.indexOf(0x0a, i);
          const stop = nl === -1 ? buf.length : nl + 1;
          this.#line += buf.toString('latin1', i, stop);
          i = stop;
          if (this.#line.length > MAX_HEAD) {
            this.#break('a chunk line is too long');
            return;
          }
          if (nl === -1) break;
          const text = this.#line.replace(/\r?\n$/, '');
          this.#line = '';
          if (this.#state === State.Trailer) {
            if (text === '') this.#done();
            break;
          }
          const size = CHUNK_SIZE.exec(text);
          if (size === null) {
            this.#break('a chunk size is malformed');
            return;
          }
          this.#left = Number.parseInt(size[1]!, 16);
          this.#state = this.#left === 0 ? State.Trailer : State.ChunkData;
          break;
        }
        case State.ChunkData: {
          const n = Math.min(this.#left, buf.length - i);
          this.#left -= n;
          i += n;
          if (this.#left === 0) this.#state = State.ChunkEnd;
          break;
        }
        case State.ChunkEnd: {
          // CRLF (or a bare LF, as lenient parsers take it) after each chunk's data.
          if (buf[i] === 0x0d) i++;
          else if (buf[i] === 0x0a) {
            i++;
            this.#state = State.ChunkSize;
          } else {
            this.#break('a chunk is not followed by CRLF');
            return;
          }
          break;
        }
        case State.UntilClose:
        case State.Broken:
          return;
      }
    }
  }

  /** The upstream closed: an answer whose body runs to the close ends here. */
  end(): void {
    if (this.#state === State.UntilClose) this.#done();
  }

  #head(head: string): string | undefined {
    const lines = head.split('\r\n');
    const status = STATUS_LINE.exec(lines[0]!);
    if (status === null) return 'an answer has no HTTP/1.x status line';
    const code = Number(status[1]);
    if (code === 101) return 'the upstream switched protocols';
    // Interim answers (100 Continue) come before the final one, and have no body.
    if (code < 200) return undefined;
    const method = this.#methods.shift();
    let length: string | undefined;
    let chunked = false;
    for (let l = 1; l < lines.length; l++) {
      const line = lines[l]!;
      const first = line.charCodeAt(0) | 0x20;
      if (first !== 0x63 && first !== 0x74) continue;
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-length') length = value;
      else if (name === 'transfer-encoding') {
        chunked = value.toLowerCase().split(',').at(-1)!.trim() === 'chunked';
      }
    }
    if (method === 'HEAD' || code === 204 || code === 304) this.#done();
    else if (chunked) {
      this.#state = State.ChunkSize;
      this.#line = '';
    } else if (length !== undefined) {
      if (!/^\d{1,15}$/.test(length)) return 'an answer has a malformed Content-Length';
      this.#left = Number(length);
      if (this.#left === 0) this.#done();
      else this.#state = State.Length;
    } else this.#state = State.UntilClose;
    return undefined;
  }

  #done(): void {
    this.#state = State.Head;
    this.responses++;
  }

  #break(reason: string): void {
    this.#state = State.Broken;
    this.#carry = null;
    this.broken = reason;
  }
}
