/**
 * The http layer's input and output: plain data, not undici `Request`/`Response` objects (building
 * those costs more than the whole pipeline; see design.md). Adapters convert at the edges.
 */

/** A request as the pipeline sees it. */
export interface HttpRequest {
  /** The HTTP method, upper-case. */
  readonly method: string;
  /** The path, percent-encoded as received, without the query (e.g. `/c/v1/messages`). */
  readonly path: string;
  /** The raw query string without `?` (may be empty). */
  readonly query: string;
  /** Header names lower-cased. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /**
   * The body: the bytes as received (the pipeline decodes them as UTF-8 and refuses any that are
   * not), text already decoded, or `null` when there is none.
   */
  readonly body: string | Uint8Array | null;
}

/** A response as the pipeline produces it; `body` is JSON text. */
export interface HttpResponse {
  /** The HTTP status code. */
  readonly status: number;
  /** Response headers. */
  readonly headers: Record<string, string>;
  /** The body, JSON text. */
  readonly body: string;
}
