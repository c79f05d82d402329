// The fixture of @msgsvc/mock/vitest: each test gets its own mock, a client on it and its demo world.
import { DEMO_LIVE_KEY, DEMO_ORGANIZATION_ID } from '@msgsvc/mock';
import { createMockTest, expect, it, test } from '@msgsvc/mock/vitest';
import { describe } from 'vitest';

const seen: unknown[] = [];

describe('test (default options)', () => {
  test('gives a client wired to the mock and its demo world', async ({ mock, client, demo }) => {
    seen.push(mock);
    expect(demo.organization.id).toBe(DEMO_ORGANIZATION_ID);
    expect(demo.liveKey).toBe(DEMO_LIVE_KEY);
    await client.messages.send({ to: '+244923000001', body: 'Olá', remitter_id: demo.sender.id });
    expect(mock).toHaveSent({ to: '+244923000001', sms_remitter_id: demo.sender.id });
  });

  it('gives the next test a fresh mock', ({ mock }) => {
    seen.push(mock);
    expect(seen[0]).toBeDefined();
    expect(mock).not.toBe(seen[0]);
    expect(mock).not.toHaveSent();
    expect(mock.control.counts().messages).toBe(0);
  });
});

describe('createMockTest(options)', () => {
  const seeded = createMockTest({ seed: 7 });
  const outcomes: string[][] = [];

  for (const run of [1, 2]) {
    seeded(`passes the options on (run ${run})`, async ({ mock, client }) => {
      const to = Array.from({ length: 8 }, (_, i) => `+24492300000${i}`);
      for (const number of to) await client.messages.send({ to: number, body: 'x' });
      mock.clock.runUntilIdle();
      outcomes.push(to.map((number) => mock.control.messagesTo(number)[0]!.status));
      if (outcomes.length === 2) expect(outcomes[1]).toEqual(outcomes[0]);
    });
  }
});
