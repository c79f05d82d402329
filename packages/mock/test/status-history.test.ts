// The world keeps every message's and campaign's status history (issue 25, item 3; D167): each
// move is recorded where it happens, with its world time and error code; snapshots, restores and
// their JSON carry the histories; a snapshot from before histories were kept still loads, each
// record with what its timestamps prove; ids named like Object.prototype's members are records
// like any other.
import { describe, expect, it } from 'vitest';
import type { WorldSnapshot } from '../src/index';
import { campaignHistory, messageHistory } from '../src/port';
import { api } from './support/api';
import { createMockService } from './support/mock';

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value));
const START = Date.parse('2026-01-01T09:00:00Z');

function setup() {
  const mock = createMockService({ rateLimits: false });
  const demo = mock.seedDemo();
  return { mock, demo, live: api(mock, demo.liveKey), test: api(mock, demo.testKey) };
}

type Mock = ReturnType<typeof setup>['mock'];

/** A message's history as `status@ms-since-start:code`, short enough to compare whole. */
function steps(mock: Mock, id: string): string[] {
  const message = mock.world.messages.get(id)!;
  return messageHistory(mock.world, message).map(
    (s) =>
      `${s.status}@${Date.parse(s.at) - START}${s.error_code === null ? '' : `:${s.error_code}`}`,
  );
}

function campaignSteps(mock: Mock, id: string): string[] {
  const campaign = mock.world.campaigns.get(id)!;
  return campaignHistory(mock.world, campaign).map(
    (s) =>
      `${s.status}@${Date.parse(s.at) - START}${s.error_code === null ? '' : `:${s.error_code}`}`,
  );
}

describe('every transition is recorded, with its world time and error code', () => {
  it('a delivered message: PENDING, SENT, DELIVERED, each at the moment it happened', async () => {
    const { mock, live } = setup();
    mock.clock.advance(5_000);
    const sent = await live.post('/messages', { to: '+244900000001', body: 'Olá' });
    mock.clock.runUntilIdle();
    const history = steps(mock, sent.body.id);
    expect(history.map((s) => s.split('@')[0])).toEqual(['PENDING', 'SENT', 'DELIVERED']);
    const times = history.map((s) => Number(s.split('@')[1]!.split(':')[0]));
    expect(times[0]).toBe(5_000);
    // Times follow the clock: dispatch after creation, the receipt (1 s for this number) after.
    expect(times[1]).toBeGreaterThan(times[0]!);
    expect(times[2]! - times[1]!).toBe(1_000);
    // The last step is the record's own last change, to the millisecond.
    const record = mock.world.messages.get(sent.body.id)!;
    expect(times[2]! + START).toBe(record.updatedAt);
    expect(messageHistory(mock.world, record).at(-1)!.at).toBe(
      (await live.get(`/messages/${sent.body.id}`)).body.updated_at,
    );
  });

  it.each([
    ['+244900000002', ['PENDING', 'SENT', 'UNDELIVERED:ABSENT_SUBSCRIBER']],
    ['+244900000003', ['PENDING', 'SENT', 'EXPIRED:EXPIRED']],
    ['+244900000004', ['PENDING', 'REJECTED:REJECTED_BY_CARRIER']],
    ['+244900000005', ['PENDING', 'FAILED:CARRIER_SUBMIT_FAILED']],
    ['+244900000006', ['PENDING', 'SENT']],
  ])('%s ends as its magic number says, every step kept', async (to, expected) => {
    const { mock, live } = setup();
    const sent = await live.post('/messages', { to, body: 'x' });
    // Past the validity period too: an expiry is housekeeping, which runUntilIdle leaves.
    mock.clock.advance(49 * 3_600_000);
    expect(steps(mock, sent.body.id).map((s) => s.replace(/@\d+/, ''))).toEqual(expected);
  });

  it('a campaign and its messages: the invalid recipient fails at creation, the rest move on', async () => {
    const { mock, demo, live } = setup();
    const batch = await live.post('/campaigns/batch', {
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Promo',
      recipients: ['+244900000001', '+244900000000', '+244900000004'],
    });
    expect(campaignSteps(mock, batch.body.campaign_id)).toEqual(['PROCESSING@0']);
    mock.clock.runUntilIdle();
    const campaign = mock.world.campaigns.get(batch.body.campaign_id)!;
    const history = campaignSteps(mock, batch.body.campaign_id);
    expect(history.map((s) => s.replace(/@\d+/, ''))).toEqual([
      'PROCESSING',
      'SENDING',
      'COMPLETED',
    ]);
    expect(history[1]).toBe(`SENDING@${campaign.processedAt! - START}`);
    expect(history[2]).toBe(`COMPLETED@${campaign.completedAt! - START}`);
    const byNumber = new Map(
      mock.world.messages
        .indexed('campaign', campaign.organizationId, 'live', campaign.id)
        .map((m) => [m.e164, steps(mock, m.id).map((s) => s.replace(/@\d+/, ''))]),
    );
    expect(byNumber.get('+244900000000')).toEqual(['FAILED:INVALID_PHONE_NUMBER']);
    expect(byNumber.get('+244900000001')).toEqual(['PENDING', 'SENT', 'DELIVERED']);
    expect(byNumber.get('+244900000004')).toEqual(['PENDING', 'REJECTED:REJECTED_BY_CARRIER']);
  });

  it('a campaign failed by a dispatch fault: its cancelled messages and its failure carry the code', async () => {
    const { mock, demo, live } = setup();
    mock.control.failNextDispatch();
    const batch = await live.post('/campaigns/batch', {
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Promo',
      recipients: ['+244923000001', '+244923000002'],
    });
    mock.clock.runUntilIdle();
    const failedAt = mock.world.campaigns.get(batch.body.campaign_id)!.completedAt! - START;
    expect(campaignSteps(mock, batch.body.campaign_id)).toEqual([
      'PROCESSING@0',
      `FAILED@${failedAt}:SYSTEM_DISPATCH_ERROR`,
    ]);
    for (const message of mock.world.messages.indexed(
      'campaign',
      demo.organization.id,
      'live',
      batch.body.campaign_id,
    )) {
      expect(steps(mock, message.id)).toEqual([
        `PENDING@${failedAt}`,
        `CANCELLED@${failedAt}:SYSTEM_DISPATCH_ERROR`,
      ]);
    }
  });

  it('a campaign the balance no longer covers fails with BILLING_INSUFFICIENT_FUNDS', async () => {
    const { mock, demo, live } = setup();
    const batch = await live.post('/campaigns/batch', {
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Promo',
      recipients: ['+244923000001', '+244923000002'],
    });
    // Spend the balance before the campaign is processed.
    const account = mock.world.accounts.get(demo.organization.billingAccountId)!;
    account.balance = 0;
    mock.clock.runUntilIdle();
    expect(campaignSteps(mock, batch.body.campaign_id).map((s) => s.replace(/@\d+/, ''))).toEqual([
      'PROCESSING',
      'FAILED:BILLING_INSUFFICIENT_FUNDS',
    ]);
  });

  it('a trigger moves a message through SENT to DELIVERED: both steps, at the same instant', async () => {
    const { mock } = setup();
    mock.clock.advance(2_000);
    const { subject } = mock.control.trigger({ type: 'message.status_updated' });
    expect(steps(mock, subject.id)).toEqual(['PENDING@2000', 'SENT@2000', 'DELIVERED@2000']);
    // The message's own dispatch, still on the clock, finds the work done and adds nothing.
    mock.clock.runUntilIdle();
    expect(steps(mock, subject.id)).toHaveLength(3);
  });

  it('histories are per tenant: a test key message and a live one do not mix', async () => {
    const { mock, live, test } = setup();
    const a = await live.post('/messages', { to: '+244900000001', body: 'live' });
    const b = await test.post('/messages', { to: '+244900000005', body: 'test' });
    mock.clock.runUntilIdle();
    // Both are row 0 of their tenant: the row alone must not find the other's steps.
    expect(mock.world.messages.get(a.body.id)!.row).toBe(mock.world.messages.get(b.body.id)!.row);
    expect(steps(mock, a.body.id).map((s) => s.split('@')[0])).toEqual([
      'PENDING',
      'SENT',
      'DELIVERED',
    ]);
    expect(steps(mock, b.body.id).map((s) => s.replace(/@\d+/, ''))).toEqual([
      'PENDING',
      'FAILED:CARRIER_SUBMIT_FAILED',
    ]);
  });
});

describe('snapshots, restores and their JSON carry the histories', () => {
  async function busy() {
    const { mock, demo, live } = setup();
    for (const to of ['+244900000001', '+244900000002', '+244900000006', '+244900000007']) {
      await live.post('/messages', { to, body: to });
    }
    const batch = await live.post('/campaigns/batch', {
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Promo',
      recipients: ['+244900000001', '+244900000000', '+244923000009'],
    });
    mock.clock.advance(60_000);
    return { mock, demo, live, campaignId: batch.body.campaign_id as string };
  }

  function everyHistory(mock: Mock) {
    return {
      messages: [...mock.world.messages.all()].map((m) => [m.id, steps(mock, m.id)]),
      campaigns: [...mock.world.campaigns.all()].map((c) => [c.id, campaignSteps(mock, c.id)]),
    };
  }

  it('restore brings back every step; the world goes on adding to them', async () => {
    const { mock } = await busy();
    const before = everyHistory(mock);
    const snapshot = mock.snapshot();
    // The +244900000007 message is still SENT (delivered 6 h later): its history continues.
    mock.clock.runUntilIdle();
    const finished = everyHistory(mock);
    expect(finished).not.toEqual(before);

    mock.restore(snapshot);
    expect(everyHistory(mock)).toEqual(before);
    mock.clock.runUntilIdle();
    expect(everyHistory(mock)).toEqual(finished);
    // The snapshot did not change with the world it was restored into.
    mock.restore(snapshot);
    expect(everyHistory(mock)).toEqual(before);
  });

  it('through JSON, as a state file carries it', async () => {
    const { mock } = await busy();
    const before = everyHistory(mock);
    const text = JSON.stringify(mock.snapshot());
    const copy = createMockService();
    copy.restore(JSON.parse(text));
    expect(everyHistory(copy)).toEqual(before);
    expect(JSON.stringify(copy.snapshot())).toBe(text);
  });

  it('a fork keeps the history and adds to its own', async () => {
    const { mock } = await busy();
    const fork = mock.fork();
    fork.clock.runUntilIdle();
    const sentId = [...mock.world.messages.all()].find((m) => m.e164 === '+244900000007')!.id;
    expect(steps(mock, sentId).map((s) => s.split('@')[0])).toEqual(['PENDING', 'SENT']);
    expect(steps(fork, sentId).map((s) => s.split('@')[0])).toEqual([
      'PENDING',
      'SENT',
      'DELIVERED',
    ]);
  });

  it('a snapshot taken before histories were kept loads, each record with what it proves', async () => {
    const { mock, campaignId } = await busy();
    const { history: _dropped, ...old } = json(mock.snapshot());
    const copy = createMockService();
    copy.restore(old as WorldSnapshot);
    const byNumber = (e164: string, campaign: string | null = null) =>
      steps(
        copy,
        [...copy.world.messages.all()].find((m) => m.e164 === e164 && m.campaignId === campaign)!
          .id,
      );
    const record = (e164: string) =>
      [...copy.world.messages.all()].find((m) => m.e164 === e164 && m.campaignId === null)!;
    // Delivered: created PENDING, DELIVERED since its last change; the SENT in between has no
    // time on the record, so it is left out rather than invented.
    const delivered = record('+244900000001');
    expect(byNumber('+244900000001')).toEqual([
      `PENDING@${delivered.createdAt - START}`,
      `DELIVERED@${delivered.updatedAt - START}`,
    ]);
    expect(byNumber('+244900000002')).toEqual([
      `PENDING@${record('+244900000002').createdAt - START}`,
      `UNDELIVERED@${record('+244900000002').updatedAt - START}:ABSENT_SUBSCRIBER`,
    ]);
    // Never a valid number: failed at creation, one step.
    expect(byNumber('+244900000000', campaignId).map((s) => s.replace(/@\d+/, ''))).toEqual([
      'FAILED:INVALID_PHONE_NUMBER',
    ]);
    const campaign = copy.world.campaigns.get(campaignId)!;
    expect(campaignSteps(copy, campaignId)).toEqual([
      'PROCESSING@0',
      `SENDING@${campaign.processedAt! - START}`,
      `COMPLETED@${campaign.completedAt! - START}`,
    ]);
    // From there on the world records as usual, and its next snapshot carries it all.
    copy.clock.runUntilIdle();
    const sent = record('+244900000007');
    expect(steps(copy, sent.id).map((s) => s.split('@')[0])).toEqual([
      'PENDING',
      'SENT',
      'DELIVERED',
    ]);
    const again = createMockService();
    again.restore(json(copy.snapshot()));
    expect(everyHistory(again)).toEqual(everyHistory(copy));
  });

  it('a snapshot is JSON-safe with histories in it', async () => {
    const { mock } = await busy();
    const snapshot = mock.snapshot();
    expect(new Set(snapshot.history!.messages.subjects).size).toBe(mock.world.messages.size);
    expect(JSON.stringify(json(snapshot))).toBe(JSON.stringify(snapshot));
  });

  // Snapshots share the step columns instead of copying them (E65); these fail if a restored
  // world wrote into columns a snapshot still holds.
  it('snapshot A, more steps, snapshot B, restore A, other steps, restore B: B is intact', async () => {
    const { mock, live } = await busy();
    const a = mock.snapshot();
    const atA = everyHistory(mock);
    mock.clock.runUntilIdle();
    await live.post('/messages', { to: '+244900000002', body: 'after A' });
    const b = mock.snapshot();
    const atB = everyHistory(mock);

    mock.restore(a);
    expect(everyHistory(mock)).toEqual(atA);
    // Steps the restored world appends land where B's later steps are in the shared columns.
    await live.post('/messages', { to: '+244900000001', body: 'after restoring A' });
    mock.clock.advance(1_000);
    await live.post('/messages', { to: '+244900000006', body: 'and another' });
    mock.clock.runUntilIdle();
    const diverged = everyHistory(mock);
    expect(diverged).not.toEqual(atB);

    mock.restore(b);
    expect(everyHistory(mock)).toEqual(atB);
    mock.restore(a);
    expect(everyHistory(mock)).toEqual(atA);
    // B's JSON is the JSON of a world restored from it.
    const copy = createMockService();
    copy.restore(json(b));
    expect(everyHistory(copy)).toEqual(atB);
  });

  it('two worlds restored from one snapshot each keep their own steps', async () => {
    const { mock } = await busy();
    const snapshot = mock.snapshot();
    const at = everyHistory(mock);
    const one = createMockService({ rateLimits: false });
    const two = createMockService({ rateLimits: false });
    one.restore(snapshot);
    two.restore(snapshot);
    const key = mock.world.apiKeys.keys().next().value!;
    await api(one, key).post('/messages', { to: '+244900000001', body: 'one' });
    two.clock.advance(5_000);
    await api(two, key).post('/messages', { to: '+244900000002', body: 'two' });
    two.clock.runUntilIdle();
    const ofOne = everyHistory(one);
    const ofTwo = everyHistory(two);
    expect(ofOne.messages).toHaveLength(at.messages.length + 1);
    expect(ofTwo.messages).toHaveLength(at.messages.length + 1);
    expect(ofOne.messages.at(-1)![1]).toEqual(['PENDING@60000']);
    const last = ofTwo.messages.at(-1)![1] as string[];
    expect(last.map((step) => step.replace(/@\d+/, ''))).toEqual([
      'PENDING',
      'SENT',
      'UNDELIVERED:ABSENT_SUBSCRIBER',
    ]);
    expect(last[0]).toBe('PENDING@65000');
    // Neither wrote into the other's (or the snapshot's) steps.
    expect(ofOne.messages.slice(0, -1)).toEqual(at.messages);
    expect(ofTwo.messages.slice(0, -1).map(([id]) => id)).toEqual(at.messages.map(([id]) => id));
    mock.restore(snapshot);
    expect(everyHistory(mock)).toEqual(at);
  });

  it('a fork and its parent add different steps after the fork without touching each other', async () => {
    const { mock, live } = await busy();
    const at = everyHistory(mock);
    const fork = mock.fork();
    await live.post('/messages', { to: '+244900000001', body: 'parent' });
    const key = mock.world.apiKeys.keys().next().value!;
    fork.clock.advance(2_000);
    await api(fork, key).post('/messages', { to: '+244900000002', body: 'fork' });
    const grandchild = fork.fork();
    grandchild.clock.runUntilIdle();
    expect(everyHistory(mock).messages.slice(0, -1)).toEqual(at.messages);
    expect(everyHistory(fork).messages.slice(0, -1)).toEqual(at.messages);
    expect(everyHistory(mock).messages.at(-1)![1]).toEqual(['PENDING@60000']);
    expect(everyHistory(fork).messages.at(-1)![1]).toEqual(['PENDING@62000']);
    // The +244900000007 message, SENT in all three, is delivered only in the grandchild.
    const sentId = [...mock.world.messages.all()].find((m) => m.e164 === '+244900000007')!.id;
    const statuses = (of: Mock) => steps(of, sentId).map((step) => step.split('@')[0]);
    expect(statuses(grandchild)).toEqual(['PENDING', 'SENT', 'DELIVERED']);
    expect(statuses(fork)).toEqual(['PENDING', 'SENT']);
    expect(statuses(mock)).toEqual(['PENDING', 'SENT']);
  });

  it('a structured clone of a snapshot restores with its histories', async () => {
    const { mock } = await busy();
    const snapshot = mock.snapshot();
    const at = everyHistory(mock);
    mock.clock.runUntilIdle();
    const copy = createMockService();
    copy.restore(structuredClone(snapshot));
    expect(everyHistory(copy)).toEqual(at);
    expect(JSON.stringify(copy.snapshot())).toBe(JSON.stringify(snapshot));
  });
});

describe('ids named like Object.prototype members', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'a campaign with id %s has its own history, and others are untouched',
    async (id) => {
      const { mock, demo, live } = setup();
      const batch = await live.post('/campaigns/batch', {
        remitter_id: demo.sender.id,
        channel_type: 'SMS',
        content: 'Promo',
        recipients: ['+244900000001', '+244900000002'],
      });
      // Rename the record as a hand-edited state file could: the history is found by id.
      const snapshot = json(mock.snapshot());
      const index = snapshot.campaigns.findIndex((c) => c.id === batch.body.campaign_id);
      snapshot.campaigns[index] = { ...snapshot.campaigns[index]!, id };
      for (const message of snapshot.messages) {
        if (message.campaignId === batch.body.campaign_id) message.campaignId = id;
      }
      for (const { task } of snapshot.scheduler.tasks) {
        if (task.type === 'campaign.process') (task as { campaignId: string }).campaignId = id;
      }
      const copy = createMockService();
      copy.restore(snapshot);
      expect(campaignSteps(copy, id)).toEqual(['PROCESSING@0']);
      copy.clock.runUntilIdle();
      expect(campaignSteps(copy, id).map((s) => s.split('@')[0])).toEqual([
        'PROCESSING',
        'SENDING',
        'COMPLETED',
      ]);
      expect(({} as Record<string, unknown>).constructor).toBe(Object);
    },
  );
});
