/**
 * One attempt as a whole exchange: the request sent, the response headers received and the body
 * read, all under one time limit and the caller's signal. A connection that breaks or stalls after
 * the headers is as much a failed attempt as one that breaks before them.
 *
 * The race is one object per attempt with no closures (its abort listener is the object itself)
 * and no timer of its own (the shared one in `deadlines.ts`): this runs on every call.
 */
import { type Expiring, release, watch } from './deadlines';

/** A response with its body read as text. */
export interface Exchange {
  readonly response: Response;
  readonly text: string;
}

/**
 * A platform `Response` with the exchange's status, headers and body, its body unread (the
 * exchange's own was read). Built only when someone will read it: an error, `withResponse()`, the
 * raw client.
 *
 * @param exchange - The response and the body read from it.
 */
export function readable({ response, text }: Exchange): Response {
  const { status } = response;
  // `new Response` takes only 200–599 (a custom fetch may answer `Response.error()`, status 0),
  // and a body only where one is allowed.
  if (status < 200 || status > 599) return response;
  return new Response(text || null, {
    status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * Why an attempt produced no exchange: `timeout` (the attempt's limit), `abort` (the caller's
 * signal), `network` (no response headers) or `body` (the body could not be read to its end).
 */
export class AttemptFailure {
  /**
   * @param reason - Which phase failed, and how.
   * @param cause - The underlying error or abort reason.
   */
  constructor(
    readonly reason: 'timeout' | 'abort' | 'network' | 'body',
    readonly cause: unknown,
  ) {}
}

/** The `fetch` an exchange uses: a request and, when it can be aborted, a signal. */
export type AttemptFetch = (request: Request, init?: { signal: AbortSignal }) => Promise<Response>;

/**
 * Runs one attempt. Rejects with an {@link AttemptFailure} only.
 *
 * @param fetch - The base fetch.
 * @param request - The request of this attempt.
 * @param limit - Milliseconds the whole exchange may take (`Infinity`: no limit).
 * @param signal - The caller's signal, if any.
 */
export function exchange(
  fetch: AttemptFetch,
  request: Request,
  limit: number,
  signal: AbortSignal | undefined,
): Promise<Exchange> {
  return new Promise((resolve, reject) =>
    new Race(signal, limit, resolve, reject).run(fetch, request),
  );
}

/**
 * The attempt's limits against its exchange; whichever settles first wins, later settlements are
 * ignored. It is also the `init` handed to `fetch`: its `signal` is created only when `fetch` reads
 * it, so a fetch that ignores signals (a mock) never pays for one.
 */
class Race implements Expiring {
  readonly #caller: AbortSignal | undefined;
  readonly #limit: number;
  readonly deadline: number;
  #controller: AbortController | undefined;
  /** Cleared once the race is settled. */
  #resolve: ((value: Exchange) => void) | undefined;
  readonly #reject: (failure: AttemptFailure) => void;

  constructor(
    caller: AbortSignal | undefined,
    limit: number,
    resolve: (value: Exchange) => void,
    reject: (failure: AttemptFailure) => void,
  ) {
    this.#caller = caller;
    this.#limit = limit;
    // `Infinity` (no limit) stays infinite; a limit past the longest timer is re-armed on firing.
    this.deadline = Date.now() + limit;
    this.#resolve = resolve;
    this.#reject = reject;
    // Every attempt registers with the shared timer, an untimed one too: while it is pending, the
    // timer keeps the process alive (a stalled custom fetch holds nothing else open).
    watch(this);
    caller?.addEventListener('abort', this);
  }

  /** The signal `fetch` may honour: aborted by the limit or the caller. */
  get signal(): AbortSignal {
    this.#controller ??= new AbortController();
    return this.#controller.signal;
  }

  async run(fetch: AttemptFetch, request: Request): Promise<void> {
    try {
      this.#settle(await readWhole(fetch, request, this), undefined);
    } catch (failure) {
      this.#settle(undefined, failure as AttemptFailure);
    }
  }

  /** The caller's abort (an `EventListener` object, so no closure is needed). */
  handleEvent(): void {
    this.fail(new AttemptFailure('abort', this.#caller?.reason));
  }

  /** The attempt's limit has passed (called by the shared deadline timer). */
  expire(): void {
    this.fail(
      new AttemptFailure(
        'timeout',
        new DOMException(`The attempt timed out after ${this.#limit} ms`, 'TimeoutError'),
      ),
    );
  }

  fail(failure: AttemptFailure): void {
    this.#controller?.abort(failure.cause);
    this.#settle(undefined, failure);
  }

  #settle(value: Exchange | undefined, failure: AttemptFailure | undefined): void {
    const resolve = this.#resolve;
    if (resolve === undefined) return;
    this.#resolve = undefined;
    release(this);
    this.#caller?.removeEventListener('abort', this);
    if (failure === undefined) resolve(value as Exchange);
    else this.#reject(failure);
  }
}

async function readWhole(
  fetch: AttemptFetch,
  request: Request,
  init: { signal: AbortSignal } | undefined,
): Promise<Exchange> {
  let response: Response;
  try {
    response = await fetch(request, init);
  } catch (cause) {
    throw new AttemptFailure('network', cause);
  }
  try {
    return { response, text: await response.text() };
  } catch (cause) {
    throw new AttemptFailure('body', cause);
  }
}
