/**
 * The proxy's only work on the request path (E59): find where each request's head and body end in
 * the bytes a client sends, and rewrite each head on its way (`Host` names the upstream, the
 * upstream's path prefix goes before the path, what is addressed to the proxy stays here, D160).
 * Bodies pass as they arrived, chunked framing included. It is strict on purpose: anything two
 * HTTP parsers could read differently (both `Content-Length` and `Transfer-Encoding`, a repeated
 * length, a bare LF, a folded header, a bad chunk size) is refused rather than guessed at, so
 * that the proxy and the upstream always agree on where one request ends (D161).
 */

/** Why a request is refused, as the proxy answers it (D161). */
export interface Refusal {
  /** The HTTP status the proxy answers with. */
  readonly status: 400 | 408 | 431 | 501 | 502 | 505;
  /** The envelope's `code` (`PROXY_…`). */
  readonly code: string;
  /** What was wrong, in a sentence. */
  readonly message: string;
}

/** Options of {@link RequestFramer}. */
export interface FramerOptions {
  /** The upstream's `Host` (host and port as in its URL). */
  readonly host: string;
  /** The upstream's path prefix without its trailing `/` (`''` for none). */
  readonly prefix: string;
  /** Longest head accepted (request line and headers); Node's own default is 16 KiB. */
  readonly maxHeadBytes: number;
}

enum State {
  Head,
  Length,
  ChunkSize,
  ChunkData,
  ChunkEnd,
  Trailer,
  Refused,
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/(\d)\.(\d)$/;
const CHUNK_SIZE = /^([0-9A-Fa-f]{1,12})(?:[ \t]*;.*)?$/;
/** Longest chunk-size line (with its extensions) and trailer section accepted. */
const MAX_LINE = 4096;
/** Addressed to the proxy, or a protocol switch the proxy does not make (D160). */
const DROPPED = new Set(['host', 'upgrade', 'proxy-connection', 'proxy-authorization']);
const CRLF_CRLF = Buffer.from('\r\n\r\n');

const refuse = (message: string): Refusal => ({
  status: 400,
  code: 'PROXY_BAD_REQUEST',
  message,
});

/** Frames and rewrites the requests of one client connection, chunk by chunk. */
export class RequestFramer {
  readonly #host: string;
  readonly #prefix: string;
  readonly #maxHead: number;
  #state = State.Head;
  /** A head received in part. */
  #carry: Buffer | null = null;
  /** Body bytes left (`Length`, `ChunkData`) or CRLF bytes seen (`ChunkEnd`). */
  #left = 0;
  /** A chunk-size or trailer line received in part, and the trailer section's size so far. */
  #line = '';
  #trailerBytes = 0;
  /** Heads forwarded so far. */
  heads = 0;
  /** Requests forwarded whole so far. */
  completed = 0;
  /** Called for each head forwarded, with the request's method and target as the client sent them. */
  onHead: ((method: string, target: string) => void) | undefined;

  constructor(options: FramerOptions) {
    this.#host = options.host;
    this.#prefix = options.prefix;
    this.#maxHead = options.maxHeadBytes;
  }

  /** Whether a head has arrived in part (the proxy waits only so long for the rest, D161). */
  get partialHead(): boolean {
    return this.#state === State.Head && this.#carry !== null;
  }

  /** Whether no request is partly received: the connection is between requests. */
  get betweenRequests(): boolean {
    return this.#state === State.Head && this.#carry === null;
  }

  /**
   * Frames `chunk`: appends to `out` what goes upstream (rewritten heads, bodies as they came),
   * and returns the refusal once a request cannot be forwarded; nothing after it is framed.
   */
  push(chunk: Buffer, out: Buffer[]): Refusal | undefined {
    let buf = chunk;
    let i = 0;
    /** Start of the bytes of the current body that pass unchanged, or -1. */
    let pass = this.#state === State.Head || this.#state === State.Refused ? -1 : 0;
    const flush = (end: number) => {
      if (pass !== -1 && end > pass) out.push(buf.subarray(pass, end));
      pass = -1;
    };
    while (i < buf.length) {
      switch (this.#state) {
        case State.Head: {
          if (this.#carry === null) {
            // Empty lines before a request line are ignored (RFC 9112 §2.2), and not forwarded.
            while (i < buf.length && (buf[i] === 0x0d || buf[i] === 0x0a)) i++;
            if (i === buf.length) break;
          } else {
            buf = Buffer.concat([this.#carry, buf.subarray(i)]);
            i = 0;
          }
          const searchFrom = this.#carry === null ? i : Math.max(0, this.#carry.length - 3);
          const end = buf.indexOf(CRLF_CRLF, searchFrom);
          if (end === -1) {
            if (buf.length - i > this.#maxHead) return this.#refuse(tooLarge());
            if (hasBareLf(buf, i, buf.length)) {
              return this.#refuse(refuse('a line ends in a bare LF'));
            }
            // Copied: a head arriving in pieces is rare, and its first piece is kept for a while.
            this.#carry = Buffer.from(buf.subarray(i));
            i = buf.length;
            break;
          }
          this.#carry = null;
          if (end + 4 - i > this.#maxHead) return this.#refuse(tooLarge());
          const refusal = this.#head(buf.toString('latin1', i, end), out);
          if (refusal !== undefined) return this.#refuse(refusal);
          i = end + 4;
          if (this.#state === State.Head) this.completed++;
          else pass = i;
          break;
        }
        case State.Length: {
          const n = Math.min(this.#left, buf.length - i);
          this.#left -= n;
          i += n;
          if (this.#left === 0) {
            flush(i);
            this.#state = State.Head;
            this.completed++;
          }
          break;
        }
        case State.ChunkSize:
        case State.Trailer: {
          const nl = buf.indexOf(0x0a, i);
          const stop = nl === -1 ? buf.length : nl + 1;
          this.#line += buf.toString('latin1', i, stop);
          if (this.#state === State.Trailer) this.#trailerBytes += stop - i;
          i = stop;
          if (this.#line.length > MAX_LINE || this.#trailerBytes > MAX_LINE * 4) {
            return this.#refuse(refuse('a chunk-size line or the trailer section is too long'));
          }
          if (nl === -1) break;
          const line = this.#line;
          this.#line = '';
          if (line.length < 2 || line.charCodeAt(line.length - 2) !== 0x0d) {
            return this.#refuse(refuse('a line of the chunked body ends in a bare LF'));
          }
          const text = line.slice(0, -2);
          if (this.#state === State.Trailer) {
            if (text === '') {
              flush(i);
              this.#state = State.Head;
              this.completed++;
            } else if (!isField(text)) {
              return this.#refuse(refuse('a trailer field is malformed'));
            }
            break;
          }
          const size = CHUNK_SIZE.exec(text);
          if (size === null || hasControl(text))
            return this.#refuse(refuse('a chunk size is malformed'));
          this.#left = Number.parseInt(size[1]!, 16);
          if (this.#left === 0) {
            this.#state = State.Trailer;
            this.#trailerBytes = 0;
          } else {
            this.#state = State.ChunkData;
          }
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
          // Exactly CRLF after each chunk's data; `#left` counts the bytes of it seen.
          if (buf[i] !== (this.#left === 0 ? 0x0d : 0x0a)) {
            return this.#refuse(refuse('a chunk is not followed by CRLF'));
          }
          i++;
          if (++this.#left === 2) this.#state = State.ChunkSize;
          break;
        }
        case State.Refused:
          return undefined;
      }
    }
    flush(buf.length);
    return undefined;
  }

  #refuse(refusal: Refusal): Refusal {
    this.#state = State.Refused;
    this.#carry = null;
    return refusal;
  }

  /** Reads one head (without its final CRLF CRLF), appends it rewritten and sets the body's framing. */
  #head(head: string, out: Buffer[]): Refusal | undefined {
    // One pass over the head first: after it, every line is free of CR, LF and controls.
    const unsafe = controlIn(head);
    if (unsafe !== undefined) return refuse(unsafe);
    const lines = head.split('\r\n');
    const request = REQUEST_LINE.exec(lines[0]!);
    if (request === null) return refuse('the request line is malformed');
    const [, method, target, major, minor] = request as unknown as string[];
    if (major !== '1' || (minor !== '0' && minor !== '1')) {
      return {
        status: 505,
        code: 'PROXY_HTTP_VERSION_NOT_SUPPORTED',
        message: `HTTP/${major}.${minor} is not supported; the proxy speaks HTTP/1.1 and HTTP/1.0`,
      };
    }
    if (method === 'CONNECT') {
      return {
        status: 501,
        code: 'PROXY_CONNECT_NOT_SUPPORTED',
        message: 'the proxy forwards HTTP requests and opens no tunnel (D160)',
      };
    }
    const path = target![0] === '/' ? `${this.#prefix}${target}` : target;
    let rewritten = `${method} ${path} HTTP/1.${minor}\r\n`;
    let hosts = 0;
    let length: string | undefined;
    let codings: string | undefined;
    for (let l = 1; l < lines.length; l++) {
      const line = lines[l]!;
      const colon = line.indexOf(':');
      if (colon <= 0 || !TOKEN.test(line.slice(0, colon))) {
        return refuse(
          line[0] === ' ' || line[0] === '\t'
            ? 'a header is folded over two lines (obsolete line folding)'
            : 'a header line is malformed',
        );
      }
      // Only names starting with c, h, p, t or u matter here: most lines are passed unread.
      const first = line.charCodeAt(0) | 0x20;
      if (first !== 0x63 && first !== 0x68 && first !== 0x70 && first !== 0x74 && first !== 0x75) {
        rewritten += `${line}\r\n`;
        continue;
      }
      const name = line.slice(0, colon).toLowerCase();
      if (name === 'content-length') {
        if (length !== undefined) return refuse('Content-Length is given more than once');
        length = trimOws(line.slice(colon + 1));
        if (!/^\d{1,15}$/.test(length)) return refuse('Content-Length is not a number');
      } else if (name === 'transfer-encoding') {
        const value = trimOws(line.slice(colon + 1));
        codings = codings === undefined ? value : `${codings},${value}`;
      }
      if (DROPPED.has(name)) {
        if (name === 'host') {
          hosts++;
          rewritten += `Host: ${this.#host}\r\n`;
        }
        continue;
      }
      rewritten += `${line}\r\n`;
    }
    if (hosts > 1) return refuse('Host is given more than once');
    if (hosts === 0) {
      if (minor === '1') return refuse('an HTTP/1.1 request must have a Host header');
      rewritten += `Host: ${this.#host}\r\n`;
    }
    if (codings !== undefined) {
      if (length !== undefined) {
        return refuse('Content-Length and Transfer-Encoding are both given');
      }
      if (minor === '0') return refuse('Transfer-Encoding is not allowed in HTTP/1.0');
      const last = trimOws(codings.split(',').at(-1)!).toLowerCase();
      if (last !== 'chunked') return refuse('the last transfer coding is not chunked');
      this.#state = State.ChunkSize;
      this.#line = '';
    } else if (length !== undefined && Number(length) > 0) {
      this.#state = State.Length;
      this.#left = Number(length);
    }
    out.push(Buffer.from(`${rewritten}\r\n`, 'latin1'));
    this.heads++;
    this.onHead?.(method!, target!);
    return undefined;
  }
}

const tooLarge = (): Refusal => ({
  status: 431,
  code: 'PROXY_HEADERS_TOO_LARGE',
  message: 'the request head is larger than the proxy accepts',
});

const isField = (line: string): boolean => {
  const colon = line.indexOf(':');
  return colon > 0 && TOKEN.test(line.slice(0, colon)) && !hasControl(line.slice(colon + 1));
};

/**
 * What is wrong with a head's characters, if anything: a CR or LF outside a CRLF, or a control
 * character other than HTAB (never allowed in a field, RFC 9110 §5.5).
 */
function controlIn(head: string): string | undefined {
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if (c >= 0x20 && c !== 0x7f) continue;
    if (c === 0x09) continue;
    if (c === 0x0d && head.charCodeAt(i + 1) === 0x0a) {
      i++;
      continue;
    }
    if (c === 0x0a) return 'a line ends in a bare LF';
    return 'a header value holds a control character';
  }
  return undefined;
}

/** `text` without the spaces and tabs around it (not `trim()`: that also cuts NBSP, a byte of obs-text). */
function trimOws(text: string): string {
  let from = 0;
  let to = text.length;
  while (from < to && (text.charCodeAt(from) === 0x20 || text.charCodeAt(from) === 0x09)) from++;
  while (to > from && (text.charCodeAt(to - 1) === 0x20 || text.charCodeAt(to - 1) === 0x09)) to--;
  return text.slice(from, to);
}

/** Whether `text` holds a control character other than HTAB, never allowed in a field (RFC 9110 §5.5). */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) return true;
  }
  return false;
}

/** Whether an LF without its CR lies in `buf[from, to)`. */
function hasBareLf(buf: Buffer, from: number, to: number): boolean {
  for (let at = buf.indexOf(0x0a, from); at !== -1 && at < to; at = buf.indexOf(0x0a, at + 1)) {
    if (at === 0 || buf[at - 1] !== 0x0d) return true;
  }
  return false;
}
