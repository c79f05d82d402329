/**
 * One client connection of the proxy and the upstream connection it alone uses: they live and end
 * together, a close on one side passed to the other.
 */
import type { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { ExchangeTap, type TapDeps } from './exchange-tap';
import { proxyAnswer, proxyRefusal, type Refusal } from './proxy-answer';
import { type FramerOptions, RequestFramer } from './request-framer';
import { ResponseFramer } from './response-framer';

const NOTHING: Buffer = Buffer.alloc(0);

/** What every pair of a proxy shares. */
export interface PairDeps extends Omit<FramerOptions, 'sink'>, TapDeps {
  /** Opens a connection to the upstream, plain or TLS. */
  readonly connect: () => Socket;
  /** The upstream's origin, for the 502's message. */
  readonly origin: string;
  /** How long a head may take to arrive whole. */
  readonly headersTimeoutMs: number;
  /** Notes traffic for the deferred work (the quiet queue). */
  readonly moved: (bytes: number, requests: number) => void;
}

/** A client connection and its upstream connection. */
export class PairedConnection {
  readonly #deps: PairDeps;
  readonly #client: Socket;
  readonly #upstream: Socket;
  readonly #framer: RequestFramer;
  /** Where the upstream's answers end: the traffic's own count, never the copy's. */
  readonly #answers: ResponseFramer;
  #connected = false;
  /** The upstream is closed (or never opened): nothing more comes from it. */
  #upstreamDone = false;
  #unreachable: Error | undefined;
  #clientGone = false;
  /** The proxy's own answer, sent once the answers before it are through. */
  #answer: Buffer | undefined;
  #answerAfter = 0;
  #headTimer: NodeJS.Timeout | undefined;
  #closing = false;

  constructor(client: Socket, deps: PairDeps) {
    this.#deps = deps;
    this.#client = client;
    const tap = new ExchangeTap(deps);
    this.#framer = new RequestFramer({ ...deps, sink: tap.requests });
    this.#answers = new ResponseFramer(tap.responses);
    this.#framer.onHead = (method, target) => {
      this.#answers.expect(method);
      tap.arrived(method, target);
    };
    client.setNoDelay(true);
    const socket = deps.connect();
    this.#upstream = socket;
    // A TLS upstream is open once its handshake is done.
    socket.once(socket instanceof TLSSocket ? 'secureConnect' : 'connect', () => {
      this.#connected = true;
    });
    socket.on('data', this.#fromUpstream);
    socket.on('end', () => this.#upstreamEnded(undefined));
    socket.on('error', (error) => this.#upstreamEnded(error));
    socket.on('close', () => this.#upstreamEnded(undefined));
    client.on('data', this.#fromClient);
    // A client that half-closes between requests still gets its answers: the upstream is told
    // the same way. One that leaves a request unfinished has abandoned it: both close.
    client.on('end', () => {
      if (!this.#framer.betweenRequests && this.#answer === undefined) this.#destroyBoth();
      else if (!this.#upstreamDone) this.#upstream.end();
    });
    client.on('error', () => {});
    client.on('close', () => {
      this.#clientGone = true;
      clearTimeout(this.#headTimer);
      this.#upstream.destroy();
      // Answers that could not be framed went unchecked from there on: said once.
      if (this.#answers.broken !== undefined) {
        process.emitWarning(
          `msgsvc-verify proxy: a connection's traffic could not be read for checking (${this.#answers.broken}); the rest of it was forwarded unchecked`,
        );
      }
    });
  }

  /** The hot path up: frame, rewrite heads, forward; keep a copy for later. */
  readonly #fromClient = (chunk: Buffer) => {
    if (this.#answer !== undefined) return;
    const out: Buffer[] = [];
    const heads = this.#framer.heads;
    const refusal = this.#framer.push(chunk, out);
    const arrived = this.#framer.heads - heads;
    if (this.#unreachable !== undefined) {
      // Nothing can be forwarded: each request gets the 502 (the first one closes).
      if (arrived > 0) this.#refuse(this.#badGateway(this.#unreachable));
      else if (refusal !== undefined) this.#refuse(refusal);
      return;
    }
    if (out.length > 0) {
      const upstream = this.#upstream;
      let flowing = true;
      if (out.length === 1) flowing = upstream.write(out[0]!);
      else {
        upstream.cork();
        for (const piece of out) flowing = upstream.write(piece) && flowing;
        upstream.uncork();
      }
      if (!flowing) {
        this.#client.pause();
        upstream.once('drain', () => this.#client.resume());
      }
    }
    this.#deps.moved(chunk.length, arrived);
    if (refusal !== undefined) {
      this.#refuse(refusal);
      return;
    }
    // A head cut short has so long to arrive whole (every other way out of it clears the timer).
    if (!this.#framer.partialHead) this.#stopHeadTimer();
    else this.#headTimer ??= setTimeout(this.#headTimedOut, this.#deps.headersTimeoutMs);
    if (this.#closing) this.#closeIfIdle();
  };

  /** The hot path down: the upstream's bytes as they are; keep a copy for later. */
  readonly #fromUpstream = (chunk: Buffer) => {
    if (this.#clientGone) return;
    if (!this.#client.write(chunk)) {
      this.#upstream.pause();
      this.#client.once('drain', () => this.#upstream.resume());
    }
    this.#answers.push(chunk);
    this.#deps.moved(chunk.length, 0);
    if (this.#answer !== undefined) this.#answerWhenDue();
    else if (this.#closing) this.#closeIfIdle();
  };

  /**
   * Stops reading the client and answers `refusal` once every request forwarded whole before it
   * has its answer (they may be in flight on the upstream connection), then closes both.
   */
  #refuse(refusal: Refusal): void {
    this.#stopHeadTimer();
    this.#answer = proxyAnswer(refusal);
    this.#answerAfter = this.#framer.completed;
    this.#client.pause();
    if (this.#upstreamDone) this.#upstreamEnded(undefined, true);
    else this.#answerWhenDue();
  }

  readonly #headTimedOut = () => {
    this.#headTimer = undefined;
    const why = `the request head did not arrive whole within ${this.#deps.headersTimeoutMs} ms`;
    this.#refuse(proxyRefusal('PROXY_REQUEST_TIMEOUT', why));
  };

  #stopHeadTimer(): void {
    clearTimeout(this.#headTimer);
    this.#headTimer = undefined;
  }

  #answerWhenDue(): void {
    const answers = this.#answers;
    if (answers.broken !== undefined) {
      // Where the upstream's answers end is unknown: the proxy's own answer cannot be put after
      // them. The upstream is told no more requests come, and its answers pass until it closes.
      if (!this.#upstreamDone && !this.#upstream.writableEnded) this.#upstream.end();
    } else if (answers.responses >= this.#answerAfter && !answers.midResponse) {
      this.#upstream.destroy();
      this.#endClient(this.#answer);
    }
  }

  #badGateway(error: Error | undefined): Refusal {
    const why =
      (error as NodeJS.ErrnoException | undefined)?.code ??
      error?.message ??
      'the connection closed before an answer';
    return proxyRefusal(
      'PROXY_UPSTREAM_UNREACHABLE',
      `the proxy could not reach ${this.#deps.origin}: ${why}`,
    );
  }

  /**
   * The upstream closed or failed. Whatever it sent is parsed first, so the client gets: the
   * rest of a cut answer never (its connection is cut too), a 502 for a request left without
   * answer, or a plain close after the last answer (a kept-alive connection the upstream ended).
   */
  #upstreamEnded(error: Error | undefined, again = false): void {
    if (this.#upstreamDone && !again) return;
    this.#upstreamDone = true;
    if (this.#clientGone) return;
    if (!this.#connected) {
      // Never opened: the client may not have asked anything yet. Its requests get the 502.
      this.#unreachable = error ?? new Error('the connection closed before it opened');
      if (this.#framer.heads > 0 && this.#answer === undefined) {
        this.#answer = proxyAnswer(this.#badGateway(this.#unreachable));
      }
      if (this.#answer !== undefined) this.#endClient(this.#answer);
      else if (this.#closing) this.#destroyBoth();
      return;
    }
    const answers = this.#answers;
    answers.end();
    const unanswered =
      answers.responses < this.#framer.completed || this.#framer.heads > this.#framer.completed;
    if (answers.broken !== undefined) {
      // Answers that could not be framed: passed as they came, and closed as the upstream closed.
      if (error === undefined) this.#endClient();
      else this.#client.destroy();
    } else if (answers.midResponse) {
      this.#client.destroy();
    } else if (this.#answer !== undefined && answers.responses >= this.#answerAfter) {
      this.#endClient(this.#answer);
    } else if (unanswered) {
      this.#endClient(proxyAnswer(this.#badGateway(error)));
    } else {
      this.#endClient();
    }
  }

  /** Ends the client connection after `last` (if any) has been written, then closes it. */
  #endClient(last = NOTHING): void {
    const client = this.#client;
    if (!client.destroyed) client.end(last, () => client.destroy());
  }

  #destroyBoth(): void {
    this.#upstream.destroy();
    this.#client.destroy();
  }

  /** Closes both connections once no request is under way on them; checks at once until then. */
  closeWhenIdle(): void {
    this.#closing = true;
    this.#closeIfIdle();
  }

  #closeIfIdle(): void {
    if (this.#answer !== undefined) return;
    const answers = this.#answers;
    const idle =
      this.#framer.betweenRequests &&
      !answers.midResponse &&
      answers.responses >= this.#framer.completed;
    if (idle || answers.broken !== undefined || this.#unreachable !== undefined) {
      this.#destroyBoth();
    }
  }
}
