/**
 * Plain `fetch` against a running server, with every exchange checked: public-API responses
 * against `openapi/openapi.yaml` (the shared `assertOnContract`), control responses against
 * `openapi/control.yaml`.
 */
import { assertOnContract } from '../../../../openapi/test/support/response-check';
import { assertOnControlContract } from './control-contract';

/** A response, read once. */
export interface Exchange {
  readonly status: number;
  /** Lower-case header names. */
  readonly headers: Record<string, string>;
  readonly text: string;
  // biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field in each test.
  readonly body: any;
}

/** Options of one request. */
export interface SendOptions {
  readonly query?: string;
  readonly headers?: Record<string, string>;
  /** An object is sent as JSON (with its content type); a string as written. */
  readonly body?: unknown;
}

/** Sends one request and reads the whole answer. Checks nothing. */
export async function send(
  origin: string,
  method: string,
  path: string,
  options: SendOptions = {},
): Promise<Exchange> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  Object.assign(headers, options.headers);
  const query = options.query ? `?${options.query}` : '';
  const response = await fetch(`${origin}${path}${query}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  const lower: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    lower[name] = value;
  });
  let json: unknown = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, headers: lower, text, body: json };
}

/** A public-API client bound to a server and a key; every response is contract-checked. */
export function publicApi(origin: string, apiKey: string | undefined) {
  const call = async (method: string, path: string, options: SendOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (apiKey !== undefined) headers['x-api-key'] = apiKey;
    const exchange = await send(origin, method, `/c/v1${path}`, { ...options, headers });
    const sentBody =
      options.body === undefined
        ? null
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body);
    assertOnContract(
      {
        method,
        path: `/c/v1${path}`,
        query: options.query ?? '',
        headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
        body: sentBody,
      },
      { status: exchange.status, headers: exchange.headers, body: exchange.text },
    );
    return exchange;
  };
  return {
    get: (path: string, query?: string) => call('GET', path, query === undefined ? {} : { query }),
    post: (path: string, body: unknown, headers?: Record<string, string>) =>
      call('POST', path, { body, ...(headers === undefined ? {} : { headers }) }),
    request: call,
  };
}

/**
 * A control-API client; every response is checked against control.yaml. With `world`, every path
 * goes under `/__mock/worlds/{world}` (D130) and is checked as the unprefixed one it stands for.
 */
export function controlApi(origin: string, adminToken?: string, world?: string) {
  const prefix = world === undefined ? '/__mock' : `/__mock/worlds/${world}`;
  const call = async (method: string, path: string, options: SendOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (adminToken !== undefined) headers.authorization = `Bearer ${adminToken}`;
    const exchange = await send(origin, method, `${prefix}${path}`, { ...options, headers });
    // Any world path answers an unknown world with readWorld's documented 404.
    const unknownWorld = world !== undefined && exchange.status === 404;
    assertOnControlContract(
      unknownWorld ? 'GET' : method,
      unknownWorld ? prefix : `/__mock${path}`,
      {
        status: exchange.status,
        headers: exchange.headers,
        body: exchange.text,
      },
    );
    return exchange;
  };
  return {
    get: (path: string, query?: string) => call('GET', path, query === undefined ? {} : { query }),
    post: (path: string, body?: unknown) => call('POST', path, body === undefined ? {} : { body }),
    put: (path: string, body: unknown) => call('PUT', path, { body }),
    patch: (path: string, body: unknown) => call('PATCH', path, { body }),
    delete: (path: string) => call('DELETE', path),
    request: call,
  };
}
