/**
 * Which recorded paths replay may send. A cassette is input from anyone, and replay sends its
 * requests with the operator's keys, so a path goes out only when it stays inside the public API
 * in every form a server might read it (a backslash is a slash to URL parsers, a control character
 * dropped).
 */

/** Decodings looked through: `%252e` is `%2e` once decoded, `.` twice. */
const DECODINGS = 4;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f\\]/;
/** Overlong UTF-8 (`%c0%ae` is a dot to a lax decoder); never in valid UTF-8. */
const OVERLONG = /%c[01]|%e0%[89]|%f0%8/i;

/**
 * Why `path` (relative to `base`, query excluded) would leave the public API, or `undefined` when
 * it stays inside it.
 *
 * @example
 * ```ts
 * outsideApi('/%2e%2e/__mock/reset', 'http://127.0.0.1:4780/c/v1'); // 'a ".." segment once decoded'
 * outsideApi('/messages/0190…', 'http://127.0.0.1:4780/c/v1'); // undefined
 * ```
 */
export function outsideApi(path: string, base: string): string | undefined {
  if (!path.startsWith('/')) return 'it does not start with "/"';
  if (OVERLONG.test(path)) return 'it holds an overlong UTF-8 sequence';
  let form = path;
  for (let i = 0; i <= DECODINGS; i++) {
    if (UNSAFE.test(form)) return 'it holds a control character or a backslash once decoded';
    const dots = form.split('/').find((segment) => segment === '.' || segment === '..');
    if (dots !== undefined) {
      return `a "${dots}" segment${i === 0 ? '' : ' once decoded'}`;
    }
    // Percent-escapes of ASCII characters decoded: the ones a path can climb with.
    const next = form.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === form) break;
    form = next;
  }
  // The URL as fetch sends it, against what the base allows.
  const root = new URL(base).pathname.replace(/\/+$/, '');
  let sent: string;
  try {
    sent = new URL(`${base.replace(/\/+$/, '')}${path}`).pathname;
  } catch {
    return 'it is not a valid URL path';
  }
  if (sent !== root && !sent.startsWith(`${root}/`)) return `it leads outside ${root}`;
  return undefined;
}
