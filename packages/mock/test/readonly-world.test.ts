// The port's read-only view of a world (issue 23): the world the service serves now, not a copy,
// so it shows every change at once and is a new object exactly when reset or restore replace the
// world; events reach a tool that subscribed through it; the port's renderers take it.
import { describe, expect, it } from 'vitest';
import { messageDetail, messageHistory, readonlyWorld } from '../src/port';
import { api } from './support/api';
import { createMockService } from './support/mock';

function setup() {
  const mock = createMockService({ rateLimits: false });
  const demo = mock.seedDemo();
  return { mock, demo, live: api(mock, demo.liveKey) };
}

describe('readonlyWorld', () => {
  it('is the live world: what is sent shows at once, nothing is copied', async () => {
    const { mock, demo, live } = setup();
    const world = readonlyWorld(mock);
    expect(world).toBe(mock.world);
    const sent = await live.post('/messages', { to: '+244900000001', body: 'Olá' });
    expect(world.messages.size).toBe(1);
    const message = world.messages.get(sent.body.id)!;
    expect(world.messages.tenant(demo.organization.id, 'live')).toEqual([message]);
    expect(messageDetail(world, message).id).toBe(sent.body.id);
    mock.clock.runUntilIdle();
    expect(messageHistory(world, message).map((step) => step.status)).toEqual([
      'PENDING',
      'SENT',
      'DELIVERED',
    ]);
  });

  it('is the same object until reset or restore replace the world', () => {
    const { mock } = setup();
    const first = readonlyWorld(mock);
    expect(readonlyWorld(mock)).toBe(first);
    const snapshot = mock.snapshot();
    mock.reset();
    const afterReset = readonlyWorld(mock);
    expect(afterReset).not.toBe(first);
    mock.restore(snapshot);
    expect(readonlyWorld(mock)).not.toBe(afterReset);
    expect(readonlyWorld(mock).organizations.size).toBe(first.organizations.size);
  });

  it('tells a subscriber what happens, until it stops listening', async () => {
    const { mock, live } = setup();
    const seen: string[] = [];
    const stop = readonlyWorld(mock).subscribe((event) => seen.push(event.type));
    await live.post('/messages', { to: '+244900000001', body: 'Olá' });
    expect(seen).toContain('message.created');
    stop();
    const before = seen.length;
    mock.clock.runUntilIdle();
    expect(seen).toHaveLength(before);
  });
});
