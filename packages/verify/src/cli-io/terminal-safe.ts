/**
 * Text from outside (a cassette, a deployment's answer) made safe to print: control characters,
 * which a terminal obeys (escape sequences move the cursor, rewrite lines, set the title), and the
 * bidirectional overrides, which reorder what is shown, are printed as escapes instead.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with every control character and bidirectional override written as `\xNN` or `\uNNNN`.
 *
 * @example
 * ```ts
 * terminalSafe('/messages/\u001b[2J'); // '/messages/\\x1b[2J'
 * ```
 */
export function terminalSafe(text: string): string {
  return text.replace(UNPRINTABLE, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
