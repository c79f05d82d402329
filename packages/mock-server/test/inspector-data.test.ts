/**
 * The inspector's data without a browser: the one-document state (threads, bounds, following the
 * world through reset and restore) and the request log's ring buffer. Status histories are the world's
 * (`inspector-history.test.ts`).
 */

import { createMockService, type MockService } from '@msgsvc/mock';
import { describe, expect, it } from 'vitest';
import { inspectorState } from '../src/control-http/state-document';
import type { ControlDeps } from '../src/http/route';
import { RequestLog } from '../src/worlds/request-log';

function send(mock: MockService, key: string, to: string) {
  const response = mock.handle({
    method: 'POST',
    path: '/c/v1/messages',
    query: '',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ to, body: `Hello ${to}` }),
  });
  if (response instanceof Promise) throw new Error('unexpected latency');
  return JSON.parse(response.body).id as string;
}

/** The `GET /__mock/state` document of `mock`'s world. */
function state(mock: MockService) {
  const world = { mock, requestLog: new RequestLog() } as unknown as ControlDeps;
  return inspectorState(world);
}

describe('the inspector document (GET /__mock/state)', () => {
  it('keeps threads newest first', () => {
    const mock = createMockService();
    const { liveKey } = mock.seedDemo();
    send(mock, liveKey, '+244923000001');
    send(mock, liveKey, '+244923000002');
    send(mock, liveKey, '+244923000001');
    mock.clock.runUntilIdle();

    const { phones } = state(mock);
    expect(phones.map(({ number }) => number)).toEqual(['+244923000001', '+244923000002']);
    expect(phones[0]!.thread).toHaveLength(2);
  });

  it('stays within its bounds: 50 phones, the newest 100 messages of each', () => {
    const mock = createMockService({ rateLimits: false });
    const { liveKey } = mock.seedDemo();
    for (let i = 0; i < 52; i++) send(mock, liveKey, `+2449230001${String(i).padStart(2, '0')}`);
    const ids = Array.from({ length: 101 }, () => send(mock, liveKey, '+244923000005'));
    const { phones } = state(mock);
    expect(phones).toHaveLength(50);
    expect(phones[0]!.number).toBe('+244923000005');
    expect(phones[0]!.thread.map((item) => item.id)).toEqual(ids.slice(1));
  });

  it("shows each account's newest 50 ledger entries, newest first", () => {
    const mock = createMockService({ rateLimits: false });
    const { liveKey } = mock.seedDemo();
    for (let i = 0; i < 60; i++) send(mock, liveKey, '+244923000001');
    const { ledger } = state(mock);
    const account = ledger.find((entry) => entry.entries.length > 0)!;
    expect(account.entries).toHaveLength(50);
    const ids = mock.world.ledger
      .filter((entry) => entry.billingAccountId === account.billing_account_id)
      .map((entry) => entry.id);
    expect(account.entries.map((entry) => entry.id)).toEqual(ids.slice(-50).reverse());
  });

  it('follows the world when it is replaced (reset, restore)', () => {
    const mock = createMockService();
    const { liveKey } = mock.seedDemo();
    send(mock, liveKey, '+244923000001');
    const snapshot = mock.snapshot();
    send(mock, liveKey, '+244923000002');

    mock.restore(snapshot);
    expect(state(mock).phones.map(({ number }) => number)).toEqual(['+244923000001']);

    mock.reset();
    expect(state(mock).phones).toHaveLength(0);
    const again = mock.seedDemo();
    send(mock, again.liveKey, '+244923000003');
    expect(state(mock).phones.map(({ number }) => number)).toEqual(['+244923000003']);
  });
});

describe('RequestLog', () => {
  const exchange = (n: number, key?: string) =>
    [
      {
        method: 'GET',
        path: `/c/v1/messages/${n}`,
        query: '',
        headers: key === undefined ? {} : { 'x-api-key': key },
        body: null,
      },
      {
        status: n % 2 === 0 ? 200 : 404,
        headers: { 'x-trace-id': `${n}`.padStart(32, '0') },
        body: n % 2 === 0 ? '{}' : '{"code":"NOT_FOUND","message":"x"}',
      },
    ] as const;

  it('keeps the newest N, newest first, with error codes and key prefixes only', () => {
    const log = new RequestLog(3);
    for (let n = 1; n <= 5; n++) log.record(...exchange(n, 'svc_test_secretsecretsecret0001'));
    const entries = log.entries();
    expect(entries.map((e) => e.seq)).toEqual([5, 4, 3]);
    expect(entries.map((e) => e.code)).toEqual(['NOT_FOUND', null, 'NOT_FOUND']);
    expect(entries.every((e) => e.key === 'svc_test_secr…')).toBe(true);
    expect(JSON.stringify(entries)).not.toContain('secretsecret');
    expect(log.entries(1)).toHaveLength(1);
    log.clear();
    expect(log.entries()).toEqual([]);
    log.record(...exchange(6));
    expect(log.entries()[0]).toMatchObject({ seq: 6, key: null });
  });
});
