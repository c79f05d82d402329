/**
 * A `fetch`-compatible function over the http pipeline. A request without a body is answered
 * without an `await` of its own: the mock's share of a call is then the pipeline and one `Response`.
 */
import { splitUrl } from '@msgsvc/sdk/contract';
import { isRequestLike, isThenable } from './domain/core/platform-checks';
import type { HttpRequest, HttpResponse } from './http/types';

/** A function with `fetch`'s signature. */
export type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** Reads the parts of a web `Request` the pipeline needs (synchronously when it has no body). */
export function fromWebRequest(request: Request): HttpRequest | Promise<HttpRequest> {
  const { path, query } = splitUrl(request.url);
  // Own data properties, so a header named `__proto__` is just a header; and cheaper than a
  // callback per header.
  let headers: Record<string, string> = Object.fromEntries(request.headers);
  // happy-dom's `Headers` (vitest's happy-dom environment) keeps the names' case; the pipeline
  // reads them lower-cased, as every fetch gives them.
  if (!namesLowerCase(headers)) {
    headers = Object.fromEntries(
      Array.from(request.headers, ([name, value]) => [name.toLowerCase(), value]),
    );
  }
  const method = request.method;
  if (method === 'GET' || method === 'HEAD') return { method, path, query, headers, body: null };
  // The bytes, not `text()`: that would turn bytes that are not UTF-8 into U+FFFD.
  return request
    .arrayBuffer()
    .then((buffer) => ({ method, path, query, headers, body: new Uint8Array(buffer) }));
}

function namesLowerCase(headers: Record<string, string>): boolean {
  for (const name in headers) if (name !== name.toLowerCase()) return false;
  return true;
}

/**
 * Builds a web `Response` from the pipeline's answer; the answer to a `HEAD` has its status and
 * headers and no body.
 */
export function toWebResponse(response: HttpResponse, head = false): Response {
  return new Response(head ? null : response.body, {
    status: response.status,
    headers: response.headers,
  });
}

/** Wraps a request handler as a `fetch` function. */
export function createFetch(
  handle: (request: HttpRequest) => HttpResponse | Promise<HttpResponse>,
): FetchFunction {
  return (input, init) => {
    try {
      const request = toRequest(input, init);
      // `init.signal` replaces the request's own, as in fetch.
      const signal = init?.signal ?? (input as { signal?: AbortSignal }).signal;
      if (isThenable(request)) return Promise.resolve(request).then((read) => send(read, signal));
      return send(request, signal);
    } catch (error) {
      return Promise.reject(error);
    }
  };

  function send(request: Request, signal: AbortSignal | undefined): Promise<Response> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const parsed = fromWebRequest(request);
    // A promise of another realm (the runner's `Request` reads its body with its own) is still one.
    if (isThenable(parsed))
      return Promise.resolve(parsed).then((read) =>
        answer(handle(read), signal, read.method === 'HEAD'),
      );
    return answer(handle(parsed), signal, parsed.method === 'HEAD');
  }
}

// A `Request` of any realm is read as it is, and so it is with an `init` that changes none of what
// the mock reads (the SDK hands each attempt's signal so). Otherwise `new Request(request, init)`
// would not recognise another realm's request (it would read it as the URL "[object Request]"), so
// its parts are copied into a new one: what `init` names replaces the request's, as fetch does.
function toRequest(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): Request | Promise<Request> {
  if (!isRequestLike(input)) return new Request(input, init);
  if (init === undefined) return input;
  if (init.method === undefined && init.headers === undefined && init.body === undefined) {
    return input;
  }
  const method = init.method ?? input.method;
  const rebuild = (body: BodyInit | null) =>
    new Request(input.url, { method, headers: init.headers ?? input.headers, body });
  const keepsBody =
    init.body === undefined && input.body !== null && method !== 'GET' && method !== 'HEAD';
  if (!keepsBody) return rebuild(init.body ?? null);
  return Promise.resolve(input.arrayBuffer()).then((buffer) => rebuild(new Uint8Array(buffer)));
}

function answer(
  result: HttpResponse | Promise<HttpResponse>,
  signal: AbortSignal | undefined,
  head: boolean,
) {
  if (!isThenable(result)) return Promise.resolve(toWebResponse(result, head));
  if (signal === undefined) return result.then((response) => toWebResponse(response, head));
  // An injected latency is a slow server: like a real fetch, give up as soon as the caller aborts.
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(result)
      .then((response) => resolve(toWebResponse(response, head)), reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}
