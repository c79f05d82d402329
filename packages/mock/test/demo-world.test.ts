// The demo world (D80): the same ids in every run, whatever the seed and the clock, so that ids
// copied from the docs or from a previous run stay true; and seeding it leaves the world's own id
// stream alone.
import { describe, expect, it } from 'vitest';
import { DEMO_ORGANIZATION_ID, DEMO_SENDER_ID, type MockService, RealClock } from '../src/index';
import { createMockService } from './support/mock';

/** Every id the demo world creates. */
function demoIds(mock: MockService) {
  const demo = mock.seedDemo();
  return {
    organization: demo.organization.id,
    billingAccount: demo.organization.billingAccountId,
    keys: [demo.liveKey, demo.testKey].map((key) => mock.world.apiKeys.get(key)!.id),
    senderId: demo.sender.id,
    tags: demo.tags.map((tag) => tag.id),
    contacts: demo.contacts.map((contact) => contact.id),
    ledger: mock.control.ledger(demo.organization.id).map((entry) => entry.id),
  };
}

describe('the demo world', () => {
  it('has the same ids with any seed and on a real clock', () => {
    const first = demoIds(createMockService());
    expect(first.ledger).toHaveLength(1);
    for (const options of [{ seed: 2 }, { seed: 987_654 }, { clock: new RealClock(1) }]) {
      expect(demoIds(createMockService(options))).toEqual(first);
    }
  });

  it('has the ids the docs print (DEMO_ORGANIZATION_ID, DEMO_SENDER_ID)', () => {
    const ids = demoIds(createMockService());
    expect(ids.organization).toBe(DEMO_ORGANIZATION_ID);
    expect(ids.senderId).toBe(DEMO_SENDER_ID);
  });

  it('has the same ids after a reset', () => {
    const mock = createMockService({ demo: true, seed: 5 });
    const before = demoIds(mock);
    mock.reset();
    expect(demoIds(mock)).toEqual(before);
  });

  it('has distinct, time-ordered UUID v7 ids', () => {
    const ids = Object.values(demoIds(createMockService())).flat();
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]/);
  });

  it('leaves the world’s own ids as they would be without it', () => {
    const withDemo = createMockService({ seed: 3 });
    withDemo.seedDemo();
    const without = createMockService({ seed: 3 });
    const name = { name: 'Acme' };
    expect(withDemo.control.createOrganization(name).id).toBe(
      without.control.createOrganization(name).id,
    );
  });
});
