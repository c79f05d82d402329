/**
 * Benchmarks of the mock engine (issues 3 and 13): the cost of the mock on the SDK's request path
 * and behind msw, a 1000-recipient campaign end to end, a fresh world, filtered lists and `q` over
 * 1,000,000 messages, and the heap each stored message costs (with and without the `q` index).
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import createClient from 'openapi-fetch';
import { sendBatch } from '../packages/mock/src/domain/campaigns/campaigns';
import { runUntilIdle } from '../packages/mock/src/domain/engine/engine';
import type {
  HttpRequest,
  HttpResponse as MockResponse,
  MockService,
} from '../packages/mock/src/index';
import { createMockService } from '../packages/mock/src/index';
import { createHandlers } from '../packages/mock/src/msw/index';
import type { paths } from '../packages/sdk/src/generated/openapi';
import { compare, fmt, median, percentile, report, timePerCall } from './harness';

// Without latency faults the pipeline answers synchronously; the bench relies on it.
function handleSync(mock: MockService, request: HttpRequest): MockResponse {
  const response = mock.handle(request);
  if (response instanceof Promise) throw new Error('unexpected asynchronous answer');
  return response;
}

async function sdkShapedCall() {
  const mock = createMockService({ rateLimits: false });
  const demo = mock.seedDemo();
  const sent = handleSync(mock, {
    method: 'POST',
    path: '/c/v1/messages',
    query: '',
    headers: { 'x-api-key': demo.liveKey, 'content-type': 'application/json' },
    body: JSON.stringify({ to: '+244923123456', body: 'Your code is 123456' }),
  });
  const id = JSON.parse(sent.body).id as string;
  const json = handleSync(mock, {
    method: 'GET',
    path: `/c/v1/messages/${id}`,
    query: '',
    headers: { 'x-api-key': demo.liveKey },
    body: null,
  }).body;
  const floorFetch = async () =>
    new Response(json, { status: 200, headers: { 'content-type': 'application/json' } });
  const viaMock = createClient<paths>({
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
    headers: { 'X-API-KEY': demo.liveKey },
  });
  const viaFloor = createClient<paths>({
    baseUrl: mock.baseUrl,
    fetch: floorFetch,
    headers: { 'X-API-KEY': demo.liveKey },
  });
  const params = { params: { path: { message_id: id } } } as const;
  const r = await compare(
    () => viaMock.GET('/messages/{message_id}', params),
    () => viaFloor.GET('/messages/{message_id}', params),
    4000,
    9,
  );
  report(
    'openapi-fetch via mock.fetch (GET /messages/{id})',
    `${fmt(r.a)} vs floor ${fmt(r.b)}`,
    '≤ 1.3×',
    r.ratio <= 1.3,
  );
  report('  ratio', `${r.ratio.toFixed(2)}×`);

  // MSW: the mock's catch-all handler vs one trivial handler returning the same JSON.
  const trivial = setupServer(
    http.get('http://127.0.0.2:4780/c/v1/messages/:id', () => HttpResponse.json(JSON.parse(json))),
  );
  const mswMock = createMockService({
    baseUrls: ['http://127.0.0.3:4780/c/v1'],
    rateLimits: false,
  });
  const mswDemo = mswMock.seedDemo();
  const mswSent = handleSync(mswMock, {
    method: 'POST',
    path: '/c/v1/messages',
    query: '',
    headers: { 'x-api-key': mswDemo.liveKey, 'content-type': 'application/json' },
    body: JSON.stringify({ to: '+244923123456', body: 'Your code is 123456' }),
  });
  const mswId = JSON.parse(mswSent.body).id as string;
  const mockServer = setupServer(...createHandlers(mswMock));
  // The same request, the same JSON, through each server's handlers; msw allows one server
  // listening at a time, so the two alternate round by round and each side keeps its median.
  const get = (host: string) => () =>
    fetch(`http://${host}:4780/c/v1/messages/${mswId}`, {
      headers: { 'X-API-KEY': mswDemo.liveKey },
    }).then((res) => res.json());
  const trivialTimes: number[] = [];
  const mockTimes: number[] = [];
  for (let round = 0; round < 8; round++) {
    trivial.listen({ onUnhandledRequest: 'bypass' });
    const t = await timePerCall(get('127.0.0.2'), 600, 1);
    trivial.close();
    mockServer.listen({ onUnhandledRequest: 'bypass' });
    const m = await timePerCall(get('127.0.0.3'), 600, 1);
    mockServer.close();
    // The first round warms both up.
    if (round > 0) {
      trivialTimes.push(t);
      mockTimes.push(m);
    }
  }
  const trivialTime = median(trivialTimes);
  const mockTime = median(mockTimes);
  const ratio = mockTime / trivialTime;
  report(
    'fetch via setupServer(...createHandlers(mock))',
    `${fmt(mockTime)} vs trivial ${fmt(trivialTime)}`,
    '≤ 1.1×',
    ratio <= 1.1,
  );
  report('  ratio', `${ratio.toFixed(2)}×`);
}

async function campaignEndToEnd() {
  const recipients = Array.from(
    { length: 1000 },
    (_, i) => `+2449${[2, 3, 4, 5, 1][i % 5]}${String(10_000_000 + i).slice(1)}`,
  );
  const samples: number[] = [];
  for (let round = 0; round < 15; round++) {
    const mock = createMockService({ rateLimits: false });
    const demo = mock.seedDemo();
    const body = JSON.stringify({
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Promoção de Natal: 20% de desconto em todas as lojas até domingo!',
      recipients,
    });
    const start = process.hrtime.bigint();
    const response = await mock.fetch(`${mock.baseUrl}/campaigns/batch`, {
      method: 'POST',
      headers: { 'x-api-key': demo.liveKey, 'content-type': 'application/json' },
      body,
    });
    const { campaign_id } = (await response.json()) as { campaign_id: string };
    mock.clock.runUntilIdle();
    samples.push(Number(process.hrtime.bigint() - start));
    const campaign = mock.control.campaigns(demo.organization.id).find((c) => c.id === campaign_id);
    if (campaign?.status !== 'COMPLETED')
      throw new Error(`campaign not completed: ${campaign?.status}`);
  }
  const p50 = percentile(samples.slice(3), 50);
  report(
    '1000-recipient campaign, POST → COMPLETED (virtual clock)',
    `p50 ${fmt(p50)}`,
    '≤ 20 ms',
    p50 <= 20e6,
  );
}

async function freshWorld() {
  const perWorld = await timePerCall(() => createMockService(), 2000, 5);
  report('fresh world: createMockService()', fmt(perWorld), '≤ 100 µs', perWorld <= 100e3);
  const seeded = await timePerCall(() => createMockService().seedDemo(), 2000, 5);
  report('fresh world with the demo seeded', fmt(seeded));
}

async function millionMessages() {
  const gc = (globalThis as { gc?: () => void }).gc;
  const mock = createMockService({ rateLimits: false });
  const demo = mock.seedDemo();
  mock.control.fundAccount(demo.organization.id, '100000000.000000');
  const caller = {
    organizationId: demo.organization.id,
    environment: 'live' as const,
    apiKeyId: 'bench',
  };
  const world = mock.world;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const buffersBefore = process.memoryUsage().arrayBuffers;
  const started = Date.now();
  const campaignIds: string[] = [];
  for (let c = 0; c < 1000; c++) {
    const recipients = Array.from(
      { length: 1000 },
      (_, i) =>
        `+2449${[2, 3, 4, 5, 1][(i + c) % 5]}${String(1000000 + ((c * 7919 + i * 104729) % 9000000)).slice(-7)}`,
    );
    campaignIds.push(
      sendBatch(world, caller, {
        senderId: demo.sender.id,
        channelType: 'SMS',
        content: `Campaign ${c}: your monthly statement is ready.`,
        recipients,
      }).id,
    );
    if (c % 50 === 49) runUntilIdle(world);
  }
  runUntilIdle(world);
  const fillSeconds = (Date.now() - started) / 1000;
  gc?.();
  const after = process.memoryUsage().heapUsed;
  const stored = world.messages.size;
  const perMessage = (after - before) / stored;
  report(`stored messages (filled in ${fillSeconds.toFixed(1)} s)`, String(stored));
  report(
    'heap per stored message (whole world / messages)',
    `${perMessage.toFixed(0)} bytes`,
    '≤ 400 bytes',
    perMessage <= 400,
  );

  const key = demo.liveKey;
  const get = (query: string) => () =>
    handleSync(mock, {
      method: 'GET',
      path: '/c/v1/messages',
      query,
      headers: { 'x-api-key': key },
      body: null,
    });
  const queries: [string, string][] = [
    ['status=UNDELIVERED', 'status=UNDELIVERED'],
    ['status=DELIVERED&channel_destination=UNITEL', 'status=DELIVERED&channel_destination=UNITEL'],
    ['campaign_id (indexed) + status', `campaign_id=${campaignIds[500]}&status=DELIVERED`],
    [
      'created_at window + status',
      `created_at__ge=2026-01-01T09:10:00Z&created_at__le=2026-01-01T09:20:00Z&status=DELIVERED`,
    ],
    ['q (partial number)', 'q=923100'],
  ];
  for (const [name, query] of queries) {
    const fn = get(query);
    const status = fn().status;
    if (status !== 200) throw new Error(`${query}: ${status}`);
    const samples: number[] = [];
    for (let i = 0; i < 41; i++) {
      const start = process.hrtime.bigint();
      fn();
      samples.push(Number(process.hrtime.bigint() - start));
    }
    const p50 = percentile(samples, 50);
    report(`List Messages, 1M stored, ${name}`, `p50 ${fmt(p50)}`, '≤ 2 ms', p50 <= 2e6);
  }
  // The list and q indexes are built by the first searches (above) and stay: what they add per
  // message, their typed arrays (outside the JS heap) included.
  gc?.();
  const usage = process.memoryUsage();
  const withIndexes = (usage.heapUsed - before + usage.arrayBuffers - buffersBefore) / stored;
  report(
    '  memory per stored message, list and q indexes built',
    `${withIndexes.toFixed(0)} bytes`,
  );
}

const only = process.argv[2];
console.log('\n## Mock engine (issue 3)');
if (!only || only === 'calls') await sdkShapedCall();
if (!only || only === 'campaign') await campaignEndToEnd();
if (!only || only === 'world') await freshWorld();
if (!only || only === 'million') await millionMessages();
