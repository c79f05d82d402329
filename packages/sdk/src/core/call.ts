/**
 * Runs one openapi-fetch call for a resource: applies the per-request options and turns the
 * outcome into the body or a thrown {@link MessagingError}.
 *
 * The call's state is the SDK's own, never carried by a `Request` or `Response`: its options and
 * key go to the transport as its `CallControl`, and the transport's {@link Settled} record (the
 * body read, the parsed body, the attempts) comes back to the call. openapi-fetch sees only its
 * documented options: the call's `fetch` and `parseAs: 'stream'`, so it leaves a success's body
 * alone and the SDK parses it once, in the transport.
 */

import type { Client } from 'openapi-fetch';
import type { paths } from '../generated/openapi';
import { readable } from '../internal/exchange';
import type { Sleep } from '../internal/runtime';
import { APIPromise } from './api-promise';
import { errorFromResponse } from './errors';
import type { RequestOptions, SendOptions } from './request-options';
import type { CallControl, Settled, Transport } from './retry-fetch';

/**
 * What every resource shares with its client: the typed openapi-fetch client, the retrying
 * transport (for per-request policy overrides), and the clock and sleep (injectable for tests).
 */
export interface ClientContext {
  readonly raw: Client<paths>;
  readonly fetch: Transport;
  readonly sleep: Sleep;
  readonly now: () => number;
}

/** The openapi-fetch options a call adds to its typed parameters. */
export interface CallInit {
  headers?: Record<string, string>;
  fetch: (request: Request) => Promise<Response>;
  // Optional in the type only: openapi-fetch then types `data` as the operation's body, not a
  // stream (its `ParseAsResponse` looks for a required `parseAs`).
  parseAs?: 'stream';
}

// A call without options still hands the transport a control object: its (absent) signal is the
// caller's, so the transport never listens to the request's own, which nothing can abort.
const NO_OPTIONS: RequestOptions = Object.freeze({});

type Result = { error?: unknown };

/**
 * Calls `run` with the openapi-fetch options for `options` and wraps the outcome.
 *
 * @param idempotencyKey - The key the request carries, reported with the result or the error.
 * @param accept - Checks a success's body for what the caller relies on (see {@link send}).
 */
export function call<T>(
  ctx: ClientContext,
  options: RequestOptions | undefined,
  run: (init: CallInit) => Promise<Result & { data?: T }>,
  idempotencyKey?: string,
  accept?: (body: unknown) => string | undefined,
): APIPromise<T> {
  // The caller's signal and policy reach the transport as its control, never as the request's
  // signal: linking a signal to a Request costs more than the rest of a call, and the transport
  // hands each attempt its own signal instead.
  const control: CallControl =
    accept === undefined ? (options ?? NO_OPTIONS) : { ...options, accept };
  let settled: Settled | undefined;
  let response: Response | undefined;
  const init: CallInit = {
    // The `fetch` openapi-fetch calls: it runs the transport and keeps what it read. A success goes
    // back as it came: openapi-fetch, asked for a stream, does not read it. An error status's body
    // is read by openapi-fetch (its `error`), so it gets a readable copy.
    fetch: async (request) => {
      settled = await ctx.fetch(request, control);
      return settled.response.ok ? settled.response : readable(settled);
    },
    parseAs: 'stream',
  };
  if (options?.headers !== undefined) init.headers = options.headers;
  return new APIPromise(
    run(init).then(({ error }) => {
      const done = settled as Settled;
      const outcome = {
        // The success's body, parsed once by the transport.
        data: done.parsed as T,
        // A platform `Response` with the final status, headers and body, unread; built on first
        // use (most callers only want the body).
        get response(): Response {
          response ??= readable(done);
          return response;
        },
        idempotencyKey,
      };
      if (!done.response.ok) {
        throw errorFromResponse(outcome.response, error, idempotencyKey, ctx.now(), done.attempts);
      }
      return outcome;
    }),
  );
}

/**
 * A send: the call carries an `Idempotency-Key` (the caller's, or a new UUID) that every retry
 * reuses, and an answer without `field` (`id` of a sent message, `campaign_id` of an accepted
 * batch) is a failed attempt: the record exists and the application would never learn which it
 * is. Only that field is checked, so whatever else a newer service adds or reshapes still passes.
 *
 * @param field - The answer's field the application keeps, required as a non-empty string.
 * @param run - The openapi-fetch call, given the key's header.
 */
export function send<T>(
  ctx: ClientContext,
  options: SendOptions | undefined,
  field: keyof T & string,
  run: (header: { 'Idempotency-Key': string }, init: CallInit) => Promise<Result & { data?: T }>,
): APIPromise<T> {
  const key = options?.idempotencyKey ?? crypto.randomUUID();
  const accept = (body: unknown) => {
    const value = (body as Record<string, unknown> | null | undefined)?.[field];
    return typeof value === 'string' && value !== ''
      ? undefined
      : `without the \`${field}\` the contract promises`;
  };
  return call(ctx, options, (init) => run({ 'Idempotency-Key': key }, init), key, accept);
}
