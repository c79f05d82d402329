/**
 * Benchmarks of the mock's guarantees (issue 4): snapshot and restore of a world with 100,000
 * messages, and what rate limiting and idempotency add to a POST.
 */

import { sendBatch } from '../packages/mock/src/domain/campaigns/campaigns';
import { runUntilIdle } from '../packages/mock/src/domain/engine/engine';
import {
  createMockService,
  type HttpRequest,
  type HttpResponse,
  type MockService,
} from '../packages/mock/src/index';
import { compare, fmt, percentile, report } from './harness';

function handleSync(mock: MockService, request: HttpRequest): HttpResponse {
  const response = mock.handle(request);
  if (response instanceof Promise) throw new Error('unexpected asynchronous answer');
  return response;
}

function snapshotRestore() {
  const mock = createMockService({ rateLimits: false });
  const demo = mock.seedDemo();
  mock.control.fundAccount(demo.organization.id, '100000000.000000');
  const caller = {
    organizationId: demo.organization.id,
    environment: 'live' as const,
    apiKeyId: 'bench',
  };
  for (let c = 0; c < 100; c++) {
    const recipients = Array.from(
      { length: 1000 },
      (_, i) =>
        `+2449${[2, 3, 4, 5, 1][(i + c) % 5]}${String(1000000 + ((c * 7919 + i * 104729) % 9000000)).slice(-7)}`,
    );
    sendBatch(mock.world, caller, {
      senderId: demo.sender.id,
      channelType: 'SMS',
      content: `Campaign ${c}`,
      recipients,
    });
    if (c % 20 === 19) runUntilIdle(mock.world);
  }
  const snapshots: number[] = [];
  const restores: number[] = [];
  let snapshot = mock.snapshot();
  for (let i = 0; i < 9; i++) {
    let start = process.hrtime.bigint();
    snapshot = mock.snapshot();
    snapshots.push(Number(process.hrtime.bigint() - start));
    start = process.hrtime.bigint();
    mock.restore(snapshot);
    restores.push(Number(process.hrtime.bigint() - start));
  }
  const stored = mock.control.counts().messages;
  const s = percentile(snapshots, 50);
  const r = percentile(restores, 50);
  report(`snapshot of a world with ${stored} messages`, `p50 ${fmt(s)}`, '≤ 50 ms', s <= 50e6);
  report(`restore of a world with ${stored} messages`, `p50 ${fmt(r)}`, '≤ 50 ms', r <= 50e6);
}

async function postOverhead() {
  const body = JSON.stringify({ to: '+244923123456', body: 'Your code is 123456' });
  const guarded = createMockService({ rateLimits: { sendMessage: Number.MAX_SAFE_INTEGER } });
  const bare = createMockService({ rateLimits: false });
  const keyA = guarded.seedDemo().liveKey;
  const keyB = bare.seedDemo().liveKey;
  for (const mock of [guarded, bare])
    mock.control.fundAccount(mock.seedDemo().organization.id, '100000000.000000');
  let n = 0;
  const path = '/c/v1/messages';
  const r = await compare(
    () =>
      handleSync(guarded, {
        method: 'POST',
        path,
        query: '',
        body,
        headers: {
          'x-api-key': keyA,
          'content-type': 'application/json',
          'idempotency-key': `bench-${n++}`,
        },
      }),
    () =>
      handleSync(bare, {
        method: 'POST',
        path,
        query: '',
        body,
        headers: { 'x-api-key': keyB, 'content-type': 'application/json' },
      }),
    2000,
  );
  report('POST /messages with rate limit + Idempotency-Key', `${fmt(r.a)} vs bare ${fmt(r.b)}`);
  report('  overhead ratio', `${r.ratio.toFixed(2)}×`);
}

console.log('\n## Mock guarantees (issue 4)');
snapshotRestore();
await postOverhead();
