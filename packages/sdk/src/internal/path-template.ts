/**
 * The contract's path templates, matched the way OpenAPI matches them: segment by segment, a
 * `{name}` segment matching any non-empty segment, and the most literal template winning
 * (`/campaigns/batch` before `/campaigns/{campaign_id}`). The mock's router, the server's control
 * routes, the inspector's journal and verify's proxy all match paths with this one file, and
 * percent-decode with its {@link decodeOrKeep}.
 */

/** One template, split once. */
interface Compiled<T> {
  readonly value: T;
  /** Literal segments as written; `undefined` where the template has a parameter. */
  readonly literals: readonly (string | undefined)[];
  /** The parameters' names by position (`undefined` for literal segments). */
  readonly names: readonly (string | undefined)[];
  readonly params: number;
}

/** A set of path templates compiled by {@link pathTemplates}. */
export interface PathTemplates<T> {
  /** Templates by their number of segments, the fewest parameters first. */
  readonly bySegments: readonly (readonly Compiled<T>[] | undefined)[];
}

/** What a path matched: the values of its most literal templates and the first one's parameters. */
export interface PathMatch<T> {
  /** Every value whose template fits with the fewest parameters, in the order they were given. */
  readonly values: readonly T[];
  /** The parameters of the first of them, decoded, by name. */
  readonly params: Record<string, string>;
}

/**
 * Compiles templates (`/messages/{message_id}`, relative to a base path) for {@link matchPath}.
 * Several values may share a template (one per method).
 *
 * @example
 * ```ts
 * import { matchPath, pathSegments, pathTemplates } from '@msgsvc/sdk/contract';
 *
 * const templates = pathTemplates([
 *   ['/campaigns/{campaign_id}', 'getCampaign'],
 *   ['/campaigns/batch', 'sendBatch'],
 * ]);
 * matchPath(templates, pathSegments('/campaigns/batch', 1))?.values; // ['sendBatch']
 * matchPath(templates, pathSegments('/campaigns/c%201', 1))?.params; // { campaign_id: 'c 1' }
 * ```
 */
export function pathTemplates<T>(
  entries: Iterable<readonly [template: string, value: T]>,
): PathTemplates<T> {
  const bySegments: Compiled<T>[][] = [];
  for (const [template, value] of entries) {
    const segments = template.split('/').slice(1);
    const names = segments.map((segment) =>
      segment.startsWith('{') && segment.endsWith('}') ? segment.slice(1, -1) : undefined,
    );
    const literals = segments.map((segment, i) => (names[i] === undefined ? segment : undefined));
    const params = names.filter((name) => name !== undefined).length;
    bySegments[segments.length] ??= [];
    bySegments[segments.length]!.push({ value, literals, names, params });
  }
  for (const group of bySegments) group?.sort((a, b) => a.params - b.params);
  return { bySegments };
}

/**
 * The most literal templates that fit decoded path segments (see {@link pathSegments}), or
 * `undefined` when none does. Nothing is allocated until a template fits: this runs for every
 * request the mock answers.
 */
export function matchPath<T>(
  templates: PathTemplates<T>,
  segments: readonly string[],
): PathMatch<T> | undefined {
  let match: { values: T[]; params: Record<string, string> } | undefined;
  let fewest = 0;
  for (const template of templates.bySegments[segments.length] ?? []) {
    if (match !== undefined && template.params > fewest) break;
    if (!fits(template, segments)) continue;
    if (match === undefined) {
      match = { values: [], params: paramsOf(template, segments) };
      fewest = template.params;
    }
    match.values.push(template.value);
  }
  return match;
}

function fits(template: Compiled<unknown>, segments: readonly string[]): boolean {
  for (let i = 0; i < segments.length; i++) {
    const literal = template.literals[i];
    if (literal === undefined ? segments[i] === '' : literal !== segments[i]) return false;
  }
  return true;
}

function paramsOf(
  template: Compiled<unknown>,
  segments: readonly string[],
): Record<string, string> {
  const params: Record<string, string> = {};
  template.names.forEach((name, i) => {
    if (name !== undefined) params[name] = segments[i]!;
  });
  return params;
}

/**
 * The `/`-separated segments of `path` from index `start`, each percent-decoded (a broken escape
 * kept as written). Split before decoding, so `%2F` stays inside its segment; a trailing slash
 * gives an empty last segment, which no template fits.
 *
 * @example
 * ```ts
 * import { pathSegments } from '@msgsvc/sdk/contract';
 *
 * pathSegments('/c/v1/messages/a%2Fb', '/c/v1/'.length); // ['messages', 'a/b']
 * ```
 */
export function pathSegments(path: string, start = 0): string[] {
  const segments: string[] = [];
  // A loop of `indexOf`, without the intermediate string of `slice().split()`: twice as fast, and
  // it runs for every request.
  for (let from = start; ; ) {
    const slash = path.indexOf('/', from);
    const segment = path.slice(from, slash < 0 ? path.length : slash);
    segments.push(segment.includes('%') ? decodeOrKeep(segment) : segment);
    if (slash < 0) return segments;
    from = slash + 1;
  }
}

/** A URL's path and query, as {@link splitUrl} cuts them. */
export interface UrlParts {
  /** The path, still percent-encoded (`/c/v1/messages`). */
  readonly path: string;
  /** The raw query without `?` (`page=2`), or `''`. */
  readonly query: string;
}

/**
 * The still-encoded path and raw query (without `?`) of an absolute URL (`Request.url`) or of a
 * request target (`/c/v1/messages?page=2`, Node's `req.url`); a fragment is dropped. Cheaper than
 * `new URL()`, which the hot paths cannot afford.
 *
 * @example
 * ```ts
 * import { splitUrl } from '@msgsvc/sdk/contract';
 *
 * splitUrl('http://127.0.0.1:4780/c/v1/messages?page=2'); // { path: '/c/v1/messages', query: 'page=2' }
 * ```
 */
export function splitUrl(url: string): UrlParts {
  const pathStart = url.startsWith('/') ? 0 : url.indexOf('/', url.indexOf('//') + 2);
  if (pathStart < 0) return { path: '/', query: '' };
  const hash = url.indexOf('#', pathStart);
  const end = hash < 0 ? url.length : hash;
  const mark = url.indexOf('?', pathStart);
  if (mark < 0 || mark > end) return { path: url.slice(pathStart, end), query: '' };
  return { path: url.slice(pathStart, mark), query: url.slice(mark + 1, end) };
}

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
