/** A finished exchange as the proxy read it; declared below the proxy for the cassette writer. */

/** When and how a request arrived, as the hot path saw it. */
export interface Arrival {
  /** `performance.now()` when its head was complete. */
  readonly at: number;
  /** `Date.now()` then. */
  readonly wall: number;
  readonly method: string;
  /** The request target as the client sent it. */
  readonly target: string;
  /** Its place in the cassette (`undefined` when not recorded). */
  readonly seq: number | undefined;
}

/** One body as kept for checking. */
export interface KeptBody {
  readonly bytes: Buffer;
  /** More arrived than was kept. */
  readonly truncated: boolean;
}

/** A finished exchange, read from the copy. Header names are lower case. */
export interface TappedExchange {
  readonly arrival: Arrival;
  /** The request target's path, as the client sent it. */
  readonly path: string;
  /** The request target's query, without `?` (`''` for none). */
  readonly query: string;
  /** Milliseconds from the request's head to the response's last byte. */
  readonly durationMs: number;
  /** The request's headers as the upstream got them. */
  readonly requestHeaders: Record<string, string>;
  readonly request: KeptBody;
  /** The final answer's status (1xx answers before it are skipped). */
  readonly status: number;
  readonly responseHeaders: Record<string, string>;
  /** The answer's body as kept (none for HEAD). */
  readonly response: KeptBody;
}
