/**
 * Runs one openapi-fetch call for a resource: applies the per-request options and turns the
 * `{ data, error, response }` result into the body or a thrown {@link MessagingError}.
 */
import { APIPromise } from '../api-promise';
import { errorFromResponse } from '../errors';
import type { RequestOptions } from '../request-options';
import { attemptsOf } from '../retry-fetch';
import type { ClientContext } from './context';

/** The openapi-fetch options a call adds to its typed parameters. */
export interface CallInit {
  headers?: Record<string, string>;
  fetch?: (request: Request) => Promise<Response>;
}

// A call without options still hands the transport a control object: its (absent) signal is the
// caller's, so the transport never listens to the request's own, which nothing can abort.
const NO_OPTIONS: RequestOptions = Object.freeze({});

type Result<T> = { data?: T; error?: unknown; response: Response };

/**
 * Calls `run` with the openapi-fetch options for `options` and wraps the outcome.
 *
 * @param idempotencyKey - The key the request carries, reported with the result or the error.
 * @param accept - Checks a success's body for what the caller relies on (see `required-field.ts`).
 */
export function call<T>(
  ctx: ClientContext,
  run: (init: CallInit) => Promise<Result<T>>,
  options: RequestOptions | undefined,
  idempotencyKey?: string,
  accept?: (body: unknown) => string | undefined,
): APIPromise<T> {
  // The caller's signal and policy reach the transport through `control`, never as the request's
  // signal: linking a signal to a Request costs more than the rest of a call, and the transport
  // hands each attempt its own signal instead.
  const control = accept === undefined ? (options ?? NO_OPTIONS) : { ...options, accept };
  const init: CallInit = { fetch: (request) => ctx.fetch(request, control) };
  if (options?.headers !== undefined) init.headers = options.headers;
  const result = run(init).then(({ data, error, response }) => {
    if (!response.ok) {
      throw errorFromResponse(response, error, idempotencyKey, ctx.now(), attemptsOf(response));
    }
    return { data: data as T, response, idempotencyKey };
  });
  return new APIPromise(result);
}
