/**
 * Runs one openapi-fetch call for a resource: applies the per-request options and turns the
 * outcome into the body or a thrown {@link MessagingError}.
 *
 * The call's state lives in one object of the SDK's own, a {@link Call}: its options and key go to
 * the transport as its `CallControl`, and the transport's {@link Settled} record (the body read,
 * the parsed body, the attempts) comes back to it. openapi-fetch sees only its documented
 * options: the call's `fetch` and `parseAs: 'stream'`, so it leaves a success's body alone and the
 * SDK parses it once, in the transport.
 */

import { readable } from '../internal/exchange';
import { APIPromise, type WithResponse } from './api-promise';
import type { ClientContext } from './context';
import { errorFromResponse } from './errors';
import type { RequestOptions } from './request-options';
import type { CallControl, Settled } from './retry-fetch';

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

/** One resource call: its options and key on the way down, its settled exchange on the way back. */
class Call<T> implements Omit<WithResponse<T>, 'traceId'> {
  readonly #ctx: ClientContext;
  // The caller's signal and policy reach the transport here, never as the request's signal:
  // linking a signal to a Request costs more than the rest of a call, and the transport hands
  // each attempt its own signal instead.
  readonly #control: CallControl;
  #settled: Settled | undefined;
  #response: Response | undefined;

  constructor(
    ctx: ClientContext,
    control: CallControl,
    readonly idempotencyKey: string | undefined,
  ) {
    this.#ctx = ctx;
    this.#control = control;
  }

  /** The `fetch` openapi-fetch calls: it runs the transport and keeps what it read. */
  // A field, not a method: openapi-fetch calls it as a plain function.
  readonly fetch = async (request: Request): Promise<Response> => {
    const settled = await this.#ctx.fetch(request, this.#control);
    this.#settled = settled;
    // A success goes back as it came: openapi-fetch, asked for a stream, does not read it. An error
    // status's body is read by openapi-fetch (its `error`), so it gets a readable copy.
    return settled.response.ok ? settled.response : readable(settled);
  };

  get #done(): Settled {
    return this.#settled as Settled;
  }

  /** The success's body, parsed once by the transport. */
  get data(): T {
    return this.#done.parsed as T;
  }

  /** The attempts the transport made. */
  get attempts(): number {
    return this.#done.attempts;
  }

  /** A platform `Response` with the final status, headers and body, unread; built on first use. */
  get response(): Response {
    this.#response ??= readable(this.#done);
    return this.#response;
  }

  /** The body, or the error for an error status. */
  outcome({ error }: Result): this {
    if (!this.#done.response.ok) {
      throw errorFromResponse(
        this.response,
        error,
        this.idempotencyKey,
        this.#ctx.now(),
        this.attempts,
      );
    }
    return this;
  }
}

/**
 * Calls `run` with the openapi-fetch options for `options` and wraps the outcome.
 *
 * @param idempotencyKey - The key the request carries, reported with the result or the error.
 * @param accept - Checks a success's body for what the caller relies on (see `required-field.ts`).
 */
export function call<T>(
  ctx: ClientContext,
  run: (init: CallInit) => Promise<Result & { data?: T }>,
  options: RequestOptions | undefined,
  idempotencyKey?: string,
  accept?: (body: unknown) => string | undefined,
): APIPromise<T> {
  const control = accept === undefined ? (options ?? NO_OPTIONS) : { ...options, accept };
  const state = new Call<T>(ctx, control, idempotencyKey);
  const init: CallInit = { fetch: state.fetch, parseAs: 'stream' };
  if (options?.headers !== undefined) init.headers = options.headers;
  return new APIPromise(run(init).then((result) => state.outcome(result)));
}
