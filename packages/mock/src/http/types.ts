/**
 * The http layer's input and output: plain data, not undici `Request`/`Response` objects (building
 * those costs more than the whole pipeline; see design.md). Adapters convert at the edges.
 */

/** A request as the pipeline sees it. */
export interface HttpRequest {
  readonly method: string;
  /** The path, percent-encoded as received, without the query (e.g. `/c/v1/messages`). */
  readonly path: string;
  /** The raw query string without `?` (may be empty). */
  readonly query: string;
  /** Header names lower-cased. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The body as text, or `null` when there is none. */
  readonly body: string | null;
}

/** A response as the pipeline produces it; `body` is JSON text. */
export interface HttpResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}
