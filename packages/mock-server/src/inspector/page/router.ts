/** The page's address: `#/<view>/<id>?q=…&offset=…`, so every view and record has a deep link. */

/** A parsed address. */
export interface Route {
  /** The decoded path parts: `['messages', '<id>']`. */
  readonly parts: readonly string[];
  readonly params: URLSearchParams;
}

/** Parses an address, with or without its `#/`; an empty or broken one is the messages list. */
export function parseRoute(address: string): Route {
  const hash = address.replace(/^#?\/?/, '');
  const [path = '', query = ''] = hash.split('?', 2);
  let parts: string[];
  try {
    parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    parts = [];
  }
  return { parts: parts.length === 0 ? ['messages'] : parts, params: new URLSearchParams(query) };
}

/** `path` with the given parameters as its query; an absent, empty or zero one is left out. */
export function withQuery(
  path: string,
  params: Readonly<Record<string, string | number | undefined>>,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && value !== 0) search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}
