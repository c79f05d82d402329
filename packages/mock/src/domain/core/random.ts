/** A {@link Random}'s whole state: four 32-bit integers, so it snapshots and restores exactly. */
export type RandomState = Readonly<Record<'a' | 'b' | 'c' | 'd', number>>;

/** ASCII codes of the hex digits. */
const HEX_DIGITS = Uint8Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
/**
 * The character codes of the trace id being written (single-threaded, so one buffer serves all). A
 * plain array: `String.fromCharCode.apply` reads it faster than a typed array.
 */
const TRACE_TEXT: number[] = new Array<number>(32).fill(0);

/** A seeded pseudo-random source (sfc32): the mock never uses `Math.random`. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** @param seed - any 32-bit integer; equal seeds give equal sequences. */
  constructor(seed: number) {
    // splitmix32 spreads a small seed over the four words so seeds 1 and 2 diverge at once.
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** Restores a source from {@link Random.state}. */
  static fromState(state: RandomState): Random {
    const random = new Random(0);
    random.a = state.a;
    random.b = state.b;
    random.c = state.c;
    random.d = state.d;
    return random;
  }

  /** The current state, JSON-safe. */
  state(): RandomState {
    return { a: this.a, b: this.b, c: this.c, d: this.d };
  }

  /** A uniformly distributed unsigned 32-bit integer. */
  uint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Fills `bytes` with random bytes and returns it. */
  fill(bytes: Uint8Array): Uint8Array {
    for (let i = 0; i < bytes.length; i += 4) {
      const word = this.uint32();
      bytes[i] = word & 0xff;
      if (i + 1 < bytes.length) bytes[i + 1] = (word >>> 8) & 0xff;
      if (i + 2 < bytes.length) bytes[i + 2] = (word >>> 16) & 0xff;
      if (i + 3 < bytes.length) bytes[i + 3] = (word >>> 24) & 0xff;
    }
    return bytes;
  }

  /** 32 lowercase hex digits (a W3C trace id). */
  hex32(): string {
    for (let i = 0; i < 4; i++) {
      const word = this.uint32();
      for (let nibble = 0; nibble < 8; nibble++) {
        TRACE_TEXT[i * 8 + nibble] = HEX_DIGITS[(word >>> (28 - nibble * 4)) & 0x0f]!;
      }
    }
    // One flat string from the character codes, not a rope of 16 concatenations: every request
    // makes one, and it is written into a header.
    return String.fromCharCode.apply(null, TRACE_TEXT);
  }
}
