import * as openapiFetch from 'openapi-fetch';
import { API_KEY_PATTERN } from './core/api-key';
import type { ClientContext } from './core/call';
import {
  createTransport,
  type RetryOptions,
  type Sleep,
  type TransportHooks,
} from './core/retry-fetch';
import type { paths } from './generated/openapi';
import { readable } from './internal/exchange';
import { isBrowser, readEnv, sleep } from './internal/runtime';
import { type Logger, type LogLevel, logHooks, parseLogLevel } from './logging';
import { Campaigns } from './resources/campaigns';
import { Messages } from './resources/messages';

type CreateClient = typeof openapiFetch.default;
// openapi-fetch's CommonJS build sets `exports.default` without `__esModule`, so in our CommonJS
// build (Node's interop rules: this package is `"type": "module"`) the default import is the whole
// exports object and `createClient` sits one level deeper.
const createClient: CreateClient =
  (openapiFetch.default as unknown as { default?: CreateClient }).default ?? openapiFetch.default;

/** Options of {@link MessagingClient}. Every one is optional. */
export interface ClientOptions extends RetryOptions, TransportHooks {
  /** `svc_live_…` or `svc_test_…`. Default: the `MSGSVC_API_KEY` environment variable. */
  apiKey?: string | undefined;
  /**
   * The public layer's URL, ending in `/c/v1` (e.g. `https://api.example.com/c/v1`). Default: the
   * `MSGSVC_BASE_URL` environment variable. There is no built-in default: a production client
   * must never talk to a place it was not told about.
   */
  baseUrl?: string | undefined;
  /**
   * The `fetch` to use (a mock's, an instrumented one). Default: `globalThis.fetch`, at call time.
   * It receives each attempt's `Request` and `{ signal }`: a fetch that honours the signal is
   * aborted by timeouts and cancellation (the client enforces both either way).
   */
  fetch?: ((request: Request, init?: { signal: AbortSignal }) => Promise<Response>) | undefined;
  /** Headers added to every request. */
  defaultHeaders?: Record<string, string> | undefined;
  /**
   * The wait between retries, polls and paced batches. Default: a `setTimeout` sleep. A retry's
   * wait counts against `totalTimeout` in wall time: a sleep still running at the deadline is
   * abandoned (its signal aborts) and the call fails with `TimeoutError`.
   */
  sleep?: Sleep | undefined;
  /** The clock, in epoch milliseconds. Default `Date.now`. */
  now?: (() => number) | undefined;
  /**
   * Allow running in a browser. The API key would be visible to anyone using the page; the
   * service expects requests from backend servers only. Default false.
   */
  dangerouslyAllowBrowser?: boolean | undefined;
  /**
   * Debug logging: `debug` prints each attempt and response (method, path, status, attempt,
   * duration, trace id), `info` each retry with its delay, `warn` each call that failed for good.
   * The API key is shown by its prefix only. Default: the `MSGSVC_LOG` environment variable, else
   * `off`.
   */
  logLevel?: LogLevel | undefined;
  /** Where log lines go. Default `console`. */
  logger?: Logger | undefined;
  /**
   * Include request and response bodies in `debug` lines (they hold phone numbers and message
   * text). Default false.
   */
  logBodies?: boolean | undefined;
}

/**
 * The client. One instance per API key; it is cheap to keep and safe to share.
 *
 * Each attempt (sending, the response headers and the body) times out after 30 s; attempts are
 * retried twice on connection errors (a body cut or stalled included), 408, 409, 429, 5xx and
 * successes whose body is not JSON — POSTs only with an `Idempotency-Key`, which the send calls
 * always carry. Every failure is thrown as a {@link MessagingError} subclass carrying the key and
 * the number of attempts.
 *
 * @example
 * ```ts
 * import { MessagingClient } from '@msgsvc/sdk';
 *
 * const client = new MessagingClient({
 *   apiKey: process.env.MSGSVC_API_KEY,
 *   baseUrl: 'https://api.example.com/c/v1',
 * });
 * const message = await client.messages.send({ to: '+244923000001', body: 'Olá!' });
 * for await (const entry of client.messages.list({ status: ['FAILED'] })) console.log(entry.id);
 * ```
 */
export class MessagingClient {
  /** Send, retrieve, list and wait for messages. */
  readonly messages: Messages;
  /** Send, fan out, retrieve, list and wait for campaigns. */
  readonly campaigns: Campaigns;
  /**
   * The typed openapi-fetch client, with the key, retries and timeouts of this client: for what
   * the resources do not cover. It returns `{ data, error, response }` instead of throwing. A POST
   * through it is retried only when you pass an `Idempotency-Key`.
   */
  readonly raw: openapiFetch.Client<paths>;
  /** The base URL requests go to. */
  readonly baseUrl: string;
  /** `live` or `test`, from the key's prefix. */
  readonly environment: 'live' | 'test';

  /**
   * @param options - Key, base URL, transport and retry settings.
   * @throws TypeError when the key or the base URL is missing or malformed, or in a browser
   * without `dangerouslyAllowBrowser`.
   */
  constructor(options: ClientOptions = {}) {
    if (isBrowser() && options.dangerouslyAllowBrowser !== true) {
      throw new TypeError('Browser use exposes the API key; opt in with dangerouslyAllowBrowser');
    }
    const apiKey = options.apiKey ?? readEnv('MSGSVC_API_KEY');
    const environment = apiKey === undefined ? undefined : API_KEY_PATTERN.exec(apiKey)?.[1];
    if (environment === undefined) {
      // The message never repeats the key: it ends up in logs.
      throw new TypeError(
        `${apiKey === undefined ? 'Missing' : 'Malformed'} API key: pass svc_live_… or svc_test_… as apiKey or MSGSVC_API_KEY`,
      );
    }
    const baseUrl = (options.baseUrl ?? readEnv('MSGSVC_BASE_URL') ?? '').replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]/.test(baseUrl)) {
      throw new TypeError(
        `${baseUrl === '' ? 'Missing' : 'Malformed'} base URL: pass https://…/c/v1 as baseUrl or MSGSVC_BASE_URL`,
      );
    }

    const wait = options.sleep ?? sleep;
    const now = options.now ?? Date.now;
    const level = options.logLevel ?? parseLogLevel(readEnv('MSGSVC_LOG'));
    const hooks = logHooks(options, level, options.logger ?? console, options.logBodies === true);
    const transport = createTransport({
      fetch: options.fetch ?? ((request, init) => globalThis.fetch(request, init)),
      maxRetries: options.maxRetries ?? 2,
      timeout: options.timeout ?? 30_000,
      totalTimeout: options.totalTimeout,
      maxRetryAfter: options.maxRetryAfter ?? 60_000,
      sleep: wait,
      now,
      ...hooks,
    });
    this.raw = createClient<paths>({
      baseUrl,
      // The raw client's calls read the body through openapi-fetch: it gets a readable copy of
      // the final response. (openapi-fetch may pass a second argument; the transport's second is
      // its overrides.) Resource calls pass their own `fetch` (core/call.ts).
      fetch: (request) => transport(request).then(readable),
      headers: { ...options.defaultHeaders, 'X-API-KEY': apiKey as string },
      // Never follow a redirect: it could carry the key to another origin.
      redirect: 'manual',
    });
    const ctx: ClientContext = { raw: this.raw, fetch: transport, sleep: wait, now };
    this.messages = new Messages(ctx);
    this.campaigns = new Campaigns(ctx);
    this.baseUrl = baseUrl;
    this.environment = environment as 'live' | 'test';
  }
}
