import { describe, expect, it } from 'vitest';
import type { WorldEvent } from '../core/world-events';
import { sendMessage } from '../messages/messages';
import { createOrganization, createSender } from '../tenancy/organizations';
import { addWebhookEndpoint } from '../webhooks/webhooks';
import { runUntilIdle } from './engine';
import { restoreWorld, snapshotWorld } from './snapshot';
import { World } from './world';

// The world never calls into webhooks: the outbox is a subscriber the world wires at birth. These
// tests hold what that wiring promises, the way a refactor of the wiring would break it.
function worldWithEndpoint(world: World) {
  const org = createOrganization(world, { name: 'Org', balance: 1_000_000_000 });
  const sender = createSender(world, { organizationId: org.id, name: 'Acme' });
  addWebhookEndpoint(world, { organizationId: org.id, url: 'https://example.test/hook' });
  const caller = { organizationId: org.id, environment: 'live' as const, apiKeyId: 'k' };
  return { caller, senderId: sender.id };
}

function send(
  world: World,
  caller: ReturnType<typeof worldWithEndpoint>['caller'],
  senderId: string,
) {
  return sendMessage(world, caller, {
    to: '+244923000001',
    body: 'hello',
    channelType: 'SMS',
    senderId,
  });
}

describe('the webhook outbox as a subscriber of the world', () => {
  it('feeds a bare world’s outbox from its events, with no service around it', () => {
    const world = new World({ seed: 7 });
    const { caller, senderId } = worldWithEndpoint(world);
    send(world, caller, senderId);
    runUntilIdle(world);
    const types = world.webhooks.outbox.map((delivery) => delivery.type);
    expect(types).toContain('message.status_updated');
  });

  it('hears each event before any other subscriber, so a listener already sees its delivery', () => {
    const world = new World({ seed: 7 });
    const { caller, senderId } = worldWithEndpoint(world);
    const seen: number[] = [];
    world.subscribe((event: WorldEvent) => {
      if (event.type === 'message.status_updated') seen.push(world.webhooks.outbox.length);
    });
    send(world, caller, senderId);
    runUntilIdle(world);
    expect(seen.length).toBeGreaterThan(0);
    // The n-th status event has its n-th delivery queued by the time a later subscriber hears it.
    expect(seen).toEqual(seen.map((_, i) => i + 1));
  });

  it('keeps feeding the outbox of a world restored from a snapshot', () => {
    const original = new World({ seed: 7 });
    const { caller, senderId } = worldWithEndpoint(original);
    const world = restoreWorld(snapshotWorld(original));
    send(world, caller, senderId);
    runUntilIdle(world);
    expect(world.webhooks.outbox.length).toBeGreaterThan(0);
  });
});
