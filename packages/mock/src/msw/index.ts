/**
 * The mock as MSW handlers, for code that calls the global `fetch` itself: one catch-all handler per
 * base URL origin, routed by the mock's own router, so the mock costs the same with seven routes or
 * seventy. msw is an optional peer dependency: only this entry loads it.
 *
 * @example
 * ```ts
 * import { createMockService } from '@msgsvc/mock';
 * import { createHandlers } from '@msgsvc/mock/msw';
 * import { setupServer } from 'msw/node';
 *
 * const mock = createMockService({ demo: true });
 * const server = setupServer(...createHandlers(mock));
 * server.listen();
 * ```
 *
 * @module \@msgsvc/mock/msw
 */
import { http, type RequestHandler } from 'msw';
import { fromWebRequest, toWebResponse } from '../fetch';
import type { MockService } from '../mock-service';

/**
 * MSW handlers answering every path of each of the mock's base URL origins (the `baseUrls`
 * option of `createMockService`) with the mock.
 *
 * @param mock - The service to answer with.
 * @returns One handler per origin: `setupServer(...createHandlers(mock))`.
 */
export function createHandlers(mock: Pick<MockService, 'baseUrls' | 'handle'>): RequestHandler[] {
  const origins = [...new Set(mock.baseUrls.map((url) => new URL(url).origin))];
  return origins.map((origin) =>
    http.all(`${origin}/*`, async ({ request }) =>
      toWebResponse(await mock.handle(await fromWebRequest(request)), request.method === 'HEAD'),
    ),
  );
}
