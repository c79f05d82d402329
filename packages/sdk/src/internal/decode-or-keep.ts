/**
 * Percent-decoding that never throws.
 *
 * @module
 */

/**
 * `decodeURIComponent(text)`, or `text` as written when its percent-encoding is broken
 * (`%`, `%zz`, `%E0%A4%A`). `%2F` decodes to `/`: split a path into segments before decoding them.
 *
 * @param text - A percent-encoded path segment or query part.
 * @returns The decoded text, or `text` itself when it cannot be decoded.
 * @example
 * ```ts
 * import { decodeOrKeep } from '@msgsvc/sdk/contract';
 *
 * decodeOrKeep('a%20b'); // 'a b'
 * decodeOrKeep('%E0%A4%A'); // '%E0%A4%A'
 * ```
 */
export function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
