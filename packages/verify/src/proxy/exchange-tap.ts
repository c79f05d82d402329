/**
 * The proxy's copy of one connection's traffic, read off the hot path: the bytes each way are
 * kept as they passed (requests as the upstream got them) and parsed later, when the proxy has time, with http-parser-js (a parser of
 * its own for each direction), into finished exchanges for the contract check and the cassette.
 * Bodies are kept up to a cap; a longer body is still parsed through (so the next exchange is
 * found) but only its first bytes are kept, and the check notes it was not checked.
 */
import { HTTPParser } from 'http-parser-js';

/** When and how a request arrived, as the hot path saw it. */
export interface Arrival {
  /** `performance.now()` when its head was complete. */
  readonly at: number;
  /** `Date.now()` then. */
  readonly wall: number;
  /** The request's method. */
  readonly method: string;
  /** The request target as the client sent it. */
  readonly target: string;
  /** Its place in the cassette (`undefined` when not recorded). */
  readonly seq: number | undefined;
}

/** One body as kept for checking. */
interface KeptBody {
  readonly bytes: Buffer;
  /** More arrived than was kept. */
  readonly truncated: boolean;
}

/** A finished exchange, parsed from the copy. Header names are lower case. */
export interface TappedExchange {
  /** When and how its request arrived. */
  readonly arrival: Arrival;
  /** Milliseconds from the request's head to the response's last byte. */
  readonly durationMs: number;
  /** The request's headers as the upstream got them. */
  readonly requestHeaders: Record<string, string>;
  /** The request's body as kept. */
  readonly request: KeptBody;
  /** The final answer's status (1xx answers before it are skipped). */
  readonly status: number;
  /** The answer's headers. */
  readonly responseHeaders: Record<string, string>;
  /** The answer's body as kept (none for HEAD). */
  readonly response: KeptBody;
}

/** Headers Node keeps once (the first), as `IncomingMessage#headers` does. */
const SINGLE = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

/** Raw header pairs as one lower-cased record, repeats joined as Node joins them. */
function headerRecord(raw: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = Object.create(null);
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    const seen = headers[name];
    if (seen === undefined) headers[name] = value;
    else if (!SINGLE.has(name)) headers[name] = `${seen}, ${value}`;
  }
  return { ...headers };
}

/** Collects one body up to `cap` bytes. */
class BodyKeeper {
  readonly #chunks: Buffer[] = [];
  #bytes = 0;
  #truncated = false;
  constructor(readonly cap: number) {}
  add(chunk: Buffer): void {
    if (this.#bytes >= this.cap) {
      this.#truncated = true;
      return;
    }
    const room = this.cap - this.#bytes;
    if (chunk.length > room) this.#truncated = true;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.#chunks.push(kept);
    this.#bytes += kept.length;
  }
  get size(): number {
    return this.#bytes;
  }
  done(): KeptBody {
    return { bytes: Buffer.concat(this.#chunks), truncated: this.#truncated };
  }
}

interface ParsedRequest {
  readonly arrival: Arrival;
  readonly headers: Record<string, string>;
  readonly body: BodyKeeper;
  /** Its body has ended (an answer may come before, e.g. a 413). */
  complete: boolean;
}

/** Both directions of one connection, kept, then parsed on {@link ExchangeTap.drain}. */
export class ExchangeTap {
  readonly #cap: number;
  readonly #onExchange: (exchange: TappedExchange) => void;
  readonly #requestParser = new HTTPParser(HTTPParser.REQUEST);
  readonly #responseParser = new HTTPParser(HTTPParser.RESPONSE);
  /** Bytes not parsed yet, each way (responses with the time they arrived). */
  #requestChunks: Buffer[] = [];
  #responseChunks: Buffer[] = [];
  #responseTimes: number[] = [];
  /** Heads the hot path forwarded, in order, not yet matched with their parsed request. */
  readonly #arrivals: Arrival[] = [];
  /** Requests whose head was parsed, waiting for their response. */
  readonly #waiting: ParsedRequest[] = [];
  /** The request being parsed. */
  #request: ParsedRequest | undefined;
  #response: { status: number; headers: Record<string, string>; interim: boolean } | undefined;
  #responseBody: BodyKeeper | undefined;
  #responseAt = 0;
  /** Bytes kept and not parsed yet. */
  pending = 0;
  /** Final responses parsed whole so far. */
  responses = 0;
  /** Why the copy could not be parsed (the rest of the connection is then not checked). */
  broken: string | undefined;

  constructor(cap: number, onExchange: (exchange: TappedExchange) => void) {
    this.#cap = cap;
    this.#onExchange = onExchange;
    const request = this.#requestParser;
    request[HTTPParser.kOnHeadersComplete] = (info) => {
      const arrival = this.#arrivals.shift();
      if (arrival === undefined) throw new Error('a request the proxy did not forward');
      this.#request = {
        arrival,
        headers: headerRecord(info.headers),
        body: new BodyKeeper(this.#cap),
        complete: false,
      };
      this.#waiting.push(this.#request);
    };
    request[HTTPParser.kOnBody] = (chunk, offset, length) =>
      this.#request?.body.add(chunk.subarray(offset, offset + length));
    request[HTTPParser.kOnMessageComplete] = () => {
      if (this.#request !== undefined) this.#request.complete = true;
      this.#request = undefined;
    };
    const response = this.#responseParser;
    response[HTTPParser.kOnHeadersComplete] = (info) => {
      // 1xx answers (100 Continue) come before the final one; 101 would leave HTTP behind.
      if (info.statusCode === 101) throw new Error('the upstream switched protocols');
      const interim = info.statusCode >= 100 && info.statusCode < 200;
      this.#response = { status: info.statusCode, headers: headerRecord(info.headers), interim };
      this.#responseBody = new BodyKeeper(this.#cap);
      // A response to HEAD has no body whatever its headers say.
      return !interim && this.#waiting[0]?.arrival.method === 'HEAD' ? 1 : 0;
    };
    response[HTTPParser.kOnBody] = (chunk, offset, length) =>
      this.#responseBody?.add(chunk.subarray(offset, offset + length));
    response[HTTPParser.kOnMessageComplete] = () => {
      const answer = this.#response;
      if (answer === undefined) throw new Error('a response ended that never began');
      this.#response = undefined;
      if (answer.interim) return;
      const request = this.#waiting.shift();
      if (request === undefined) throw new Error('a response to no request');
      this.responses++;
      const sent = request.body.done();
      this.#onExchange({
        arrival: request.arrival,
        durationMs: this.#responseAt - request.arrival.at,
        requestHeaders: request.headers,
        // Answered before its body ended: what there was is not the body, and is not checked.
        request: request.complete ? sent : { bytes: sent.bytes, truncated: true },
        status: answer.status,
        responseHeaders: answer.headers,
        response: this.#responseBody!.done(),
      });
    };
  }

  /** A head the hot path forwarded (in the order forwarded). */
  arrived(arrival: Arrival): void {
    this.#arrivals.push(arrival);
  }

  /** Bytes forwarded to the upstream (what the framer let through, heads rewritten). */
  request(chunk: Buffer): void {
    if (this.broken !== undefined) return;
    this.#requestChunks.push(chunk);
    this.pending += chunk.length;
  }

  /** Bytes the upstream answered, as they arrived. */
  response(chunk: Buffer, at: number): void {
    if (this.broken !== undefined) return;
    this.#responseChunks.push(chunk);
    this.#responseTimes.push(at);
    this.pending += chunk.length;
  }

  /** Whether a response has begun and not ended (after a {@link drain}). */
  get midResponse(): boolean {
    return this.#response !== undefined;
  }

  /**
   * Parses what was kept, requests first (a response never comes before its request), calling
   * `onExchange` for each exchange finished; `ended` when the upstream has closed (a body without
   * length ends there).
   */
  drain(ended = false): void {
    if (this.broken === undefined) {
      try {
        const requests = this.#requestChunks;
        this.#requestChunks = [];
        for (const chunk of requests) this.#execute(this.#requestParser, chunk);
        const responses = this.#responseChunks;
        const times = this.#responseTimes;
        this.#responseChunks = [];
        this.#responseTimes = [];
        for (let i = 0; i < responses.length; i++) {
          this.#responseAt = times[i]!;
          this.#execute(this.#responseParser, responses[i]!);
        }
        // A body without length ends with the connection; any other answer still under way
        // was cut (and stays `midResponse`).
        if (ended && this.#response !== undefined) this.#responseParser.finish();
      } catch (error) {
        this.#break(error);
      }
    }
    this.pending = 0;
  }

  #execute(parser: InstanceType<typeof HTTPParser>, chunk: Buffer): void {
    // The parser returns the bytes it read, or the error it met.
    const result = parser.execute(chunk);
    if (typeof result !== 'number') throw result;
  }

  #break(error: unknown): void {
    this.broken = (error as Error).message ?? String(error);
    this.#requestChunks = [];
    this.#responseChunks = [];
    this.#responseTimes = [];
  }
}
