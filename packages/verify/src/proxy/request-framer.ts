/**
 * The proxy's only work on the request path: frame each request in the client's bytes and rewrite
 * its head (`Host` names the upstream, the upstream's path prefix goes first, what is addressed to
 * the proxy stays here); bodies pass as they came. Strict on purpose: anything two HTTP parsers
 * could read differently is refused, so the proxy and the upstream agree where a request ends.
 */
import type { MessageSink } from './exchange-tap';
import { BodyReader, HeadReader, TOKEN, trimOws } from './http-framing';
import { proxyRefusal, type Refusal } from './proxy-answer';

/** Options of {@link RequestFramer}. */
export interface FramerOptions {
  /** Told of each request forwarded: its head as rewritten, its body, its end. */
  readonly sink?: MessageSink | undefined;
  /** The upstream's `Host` (host and port as in its URL). */
  readonly host: string;
  /** The upstream's path prefix without its trailing `/` (`''` for none). */
  readonly prefix: string;
  /** Longest head accepted (request line and headers); default 16 KiB, as Node's own server. */
  readonly maxHeadBytes?: number;
}

const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/(\d)\.(\d)$/;
/** Longest chunk-size line (with its extensions) accepted; the trailer section may be 4 of them. */
const MAX_LINE = 4096;
/** Addressed to the proxy, or a protocol switch the proxy does not make. */
const DROPPED = new Set(['host', 'upgrade', 'proxy-connection', 'proxy-authorization']);

const refuse = (message: string): Refusal => proxyRefusal('PROXY_BAD_REQUEST', message);

/** Frames and rewrites the requests of one client connection, chunk by chunk. */
export class RequestFramer {
  readonly #options: FramerOptions;
  readonly #heads: HeadReader;
  readonly #body = new BodyReader(true, MAX_LINE, MAX_LINE * 4);
  /** Whether a request was refused: nothing after it is framed. */
  #refused = false;
  /** Heads forwarded so far. */
  heads = 0;
  /** Requests forwarded whole so far. */
  completed = 0;
  /** Called for each head forwarded, with the request's method and target as the client sent them. */
  onHead: ((method: string, target: string) => void) | undefined;

  constructor(options: FramerOptions) {
    this.#options = options;
    this.#body.onData = (bytes) => options.sink?.body(bytes);
    this.#heads = new HeadReader(options.maxHeadBytes ?? 16 * 1024);
  }

  /** Whether a head has arrived in part (the proxy waits only so long for the rest). */
  get partialHead(): boolean {
    return this.#heads.kept !== null;
  }

  /** Whether no request is partly received: the connection is between requests. */
  get betweenRequests(): boolean {
    return !this.#refused && !this.#body.reading && this.#heads.kept === null;
  }

  /**
   * Frames `chunk`: appends to `out` what goes upstream (rewritten heads, bodies as they came),
   * and returns the refusal once a request cannot be forwarded; nothing after it is framed.
   */
  push(chunk: Buffer, out: Buffer[]): Refusal | undefined {
    let buf = chunk;
    let i = 0;
    while (i < buf.length && !this.#refused) {
      if (this.#body.reading) {
        const end = this.#body.read(buf, i);
        if (end === -1) return this.#refuse(refuse(this.#body.problem));
        out.push(buf.subarray(i, end));
        i = end;
        if (!this.#body.reading) this.#completed();
        continue;
      }
      const found = this.#heads.find(buf, i);
      if (found === 'too long') return this.#refuse(tooLarge());
      if (found === 'wait') return this.#waitForHead();
      const refusal = this.#head(found.bytes.toString('latin1', found.from, found.to), out);
      if (refusal !== undefined) return this.#refuse(refusal);
      buf = found.bytes;
      i = found.to + 4;
      if (!this.#body.reading) this.#completed();
    }
    return undefined;
  }

  #completed(): void {
    this.completed++;
    this.#options.sink?.end();
  }

  /** A head is cut: its part so far is refused already if a line of it ends in a bare LF. */
  #waitForHead(): Refusal | undefined {
    const kept = this.#heads.kept;
    if (kept !== null && /(?<!\r)\n/.test(kept.toString('latin1')))
      return this.#refuse(refuse('a line ends in a bare LF'));
    return undefined;
  }

  #refuse(refusal: Refusal): Refusal {
    this.#refused = true;
    this.#heads.kept = null;
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
    const unsupported = unsupportedRequest(method!, major!, minor!);
    if (unsupported !== undefined) return unsupported;
    const path = target![0] === '/' ? `${this.#options.prefix}${target}` : target;
    const fields: Fields = { text: `${method} ${path} HTTP/1.${minor}\r\n`, hosts: 0 };
    for (let l = 1; l < lines.length; l++) {
      const refusal = this.#field(lines[l]!, fields);
      if (refusal !== undefined) return refusal;
    }
    const refusal = this.#hostOf(fields, minor!) ?? this.#frameBody(fields, minor!);
    if (refusal !== undefined) return refusal;
    out.push(Buffer.from(`${fields.text}\r\n`, 'latin1'));
    this.heads++;
    this.onHead?.(method!, target!);
    this.#options.sink?.head(fields.text);
    return undefined;
  }

  /** Reads one header line into `fields`, rewritten or dropped on its way. */
  #field(line: string, fields: Fields): Refusal | undefined {
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
      fields.text += `${line}\r\n`;
      return undefined;
    }
    const name = line.slice(0, colon).toLowerCase();
    if (name === 'content-length') {
      if (fields.length !== undefined) return refuse('Content-Length is given more than once');
      fields.length = trimOws(line.slice(colon + 1));
      if (!/^\d{1,15}$/.test(fields.length)) return refuse('Content-Length is not a number');
    } else if (name === 'transfer-encoding') {
      const value = trimOws(line.slice(colon + 1));
      fields.codings = fields.codings === undefined ? value : `${fields.codings},${value}`;
    }
    if (!DROPPED.has(name)) fields.text += `${line}\r\n`;
    else if (name === 'host') {
      fields.hosts++;
      fields.text += `Host: ${this.#options.host}\r\n`;
    }
    return undefined;
  }

  /** Checks the head named one `Host` (HTTP/1.0 may name none: the upstream's is added). */
  #hostOf(fields: Fields, minor: string): Refusal | undefined {
    if (fields.hosts > 1) return refuse('Host is given more than once');
    if (fields.hosts === 0) {
      if (minor === '1') return refuse('an HTTP/1.1 request must have a Host header');
      fields.text += `Host: ${this.#options.host}\r\n`;
    }
    return undefined;
  }

  /** Sets how the body after the head is framed: chunked, by its length, or none. */
  #frameBody({ length, codings }: Fields, minor: string): Refusal | undefined {
    if (codings === undefined) {
      if (length !== undefined) this.#body.length(Number(length));
      return undefined;
    }
    if (length !== undefined) return refuse('Content-Length and Transfer-Encoding are both given');
    if (minor === '0') return refuse('Transfer-Encoding is not allowed in HTTP/1.0');
    const last = trimOws(codings.split(',').at(-1)!).toLowerCase();
    if (last !== 'chunked') return refuse('the last transfer coding is not chunked');
    this.#body.chunked();
    return undefined;
  }
}

/** A head's header lines as read so far: the text forwarded, and what frames the body. */
interface Fields {
  /** The request line and header lines to forward, each with its CRLF. */
  text: string;
  /** `Host` lines seen. */
  hosts: number;
  /** The `Content-Length` value. */
  length?: string;
  /** The `Transfer-Encoding` values, joined by commas. */
  codings?: string;
}

/** The refusal of a version other than HTTP/1.1 and 1.0, or of a tunnel. */
function unsupportedRequest(method: string, major: string, minor: string): Refusal | undefined {
  if (major !== '1' || (minor !== '0' && minor !== '1')) {
    const message = `HTTP/${major}.${minor} is not supported; the proxy speaks HTTP/1.1 and HTTP/1.0`;
    return proxyRefusal('PROXY_HTTP_VERSION_NOT_SUPPORTED', message);
  }
  if (method === 'CONNECT') {
    const message = 'the proxy forwards HTTP requests and opens no tunnel (D160)';
    return proxyRefusal('PROXY_CONNECT_NOT_SUPPORTED', message);
  }
  return undefined;
}

const tooLarge = (): Refusal =>
  proxyRefusal('PROXY_HEADERS_TOO_LARGE', 'the request head is larger than the proxy accepts');

/** The first character a head may not hold: a control other than HTAB, or a CR or LF outside a CRLF. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\r(?!\n)|(?<!\r)\n/;

/** What is wrong with a head's characters, if anything. */
function controlIn(head: string): string | undefined {
  const unsafe = UNSAFE.exec(head)?.[0];
  if (unsafe === undefined) return undefined;
  return unsafe === '\n' ? 'a line ends in a bare LF' : 'a header value holds a control character';
}
