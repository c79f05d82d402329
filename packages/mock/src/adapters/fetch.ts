/**
 * A `fetch`-compatible function over the http pipeline: hand it to any client
 * (`createClient({ fetch: mock.fetch })`) and requests never touch the network or a global.
 */
import type { HttpRequest, HttpResponse } from '../http/types';

/** A function with `fetch`'s signature. */
export type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** Reads the parts of a web `Request` the pipeline needs. */
export async function fromWebRequest(request: Request): Promise<HttpRequest> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text();
  return {
    method: request.method,
    path: url.pathname,
    query: url.search.length > 1 ? url.search.slice(1) : '',
    headers,
    body,
  };
}

/** Builds a web `Response` from the pipeline's answer. */
export function toWebResponse(response: HttpResponse): Response {
  return new Response(response.body, { status: response.status, headers: response.headers });
}

/** Wraps a request handler as a `fetch` function. */
export function createFetch(
  handle: (request: HttpRequest) => HttpResponse | Promise<HttpResponse>,
): FetchFunction {
  return async (input, init) => {
    const request =
      input instanceof Request && init === undefined ? input : new Request(input, init);
    const signal = request.signal;
    if (signal?.aborted) throw abortReason(signal);
    const answer = handle(await fromWebRequest(request));
    if (!(answer instanceof Promise) || signal === undefined) return toWebResponse(await answer);
    // An injected latency is a slow server: like a real fetch, give up as soon as the caller aborts.
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(abortReason(signal));
      signal.addEventListener('abort', onAbort, { once: true });
      answer
        .then((response) => resolve(toWebResponse(response)), reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}
