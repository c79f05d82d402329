/**
 * The proxy's copy of one connection's exchanges, fed by the traffic path's own framers (so it can
 * never disagree with the traffic about where a message ends): heads' text and bodies' bytes, up to
 * a cap, turned into finished exchanges for the contract check and the cassette when there is time.
 */
import type { Arrival, KeptBody, TappedExchange } from '../replay/tapped-exchange';
import { trimOws } from './http-framing';

/** Bytes of each body kept for checking; a longer body is not checked. */
const KEEP = 2 * 1024 * 1024;

/** What a framer reports of each message whose bytes it passes. */
export interface MessageSink {
  /** A head passed whole: its text, without the empty line that ends it. */
  head(text: string): void;
  /** Bytes of its body, framing taken off. */
  body(bytes: Buffer): void;
  /** Its last byte passed. */
  end(): void;
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

/** A head's header lines as one lower-cased record, repeats joined as Node joins them. */
function headerRecord(head: string): Record<string, string> {
  const headers: Record<string, string> = Object.create(null);
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = trimOws(line.slice(colon + 1));
    const seen = headers[name];
    if (seen === undefined) headers[name] = value;
    else if (!SINGLE.has(name)) headers[name] = `${seen}, ${value}`;
  }
  return { ...headers };
}

/** One message as kept: its head's text and its body up to the cap. */
export class KeptMessage {
  readonly #chunks: Buffer[] = [];
  #bytes = 0;
  #truncated = false;
  /** Its last byte passed. */
  ended = false;
  constructor(readonly head: string) {}
  /** Keeps the bytes of `chunk` that fit under the cap. */
  add(chunk: Buffer): void {
    const room = KEEP - this.#bytes;
    if (chunk.length > room) this.#truncated = true;
    if (room <= 0) return;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.#chunks.push(kept);
    this.#bytes += kept.length;
  }
  /** The body as kept. */
  done(): KeptBody {
    return { bytes: Buffer.concat(this.#chunks), truncated: this.#truncated };
  }
}

/** What a tap tells and asks of its proxy. */
export interface TapDeps {
  /** An exchange answered whole, as kept for checking. */
  readonly onExchange: (exchange: KeptExchange) => void;
  /** The cassette's sequence number for a request to `target`, if it is recorded. */
  readonly seqOf: (target: string) => number | undefined;
}

/** An exchange answered whole, as kept: read into a {@link TappedExchange} when there is time. */
export interface KeptExchange {
  readonly arrival: Arrival;
  readonly message: KeptMessage;
  readonly response: KeptMessage;
  /** When the answer's last byte passed (`performance.now()`). */
  readonly at: number;
  /** Whether the request's body had ended by then. */
  readonly requestEnded: boolean;
}

/** Reads a kept exchange: its heads' fields and its bodies as kept. */
export function readExchange(kept: KeptExchange): TappedExchange {
  const { arrival, message, response } = kept;
  const request = message.done();
  const [path = '', query = ''] = arrival.target.split(/\?(.*)/s);
  return {
    arrival,
    path,
    query,
    durationMs: kept.at - arrival.at,
    requestHeaders: headerRecord(message.head),
    // Answered before its body ended: what there was is not the body, and is not checked.
    request: kept.requestEnded ? request : { ...request, truncated: true },
    status: Number(response.head.slice(9, 12)),
    responseHeaders: headerRecord(response.head),
    response: response.done(),
  };
}

/** Both directions of one connection as framed: each exchange handed on once answered whole. */
export class ExchangeTap {
  /** Requests whose head passed, not yet answered, in order. */
  readonly #waiting: { arrival: Arrival; message: KeptMessage }[] = [];
  #request: KeptMessage | undefined;
  #answer: KeptMessage | undefined;
  #arrival: Arrival | undefined;

  /** What the request framer reports (heads as the upstream got them). */
  readonly requests: MessageSink = {
    head: (text) => {
      this.#request = new KeptMessage(text);
      this.#waiting.push({ arrival: this.#arrival!, message: this.#request });
    },
    body: (bytes) => this.#request?.add(bytes),
    end: () => {
      this.#request!.ended = true;
    },
  };

  /** What the response framer reports (final answers only). */
  readonly responses: MessageSink = {
    head: (text) => {
      this.#answer = new KeptMessage(text);
    },
    body: (bytes) => this.#answer?.add(bytes),
    end: () => {
      const response = this.#answer;
      const request = this.#waiting.shift();
      this.#answer = undefined;
      if (response === undefined || request === undefined) return;
      const at = performance.now();
      this.deps.onExchange({ ...request, response, at, requestEnded: request.message.ended });
    },
  };

  constructor(private readonly deps: TapDeps) {}

  /** A request's head is about to pass: it arrived now, with `method` and `target`. */
  arrived(method: string, target: string): void {
    const seq = this.deps.seqOf(target);
    this.#arrival = { at: performance.now(), wall: Date.now(), method, target, seq };
  }
}
