/**
 * Benchmarks of the SDK (issue 5): what `client.messages.retrieve` adds over bare openapi-fetch on
 * the same fetch, with the default per-attempt timeout (which needs an AbortSignal on the request)
 * and without one. The size budget is `scripts/size-budget.mjs`.
 */
import createClient from 'openapi-fetch';
import { createMockService } from '../packages/mock/src/index';
import type { paths } from '../packages/sdk/src/generated/openapi';
import { comparePaired, fmt, report } from './harness';

// The built SDK, as users run it (scripts/bench.mjs builds it first): the sources through tsx carry
// a name-keeping helper call per closure that the published build does not have. Typed from the
// sources; loaded by a computed path so that typechecking a fresh clone needs no build.
const built: string = '../packages/sdk/dist/index.js';
const { MessagingClient } = (await import(built)) as typeof import('../packages/sdk/src/index');

const mock = createMockService({ rateLimits: false });
const demo = mock.seedDemo();
const sent = await mock.fetch(`${mock.baseUrl}/messages`, {
  method: 'POST',
  headers: { 'x-api-key': demo.liveKey, 'content-type': 'application/json' },
  body: JSON.stringify({ to: '+244923123456', body: 'Your code is 123456' }),
});
const { id } = (await sent.json()) as { id: string };
const json = await (
  await mock.fetch(`${mock.baseUrl}/messages/${id}`, { headers: { 'x-api-key': demo.liveKey } })
).text();

// The same fetch under both: a stub answering the retrieve with the mock's own JSON and the
// headers a server sends with it (a `Content-Length`, as the mock server and real services do).
const length = String(Buffer.byteLength(json));
const stub = async () =>
  new Response(json, {
    status: 200,
    headers: { 'content-type': 'application/json', 'content-length': length },
  });
const bare = createClient<paths>({
  baseUrl: mock.baseUrl,
  fetch: stub,
  headers: { 'X-API-KEY': demo.liveKey },
});
const params = { params: { path: { message_id: id } } } as const;

console.log('\n## SDK (issues 5 and 10)');
for (const [label, timeout] of [
  ['default 30 s timeout', undefined],
  ['timeout: Infinity', Number.POSITIVE_INFINITY],
] as const) {
  const client = new MessagingClient({
    apiKey: demo.liveKey,
    baseUrl: mock.baseUrl,
    fetch: stub,
    ...(timeout === undefined ? {} : { timeout }),
  });
  // 300 paired blocks of 200 calls a side: the target sits within the noise of fewer (E77).
  const r = await comparePaired(
    () => client.messages.retrieve(id),
    () => bare.GET('/messages/{message_id}', params),
  );
  report(
    `client.messages.retrieve vs bare openapi-fetch (${label})`,
    `${fmt(r.a)} vs ${fmt(r.b)}`,
    '≤ 1.1×',
    r.ratio <= 1.1,
  );
  report('  ratio', `${r.ratio.toFixed(2)}×`);
}
