/**
 * Where an HTTP/1.x message's head and body end, read from its bytes as they pass: the part the
 * request framer (strict) and the response framer (lenient, as clients read an answer) share.
 */

/** A header field name (RFC 9110 §5.1). */
export const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const CHUNK_SIZE = /^([0-9A-Fa-f]{1,12})(?:[ \t]*;.*)?$/;
const CRLF_CRLF = Buffer.from('\r\n\r\n');
const CR = 0x0d;
const LF = 0x0a;

/** Finds the heads in a connection's bytes, keeping a head that arrives in pieces until it is whole. */
export class HeadReader {
  /** The part of a head received so far, or `null` when none is (set `null` to forget it). */
  kept: Buffer | null = null;

  /** `maxBytes`: the longest head accepted, whole or in part. */
  constructor(readonly maxBytes: number) {}

  /**
   * Reads the head that starts at `at` in `buf` (empty lines before it are skipped, RFC 9112 §2.2):
   * once whole, `bytes[from, to)` with its final CRLF CRLF at `to` (`bytes` is `buf`, or the part
   * kept before joined to it when the head was cut); `'wait'` when the bytes ran out (what came of
   * it is kept); `'too long'` when it, or what came of it, is longer than `maxBytes`.
   */
  find(buf: Buffer, at: number): { bytes: Buffer; from: number; to: number } | 'wait' | 'too long' {
    let bytes = buf;
    let from = at;
    if (this.kept === null) {
      while (from < bytes.length && (bytes[from] === CR || bytes[from] === LF)) from++;
      if (from === bytes.length) return 'wait';
    } else {
      bytes = Buffer.concat([this.kept, buf.subarray(at)]);
      from = 0;
    }
    const to = bytes.indexOf(
      CRLF_CRLF,
      this.kept === null ? from : Math.max(0, this.kept.length - 3),
    );
    if ((to === -1 ? bytes.length : to + 4) - from > this.maxBytes) {
      this.kept = null;
      return 'too long';
    }
    if (to !== -1) {
      this.kept = null;
      return { bytes, from, to };
    }
    // Copied: a head arriving in pieces is rare, and its first piece is kept for a while.
    this.kept = Buffer.from(bytes.subarray(from));
    return 'wait';
  }
}

enum Body {
  None,
  Length,
  ChunkSize,
  ChunkData,
  ChunkEnd,
  Trailer,
}

/** Reads one message body at a time, by its length or its chunked framing. */
export class BodyReader {
  #state = Body.None;
  /** Bytes left of the body (`Length`) or of the chunk (`ChunkData`). */
  #left = 0;
  /** Whether the CR after a chunk's data has been seen (`ChunkEnd`). */
  #cr = false;
  /** A chunk-size or trailer line received in part, and the trailer section's size so far. */
  #line = '';
  #trailerBytes = 0;
  /** Why the body could not be read, once {@link read} returned -1. */
  problem = '';
  /** Called with the body's bytes as they pass, framing taken off. */
  onData: ((bytes: Buffer) => void) | undefined;

  /**
   * `strict`: each line of chunked framing must end in CRLF, a chunk size hold no control
   * character and a trailer field be well formed (when not, a bare LF ends a line too and trailer
   * fields are not read). `maxLine`, `maxTrailer`: the longest chunk-size or trailer line, and
   * trailer section, accepted.
   */
  constructor(
    readonly strict: boolean,
    readonly maxLine: number,
    readonly maxTrailer = Number.POSITIVE_INFINITY,
  ) {}

  /** Whether a body has begun and not ended. */
  get reading(): boolean {
    return this.#state !== Body.None;
  }

  /** A body of `bytes` bytes comes next (none when 0). */
  length(bytes: number): void {
    if (bytes > 0) {
      this.#state = Body.Length;
      this.#left = bytes;
    }
  }

  /** A chunked body comes next. */
  chunked(): void {
    this.#state = Body.ChunkSize;
    this.#line = '';
  }

  /**
   * Reads the body's bytes from `at` in `buf`: returns where they stop (`reading` turns false when
   * the body ended there), or -1 with {@link problem} set when the framing is wrong.
   */
  read(buf: Buffer, at: number): number {
    let i = at;
    while (i !== -1 && i < buf.length) {
      switch (this.#state) {
        case Body.None:
          return i;
        case Body.Length:
          i = this.#data(buf, i, Body.None);
          break;
        case Body.ChunkData:
          i = this.#data(buf, i, Body.ChunkEnd);
          break;
        case Body.ChunkEnd:
          i = this.#chunkEnd(buf[i]!) ? i + 1 : -1;
          break;
        default:
          i = this.#lineOf(buf, i);
      }
    }
    return i;
  }

  /** Passes over data bytes; `next` once the last has passed. */
  #data(buf: Buffer, i: number, next: Body): number {
    const n = Math.min(this.#left, buf.length - i);
    this.onData?.(buf.subarray(i, i + n));
    this.#left -= n;
    if (this.#left === 0) this.#state = next;
    return i + n;
  }

  /** Reads a byte of the CRLF after a chunk's data (strict: exactly CRLF; else CRs, then LF). */
  #chunkEnd(byte: number): boolean {
    if (byte === LF && (this.#cr || !this.strict)) {
      this.#cr = false;
      this.#state = Body.ChunkSize;
      return true;
    }
    if (byte === CR && !(this.#cr && this.strict)) {
      this.#cr = true;
      return true;
    }
    return this.#fail('a chunk is not followed by CRLF');
  }

  /** Reads a chunk-size or trailer line up to its LF, then reads the line. */
  #lineOf(buf: Buffer, i: number): number {
    const nl = buf.indexOf(LF, i);
    const stop = nl === -1 ? buf.length : nl + 1;
    this.#line += buf.toString('latin1', i, stop);
    if (this.#state === Body.Trailer) this.#trailerBytes += stop - i;
    if (this.#line.length > this.maxLine || this.#trailerBytes > this.maxTrailer) {
      this.#fail('a chunk-size line or the trailer section is too long');
      return -1;
    }
    if (nl === -1) return stop;
    const line = this.#line;
    this.#line = '';
    const text = this.#textOf(line);
    if (text === undefined) return -1;
    const read = this.#state === Body.Trailer ? this.#trailer(text) : this.#chunkSize(text);
    return read ? stop : -1;
  }

  /** A line without its line end; `undefined` when strict and it ends in a bare LF. */
  #textOf(line: string): string | undefined {
    if (!this.strict) return line.replace(/\r?\n$/, '');
    if (line.length >= 2 && line.charCodeAt(line.length - 2) === CR) return line.slice(0, -2);
    this.#fail('a line of the chunked body ends in a bare LF');
    return undefined;
  }

  #chunkSize(text: string): boolean {
    const size = CHUNK_SIZE.exec(text);
    if (size === null || (this.strict && CONTROL.test(text))) {
      return this.#fail('a chunk size is malformed');
    }
    this.#left = Number.parseInt(size[1]!, 16);
    this.#state = this.#left === 0 ? Body.Trailer : Body.ChunkData;
    this.#trailerBytes = 0;
    return true;
  }

  #trailer(text: string): boolean {
    if (text === '') this.#state = Body.None;
    else if (this.strict && !isField(text)) return this.#fail('a trailer field is malformed');
    return true;
  }

  #fail(problem: string): false {
    this.problem = problem;
    return false;
  }
}

/** Whether `line` is a header field: a token, a colon, a value without control characters. */
const isField = (line: string): boolean => {
  const colon = line.indexOf(':');
  return colon > 0 && TOKEN.test(line.slice(0, colon)) && !CONTROL.test(line.slice(colon + 1));
};

/** A control character other than HTAB, never allowed in a field (RFC 9110 §5.5). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

/** `text` without the spaces and tabs around it (not `trim()`: that also cuts NBSP, a byte of obs-text). */
export const trimOws = (text: string): string => text.replace(/^[ \t]+|[ \t]+$/g, '');
