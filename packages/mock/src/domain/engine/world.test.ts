import { describe, expect, it } from 'vitest';
import { sendBatch } from '../campaigns/campaigns';
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

// Messages never import campaigns (issue 23: no folder circle): a campaign hears that one of its
// messages settled, as the outbox does, and the world tells everyone in the order things happened.
describe('the campaign bookkeeping as a subscriber of the world', () => {
  function batch(world: World) {
    const { caller, senderId } = worldWithEndpoint(world);
    const recipients = ['+244923000001', '+244923000002', '+244923000003'];
    return sendBatch(world, caller, { senderId, content: 'hi', channelType: 'SMS', recipients });
  }

  it('completes a campaign when its last message settles, in a bare world and a restored one', () => {
    for (const world of [new World({ seed: 7 }), restoreWorld(snapshotWorld(new World()))]) {
      const campaign = batch(world);
      runUntilIdle(world);
      expect(world.campaigns.get(campaign.id)).toMatchObject({
        status: 'COMPLETED',
        outstanding: 0,
      });
    }
  });

  it('tells a later subscriber each message’s move before the completion it causes', () => {
    const world = new World({ seed: 7 });
    const heard: string[] = [];
    let statusWhenLastSettled: string | undefined;
    const campaign = batch(world);
    world.subscribe((event: WorldEvent) => {
      if (event.type === 'campaign.status_updated') heard.push(`campaign:${event.to}`);
      if (event.type !== 'message.status_updated') return;
      heard.push(`message:${event.to}`);
      if (event.to === 'SENT') statusWhenLastSettled = world.campaigns.get(campaign.id)?.status;
    });
    runUntilIdle(world);
    const completed = heard.indexOf('campaign:COMPLETED');
    // The third SENT (the last message to settle) comes just before the completion it caused.
    expect(heard.filter((step) => step === 'message:SENT')).toHaveLength(3);
    expect(heard.lastIndexOf('message:SENT')).toBe(completed - 1);
    // By the time anyone but the outbox hears of that message, its campaign is complete.
    expect(statusWhenLastSettled).toBe('COMPLETED');
  });

  it('tells every subscriber an event emitted by a subscriber after the one it heard', () => {
    const world = new World({ seed: 7 });
    const first: WorldEvent = { type: 'message.created', messageId: 'a', at: 0 };
    const second: WorldEvent = { type: 'message.created', messageId: 'b', at: 0 };
    const heard: string[][] = [[], []];
    world.subscribe((event) => {
      heard[0]!.push(event.type === 'message.created' ? event.messageId : '?');
      if (event === first) world.emit(second);
    });
    world.subscribe((event) =>
      heard[1]!.push(event.type === 'message.created' ? event.messageId : '?'),
    );
    world.emit(first);
    expect(heard).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
  });

  it('keeps telling its subscribers after one of them threw', () => {
    const world = new World({ seed: 7 });
    const event: WorldEvent = { type: 'message.created', messageId: 'a', at: 0 };
    const unsubscribe = world.subscribe(() => {
      throw new Error('listener bug');
    });
    expect(() => world.emit(event)).toThrow('listener bug');
    unsubscribe();
    const heard: WorldEvent[] = [];
    world.subscribe((seen) => heard.push(seen));
    world.emit(event);
    expect(heard).toEqual([event]);
  });
});
