/**
 * A tiny HTTP client over `mock.fetch`, so tests read as the requests a real client sends:
 * `await as(demo.liveKey).get('/messages', { status: ['SENT', 'FAILED'] })`. Every exchange still
 * goes through the contract check installed by `./mock`.
 */
import type { MockService } from '../../src/index';

/**
 * A response body as a test reads it: tests assert on exact field names and values, and the
 * contract harness has already checked the shape.
 */
// biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field in each test.
export type Json = any;

/** A response, read once. */
export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Json;
  /** The `X-Trace-Id` header. */
  readonly traceId: string | null;
}

/** Query parameters; arrays repeat the parameter (`status=SENT&status=FAILED`). */
export type Query =
  | string
  | Readonly<Record<string, string | number | readonly (string | number)[] | undefined>>;

/** Options of a raw request. */
export interface RequestOptions {
  readonly query?: Query;
  /** An object is sent as JSON; a string is sent as written. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Builds a query string (without `?`). */
function queryString(query: Query | undefined): string {
  if (query === undefined) return '';
  if (typeof query === 'string') return query;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) params.append(name, String(item));
  }
  return params.toString();
}

/** Sends one request to the mock's public layer and reads the JSON answer. */
export async function call(
  mock: MockService,
  apiKey: string | undefined,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const query = queryString(options.query);
  const url = `${mock.baseUrl}${path}${query === '' ? '' : `?${query}`}`;
  const headers: Record<string, string> = {};
  if (apiKey !== undefined) headers['x-api-key'] = apiKey;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  Object.assign(headers, options.headers);
  const response = await mock.fetch(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? null : JSON.parse(text),
    traceId: response.headers.get('x-trace-id'),
  };
}

/** A client bound to one API key (or to none: `as(undefined)` sends no `X-API-KEY`). */
export function api(mock: MockService, apiKey: string | undefined) {
  return {
    get: (path: string, query?: Query, headers?: Record<string, string>) =>
      call(mock, apiKey, 'GET', path, {
        ...(query === undefined ? {} : { query }),
        ...(headers === undefined ? {} : { headers }),
      }),
    post: (path: string, body: unknown, headers?: Record<string, string>) =>
      call(mock, apiKey, 'POST', path, { body, ...(headers === undefined ? {} : { headers }) }),
    request: (method: string, path: string, options?: RequestOptions) =>
      call(mock, apiKey, method, path, options),
  };
}

/** The client type {@link api} returns. */
export type Api = ReturnType<typeof api>;

/** An error body without the parts that differ on every request (trace id, timestamp). */
export function stableError(body: Json): Json {
  const { trace_id: _trace, timestamp: _timestamp, ...rest } = body as Record<string, unknown>;
  return rest;
}
