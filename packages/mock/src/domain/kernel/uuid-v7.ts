/**
 * UUID v7 text from its parts (RFC 9562 §5.7): 48 bits of milliseconds, a 32-bit counter spread
 * over `rand_a` and the top of `rand_b`, and the last 42 bits from random bytes — the layout of
 * `uuid`'s `v7({ msecs, seq, random })`, written out here so that the service's entry does not load
 * that package and its node:crypto random source, which the mock never uses (D92).
 */

const HEX: readonly string[] = Array.from({ length: 256 }, (_, byte) =>
  byte.toString(16).padStart(2, '0'),
);

/** The UUID v7 of `msecs`, `seq` and `random` (16 bytes, of which bytes 10–15 are used). */
export function uuidV7(msecs: number, seq: number, random: Uint8Array): string {
  return (
    HEX[(msecs / 0x100_0000_0000) & 0xff]! +
    HEX[(msecs / 0x1_0000_0000) & 0xff]! +
    HEX[(msecs / 0x100_0000) & 0xff]! +
    HEX[(msecs / 0x1_0000) & 0xff]! +
    '-' +
    HEX[(msecs / 0x100) & 0xff]! +
    HEX[msecs & 0xff]! +
    '-' +
    HEX[0x70 | ((seq >>> 28) & 0x0f)]! +
    HEX[(seq >>> 20) & 0xff]! +
    '-' +
    HEX[0x80 | ((seq >>> 14) & 0x3f)]! +
    HEX[(seq >>> 6) & 0xff]! +
    '-' +
    HEX[((seq << 2) & 0xff) | (random[10]! & 0x03)]! +
    HEX[random[11]!]! +
    HEX[random[12]!]! +
    HEX[random[13]!]! +
    HEX[random[14]!]! +
    HEX[random[15]!]!
  );
}
