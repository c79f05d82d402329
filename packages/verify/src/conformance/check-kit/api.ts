/**
 * The only way verify talks to a deployment: plain HTTP through `fetch`, one API key per client,
 * 429s waited out until the run's deadline, sends reserved in the run's budget.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { brief, Drift, Skip } from './drift';

/** One request and its answer, body read and parsed when it is JSON. */
export interface Exchange {
  readonly method: string;
  readonly path: string;
  /** The query string sent: `?size=1`, or empty. */
  readonly search: string;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed body, or `undefined` when it is not JSON. */
  readonly json: unknown;
}

/** What one request sends. */
export interface RequestSpec {
  /** Query parameters, repeated by giving an array; one that is `undefined` is left out. */
  readonly query?: Readonly<
    Record<string, string | number | readonly (string | number)[] | undefined>
  >;
  /** A JSON body (serialised here), or `raw` for exact bytes. */
  readonly body?: unknown;
  readonly raw?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** `null` sends no `X-API-KEY` at all; a string sends that key instead of the client's. */
  readonly key?: string | null;
  /** Messages the request creates if accepted: reserved in the send budget first. */
  readonly sends?: number;
  /** Return a 429 instead of waiting it out. */
  readonly see429?: boolean;
}

/** Options of {@link createApi}. */
export interface ApiOptions {
  /** The public API's base URL, ending in `/c/v1`. */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** The run's send budget, shared by its clients: messages reserved so far, of at most `max`. */
  readonly budget: { used: number; readonly max: number };
  /** Epoch milliseconds after which a 429 is no longer waited out. */
  readonly deadline: number;
  readonly fetch?: typeof fetch | undefined;
}

/** A client of the public API for one key. */
export type Api = ReturnType<typeof createApi>;

/** A client of the public API at `baseUrl` with `apiKey`. */
export function createApi(options: ApiOptions) {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function once(method: string, path: string, spec: RequestSpec): Promise<Exchange> {
    const url = new URL(`${base}${path}`);
    for (const [name, value] of Object.entries(spec.query ?? {})) {
      for (const item of [value ?? []].flat()) url.searchParams.append(name, String(item));
    }
    const headers: Record<string, string> = { accept: 'application/json', ...spec.headers };
    const key = spec.key === undefined ? options.apiKey : spec.key;
    if (key !== null) headers['x-api-key'] = key;
    if (spec.body !== undefined) headers['content-type'] ??= 'application/json';
    const body = spec.body === undefined ? (spec.raw ?? null) : JSON.stringify(spec.body);
    const response = await doFetch(url, { method, headers, body, redirect: 'manual' });
    // Read once: node-fetch (cross-fetch's in Node) stalls a clone read before its original.
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {}
    const { search } = url;
    return { method, path, search, status: response.status, headers: response.headers, text, json };
  }

  return {
    key: options.apiKey,
    async request(method: string, path: string, spec: RequestSpec = {}) {
      // Reserved before the request is made, as many as it would create if accepted, so the run
      // never exceeds --max-sends even against a service that accepts what it should refuse.
      const { budget } = options;
      const sends = spec.sends ?? 0;
      if (budget.used + sends > budget.max) {
        throw new Skip(
          `needs ${sends} send(s), ${budget.max - budget.used} left of --max-sends ${budget.max}`,
        );
      }
      budget.used += sends;
      let backoff = 50;
      for (;;) {
        const exchange = await once(method, path, spec);
        if (exchange.status === 429 && !spec.see429 && Date.now() < options.deadline) {
          // Retry-After counts seconds of the deployment's clock, which a mock may run faster:
          // back off exponentially from 50 ms up to it (at most a second at a time), so a fast
          // clock's window is caught soon after it opens and a real one is not hammered.
          const after = Number(exchange.headers.get('retry-after'));
          await sleep(Math.min(backoff, after > 0 ? after * 1_000 : 1_000, 1_000));
          backoff *= 2;
          continue;
        }
        // A refused request (4xx) created nothing: its reservation is given back.
        if (exchange.status >= 400 && exchange.status < 500) budget.used -= sends;
        return exchange;
      }
    },
  };
}

/** `POST /messages` of `{ to, body }`, its one message reserved; `spec` adds headers or a key. */
export function sendMessage(
  api: Api,
  to: string,
  body: string,
  spec: Omit<RequestSpec, 'body' | 'raw'> = {},
): Promise<Exchange> {
  return api.request('POST', '/messages', { ...spec, body: { to, body }, sends: 1 });
}

/** `POST /campaigns/batch` of `batch`, every recipient reserved unless `spec.sends` says less. */
export function sendBatch(
  api: Api,
  batch: { readonly recipients: readonly unknown[] },
  spec: Omit<RequestSpec, 'body' | 'raw'> = {},
): Promise<Exchange> {
  const sends = batch.recipients.length;
  return api.request('POST', '/campaigns/batch', { sends, ...spec, body: batch });
}

/** The error code of an error envelope, if the body is one. */
export function codeOf(exchange: Exchange): string | undefined {
  const body = exchange.json as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** `status code` of an exchange for failure messages, with the body's `fields` when present. */
export function describeExchange(exchange: Exchange): string {
  const body = exchange.json as { code?: unknown; fields?: unknown } | undefined;
  const code = typeof body?.code === 'string' ? ` ${body.code}` : '';
  const fields = body?.fields === undefined ? '' : ` fields=${brief(body.fields)}`;
  const plain = code === '' ? ` ${brief(exchange.text.slice(0, 200))}` : '';
  return `${exchange.status}${code}${fields}${plain}`;
}

/**
 * Fails unless the answer has `status` (and `code`, and every field named in `fields` in the
 * envelope's `fields`). Returns the parsed body.
 */
export function expectAnswer(
  exchange: Exchange,
  status: number,
  code?: string,
  fields: readonly string[] = [],
): Record<string, unknown> {
  const body = exchange.json as Record<string, unknown> | undefined;
  const bodyFields = (body?.fields ?? {}) as Record<string, unknown>;
  const ok =
    exchange.status === status &&
    (code === undefined || body?.code === code) &&
    fields.every((name) => Object.hasOwn(bodyFields, name));
  if (!ok) {
    const want = `${status}${code === undefined ? '' : ` ${code}`}${
      fields.length === 0 ? '' : ` with fields ${fields.join(', ')}`
    }`;
    throw new Drift(`${want} for ${exchange.method} ${exchange.path}`, describeExchange(exchange));
  }
  return (body ?? {}) as Record<string, unknown>;
}
