/**
 * MSW handlers: one catch-all handler per base URL origin, routed by the mock's own router, so the
 * mock costs the same with seven routes or seventy (`setupServer(...mock.handlers)`).
 */
import { http, type RequestHandler } from 'msw';
import { fromWebRequest, toWebResponse } from '../fetch';
import type { HttpRequest, HttpResponse } from '../http/types';

/** Builds the handlers for each base URL (every path on its origin is answered by the mock). */
export function createMswHandlers(
  baseUrls: readonly string[],
  handle: (request: HttpRequest) => HttpResponse | Promise<HttpResponse>,
): RequestHandler[] {
  const origins = [...new Set(baseUrls.map((url) => new URL(url).origin))];
  return origins.map((origin) =>
    http.all(`${origin}/*`, async ({ request }) =>
      toWebResponse(await handle(await fromWebRequest(request)), request.method === 'HEAD'),
    ),
  );
}
