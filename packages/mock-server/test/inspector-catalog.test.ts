/**
 * The inspector's catalogue of the world: every message of every tenant in creation order, and
 * every phone by its latest activity (messages and replies merged in time), kept right while it
 * is read between additions — the incremental path — and equal to a catalogue built at once.
 */

import { createMockService, type MockService } from '@msgsvc/mock';
import { describe, expect, it } from 'vitest';
import { messagesOldestFirst, phoneCount, phonesByActivity } from '../src/query/catalog';

function send(mock: MockService, key: string, to: string): void {
  const response = mock.handle({
    method: 'POST',
    path: '/c/v1/messages',
    query: '',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ to, body: `Hello ${to}` }),
  });
  if (response instanceof Promise || response.status !== 201) throw new Error('send failed');
}

describe('inspector catalogue', () => {
  it('merges tenants in creation order and orders phones by latest activity, read as it grows', () => {
    const mock = createMockService({ rateLimits: false });
    const { liveKey, testKey } = mock.seedDemo();
    const steps: (() => void)[] = [
      () => send(mock, liveKey, '+244923000001'),
      () => send(mock, testKey, '+244923000002'),
      () => mock.clock.advance(1_000),
      () => send(mock, testKey, '+244923000003'),
      () =>
        mock.control.simulateInbound({
          from: '+244923000002',
          to: 'MSGSVC',
          body: 'Oi',
          environment: 'test',
        }),
      () => mock.clock.advance(1_000),
      () => send(mock, liveKey, '+244923000001'),
      () => send(mock, liveKey, '+244923000004'),
      () => mock.clock.advance(1_000),
      () =>
        mock.control.simulateInbound({
          from: '+244923000003',
          to: 'MSGSVC',
          body: 'Olá',
          environment: 'test',
        }),
    ];
    for (const [i, step] of steps.entries()) {
      step();
      if (i % 2 === 0) messagesOldestFirst(mock.world); // read between additions
    }
    const all = [...mock.world.messages.all()].sort((a, b) => a.createdAt - b.createdAt);
    expect(messagesOldestFirst(mock.world).map((m) => m.createdAt)).toEqual(
      all.map((m) => m.createdAt),
    );
    expect(new Set(messagesOldestFirst(mock.world))).toEqual(new Set(all));
    expect(phonesByActivity(mock.world).map((p) => [p.number, p.outbound, p.inbound])).toEqual([
      ['+244923000003', 1, 1],
      ['+244923000004', 1, 0],
      ['+244923000001', 2, 0],
      ['+244923000002', 1, 1],
    ]);
    expect(phoneCount(mock.world)).toBe(4);
  });

  it('starts again for a replaced world (reset)', () => {
    const mock = createMockService();
    const { liveKey } = mock.seedDemo();
    send(mock, liveKey, '+244923000001');
    expect(messagesOldestFirst(mock.world)).toHaveLength(1);
    mock.reset();
    expect(messagesOldestFirst(mock.world)).toHaveLength(0);
    expect(phoneCount(mock.world)).toBe(0);
  });
});
