/**
 * Where the upstream's answers end, read from their bytes as they pass to the client untouched:
 * what the proxy needs to put its own answer after the ones before it and to know when a
 * connection is idle. An answer it cannot frame leaves it `broken`; the rest then passes unframed.
 */
import type { MessageSink } from './exchange-tap';
import { BodyReader, HeadReader } from './http-framing';

const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})(?: |$)/;
/** Longest head, chunk-size line or trailer line read; an answer past it is not framed. */
const MAX_HEAD = 64 * 1024;

/** Counts the final answers of one upstream connection as their bytes pass. */
export class ResponseFramer {
  readonly #heads = new HeadReader(MAX_HEAD);
  readonly #body = new BodyReader(false, MAX_HEAD);
  /** Whether the answer being read has no framing: its body runs until the upstream closes. */
  #untilClose = false;
  /** Methods of the requests forwarded and not yet answered, in order (HEAD answers have no body). */
  readonly #methods: string[] = [];
  /** Final answers passed whole so far. */
  responses = 0;
  /** Why the answers could not be framed (the rest passes unframed). */
  broken: string | undefined;

  /** `sink`: told of each final answer passed: its head, its body, its end. */
  constructor(private readonly sink?: MessageSink) {
    if (sink !== undefined) this.#body.onData = (bytes) => sink.body(bytes);
  }

  /** A request forwarded with `method`: its answer comes in this order. */
  expect(method: string): void {
    this.#methods.push(method);
  }

  /** Whether an answer has begun and not ended. */
  get midResponse(): boolean {
    return (
      this.#body.reading ||
      this.#untilClose ||
      this.broken !== undefined ||
      this.#heads.kept !== null
    );
  }

  /** Reads `chunk`, the next bytes of the upstream's answers. */
  push(chunk: Buffer): void {
    let buf = chunk;
    let i = 0;
    while (i < buf.length && !this.#untilClose && this.broken === undefined) {
      if (this.#body.reading) {
        i = this.#body.read(buf, i);
        if (i === -1) this.#break(this.#body.problem);
        else if (!this.#body.reading) this.#ended();
        continue;
      }
      const found = this.#heads.find(buf, i);
      if (found === 'wait') return;
      if (found === 'too long') {
        this.#break('an answer head is too long');
        return;
      }
      const problem = this.#head(found.bytes.toString('latin1', found.from, found.to));
      if (problem !== undefined) this.#break(problem);
      buf = found.bytes;
      i = found.to + 4;
    }
  }

  /** The upstream closed: an answer whose body runs to the close ends here. */
  end(): void {
    if (!this.#untilClose) return;
    this.#untilClose = false;
    this.#ended();
  }

  #ended(): void {
    this.responses++;
    this.sink?.end();
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
    this.sink?.head(head);
    if (method === 'HEAD' || code === 204 || code === 304) this.#ended();
    else if (chunked) this.#body.chunked();
    else if (length !== undefined) {
      if (!/^\d{1,15}$/.test(length)) return 'an answer has a malformed Content-Length';
      this.#body.length(Number(length));
      if (!this.#body.reading) this.#ended();
    } else this.#untilClose = true;
    return undefined;
  }

  #break(reason: string): void {
    this.#heads.kept = null;
    this.broken = reason;
  }
}
