/** The body of a call together with the response and the metadata of the request. */
export interface WithResponse<T> {
  /** The typed body, exactly as `await`ing the call gives it. */
  data: T;
  /**
   * The platform `Response` of the final attempt, untouched by the SDK: its status, headers and
   * body, which is unread (read it once, or `clone()` it first). It is built from what the SDK
   * read, so its `url` is empty: the request's URL is in the hooks' events and the logs.
   */
  response: Response;
  /** `X-Trace-Id` of the response: quote it to support. */
  traceId: string | undefined;
  /** The `Idempotency-Key` the request carried (send calls always carry one). */
  idempotencyKey: string | undefined;
}

/**
 * A promise of a call's typed body. `await call` gives the body; `await call.withResponse()` gives
 * `{ data, response, traceId, idempotencyKey }`. The request starts when the call is made.
 *
 * @example
 * ```ts
 * const message = await client.messages.send({ to: '+244923000001', body: 'Olá' });
 * const { data, idempotencyKey, traceId } = await client.messages
 *   .send({ to: '+244923000001', body: 'Olá' })
 *   .withResponse();
 * ```
 */
export class APIPromise<T> extends Promise<T> {
  readonly #result: Promise<Omit<WithResponse<T>, 'traceId'>>;
  #data: Promise<T> | undefined;
  #withResponse: Promise<WithResponse<T>> | undefined;

  /**
   * @param result - The call's outcome: the body, the response and the key. The response (a
   * getter: it may be built on first use) and its trace id are read only when `withResponse()`
   * asks for them (most callers only await the body).
   */
  constructor(result: Promise<Omit<WithResponse<T>, 'traceId'>>) {
    // The base promise is never used (it stays pending): `then` reads `result`, so a rejection is
    // reported only to those who await the call (no unhandled rejection when only
    // `withResponse()` is used).
    super(unused);
    this.#result = result;
  }

  /** `then` on an APIPromise returns a plain Promise. */
  static override get [Symbol.species]() {
    return Promise;
  }

  /** The body with the response, the trace id and the idempotency key. */
  withResponse(): Promise<WithResponse<T>> {
    this.#withResponse ??= this.#result.then(({ data, response, idempotencyKey }) => ({
      data,
      response,
      traceId: response.headers.get('x-trace-id') ?? undefined,
      idempotencyKey,
    }));
    return this.#withResponse;
  }

  #parse(): Promise<T> {
    this.#data ??= this.#result.then(dataOf);
    return this.#data;
  }

  // biome-ignore lint/suspicious/noThenProperty: awaiting it is the point.
  override then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#parse().then(onFulfilled, onRejected);
  }

  override catch<B = never>(
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<T | B> {
    return this.#parse().catch(onRejected);
  }

  override finally(onFinally?: (() => void) | null): Promise<T> {
    return this.#parse().finally(onFinally);
  }
}

// Module-level, not per call: the executor of the unused base promise, and the body's accessor.
function unused(): void {}

function dataOf<T>(outcome: { data: T }): T {
  return outcome.data;
}
