// A campaign's life on the virtual clock: PROCESSING → SENDING (one debit) → COMPLETED, the
// messages it generates, their prices (D26), refunds (D19) and the late balance failure (D13).
// The ledger invariant is checked after every step.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../src/index';
import { api, type Json } from './support/api';
import { createMockService } from './support/mock';
import {
  batchBody,
  expectLedgerBalanced,
  FIXED_TIMING,
  only,
  organization,
  unitelNumbers,
} from './support/world';

const T0 = '2026-01-01T09:00:00.000000+00:00';

describe('the full lifecycle', () => {
  it('PROCESSING → SENDING (debit) → COMPLETED, then delivery', async () => {
    const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only('DELIVERED') } });
    const demo = mock.seedDemo();
    const [ana, bruno, carla] = demo.contacts;
    const live = api(mock, demo.liveKey);
    const recipients = [
      '+244923000001', // Ana, Unitel 4.000000
      '+244912000002', // Bruno, Movicel 4.500000
      '+244951000003', // Carla, Africell 3.500000
      '+244923555555', // no contact, Unitel 4.000000
      '12345678', //      not a valid number: FAILED, free
    ];
    const accepted = await live.post(
      '/campaigns/batch',
      batchBody(demo.sender.id, { name: 'Lifecycle', recipients }),
    );
    const id: string = accepted.body.campaign_id;
    const campaign = async () => (await live.get(`/campaigns/${id}`)).body;
    const messages = async (): Promise<Json[]> =>
      (await live.get(`/campaigns/${id}/messages`, { order: 'asc' })).body.entries;
    const notes = new Set<string>();

    // Accepted: PROCESSING, nothing debited, no messages yet.
    const processing = await campaign();
    expect(processing).toMatchObject({
      status: 'PROCESSING',
      total_estimated_recipients: 5,
      file_metadata_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      scheduled_at: T0,
      processed_at: null,
      completed_at: null,
      error_code: null,
      data: { reason_of_pause: null },
    });
    notes.add(processing.status_note);
    expect(await messages()).toEqual([]);
    expect(mock.control.balance(demo.organization.id)).toBe('1000000.000000');
    expectLedgerBalanced(mock);

    mock.clock.advance(499);
    expect((await campaign()).status).toBe('PROCESSING');

    // Processed: SENDING, one debit of Σ segments × price, one message per distinct recipient.
    mock.clock.advance(1);
    const sending = await campaign();
    expect(sending).toMatchObject({
      status: 'SENDING',
      processed_at: '2026-01-01T09:00:00.500000+00:00',
      updated_at: '2026-01-01T09:00:00.500000+00:00',
      completed_at: null,
      error_code: null,
      data: { reason_of_pause: null },
    });
    notes.add(sending.status_note);
    const debits = mock.control.ledger(demo.organization.id).slice(1);
    expect(debits).toEqual([
      expect.objectContaining({
        kind: 'CAMPAIGN_DEBIT',
        amount: '-16.000000',
        balance_after: '999984.000000',
        campaign_id: id,
        message_id: null,
      }),
    ]);
    expectLedgerBalanced(mock);

    const created = await messages();
    expect(created.map((m) => [m.e164_format, m.status, m.cost, m.channel_destination])).toEqual([
      ['+244923000001', 'PENDING', '4.000000', 'UNITEL'],
      ['+244912000002', 'PENDING', '4.500000', 'MOVICEL'],
      ['+244951000003', 'PENDING', '3.500000', 'AFRICELL_AO'],
      ['+244923555555', 'PENDING', '4.000000', 'UNITEL'],
      ['12345678', 'FAILED', '0.000000', 'UNKNOWN'],
    ]);
    expect(created[0]).toEqual({
      id: expect.any(String),
      created_at: '2026-01-01T09:00:00.500000+00:00',
      updated_at: '2026-01-01T09:00:00.500000+00:00',
      organization_id: demo.organization.id,
      billing_account_id: demo.organization.billingAccountId,
      campaign_id: id,
      contact_id: ana!.id,
      sms_remitter_id: demo.sender.id,
      sms_remitter: { id: demo.sender.id, name: 'MSGSVC' },
      external_id: null,
      cost: '4.000000',
      channel_type: 'SMS',
      channel_destination: 'UNITEL',
      provider_id: 'unitel-smpp-1',
      e164_format: '+244923000001',
      content: 'Promo: 10% off today',
      trigger_source: 'API_CLIENT',
      error_code: null,
      is_refunded: false,
      status: 'PENDING',
      contact: {
        id: ana!.id,
        name: 'Ana Silva',
        email: 'ana.silva@example.ao',
        e164_format: '+244923000001',
        organization_id: demo.organization.id,
        created_at: T0,
        updated_at: T0,
      },
      campaign: {
        id,
        name: 'Lifecycle',
        status: 'SENDING',
        created_at: T0,
        updated_at: '2026-01-01T09:00:00.500000+00:00',
      },
    });
    expect(created.map((m) => m.contact_id)).toEqual([ana!.id, bruno!.id, carla!.id, null, null]);
    expect(created[2]!.contact).toMatchObject({ name: 'Carla Neto', email: null });
    expect(created[3]!.contact).toBeNull();
    expect(created.map((m) => m.provider_id)).toEqual([
      'unitel-smpp-1',
      'movicel-smpp-1',
      'africell-smpp-1',
      'unitel-smpp-1',
      null,
    ]);

    // Dispatched: every valid message SENT, so the campaign completes (D13).
    mock.clock.advance(999);
    expect((await campaign()).status).toBe('SENDING');
    mock.clock.advance(1);
    const completed = await campaign();
    expect(completed).toMatchObject({
      status: 'COMPLETED',
      processed_at: '2026-01-01T09:00:00.500000+00:00',
      completed_at: '2026-01-01T09:00:01.500000+00:00',
      updated_at: '2026-01-01T09:00:01.500000+00:00',
      error_code: null,
      data: { reason_of_pause: null },
    });
    notes.add(completed.status_note);
    expect((await messages()).map((m) => m.status)).toEqual([
      'SENT',
      'SENT',
      'SENT',
      'SENT',
      'FAILED',
    ]);
    expectLedgerBalanced(mock);

    // Receipts: delivered messages are never refunded (D19).
    mock.clock.advance(5_000);
    const delivered = await messages();
    expect(delivered.map((m) => [m.status, m.is_refunded])).toEqual([
      ['DELIVERED', false],
      ['DELIVERED', false],
      ['DELIVERED', false],
      ['DELIVERED', false],
      ['FAILED', false],
    ]);
    expect((await campaign()).status).toBe('COMPLETED');
    expect(mock.control.balance(demo.organization.id)).toBe('999984.000000');
    expect(mock.control.ledger(demo.organization.id).map((e) => e.kind)).toEqual([
      'FUNDING',
      'CAMPAIGN_DEBIT',
    ]);
    expectLedgerBalanced(mock);

    // status_note is a sentence describing each state (D15).
    expect(notes.size).toBe(3);
    for (const note of notes) expect(note.length).toBeGreaterThan(0);
    expect(mock.clock.pending()).toBe(0);
  });

  it('contact_id and the embedded contact are null for unknown numbers, on every shape', async () => {
    const mock = createMockService({ simulation: FIXED_TIMING });
    const demo = mock.seedDemo();
    const live = api(mock, demo.liveKey);
    const { body } = await live.post(
      '/campaigns/batch',
      batchBody(demo.sender.id, { recipients: ['+244923000001', '+244923777777'] }),
    );
    mock.clock.advance(500);
    const list = (await live.get('/messages', { campaign_id: body.campaign_id, order: 'asc' }))
      .body;
    expect(list.entries.map((m: Json) => m.contact_id)).toEqual([demo.contacts[0]!.id, null]);
    const unknown = await live.get(`/messages/${list.entries[1].id}`);
    expect(unknown.body.contact_id).toBeNull();
  });

  it('a campaign whose recipients are all invalid completes at processing, charging nothing', async () => {
    const mock = createMockService({ simulation: FIXED_TIMING });
    const demo = mock.seedDemo();
    const live = api(mock, demo.liveKey);
    const { body } = await live.post(
      '/campaigns/batch',
      batchBody(demo.sender.id, { recipients: ['1234567', '+244 88 123 4567'] }),
    );
    mock.clock.advance(500);
    expect((await live.get(`/campaigns/${body.campaign_id}`)).body).toMatchObject({
      status: 'COMPLETED',
      processed_at: '2026-01-01T09:00:00.500000+00:00',
      completed_at: '2026-01-01T09:00:00.500000+00:00',
      total_estimated_recipients: 2,
    });
    expect(mock.control.ledger(demo.organization.id).map((e) => e.kind)).toEqual(['FUNDING']);
    expectLedgerBalanced(mock);
  });
});

describe('prices: segments × route price (D26)', () => {
  it.each([
    ['160 GSM-7 characters', 'a'.repeat(160), 1],
    ['161 GSM-7 characters', 'a'.repeat(161), 2],
    ['159 characters and €, which takes two septets', `${'a'.repeat(159)}€`, 2],
    ['70 UCS-2 characters', 'ã'.repeat(70), 1],
    ['71 UCS-2 characters', 'ã'.repeat(71), 2],
    ['134 UCS-2 characters', 'ã'.repeat(134), 2],
    ['135 UCS-2 characters', 'ã'.repeat(135), 3],
  ])('%s cost %i segment(s) per recipient', async (_, content, segments) => {
    const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only('DELIVERED') } });
    const org = organization(mock, { balance: '100.000000' });
    const { body } = await org.live.post(
      '/campaigns/batch',
      batchBody(org.sender.id, { content, recipients: unitelNumbers(2) }),
    );
    mock.clock.advance(500);
    const perMessage = (4 * segments).toFixed(6);
    const entries = (await org.live.get(`/campaigns/${body.campaign_id}/messages`)).body.entries;
    expect(entries.map((m: Json) => m.cost)).toEqual([perMessage, perMessage]);
    const detail = await org.live.get(`/messages/${entries[0].id}`);
    expect(detail.body.cost).toBe(perMessage);
    expect(mock.control.ledger(org.organization.id).map((e) => e.amount)).toEqual([
      '100.000000',
      `-${(8 * segments).toFixed(6)}`,
    ]);
    expect(mock.control.balance(org.organization.id)).toBe((100 - 8 * segments).toFixed(6));
    expectLedgerBalanced(mock);
  });

  it('a valid number outside the prefix table goes through GLOBAL_AGGREGATOR at 25.000000', async () => {
    const mock = createMockService({ simulation: FIXED_TIMING });
    const org = organization(mock, { balance: '50.000000' });
    const { body } = await org.live.post(
      '/campaigns/batch',
      batchBody(org.sender.id, { recipients: ['+351912345678', '+5511987654321'] }),
    );
    mock.clock.advance(500);
    const entries = (await org.live.get(`/campaigns/${body.campaign_id}/messages`)).body.entries;
    expect(entries.map((m: Json) => [m.channel_destination, m.provider_id, m.cost])).toEqual([
      ['GLOBAL_AGGREGATOR', 'global-aggregator-1', '25.000000'],
      ['GLOBAL_AGGREGATOR', 'global-aggregator-1', '25.000000'],
    ]);
    expect(mock.control.balance(org.organization.id)).toBe('0.000000');
  });
});

describe('refunds (D19)', () => {
  const cases: [Outcome, string, string, string | RegExp | null, boolean][] = [
    ['DELIVERED', 'DELIVERED', 'DELIVERED', null, false],
    ['NO_RECEIPT', 'SENT', 'SENT', null, false],
    [
      'UNDELIVERED',
      'UNDELIVERED',
      'UNDELIVERED',
      /^(ABSENT_SUBSCRIBER|UNKNOWN_SUBSCRIBER|HANDSET_MEMORY_FULL)$/,
      true,
    ],
    ['EXPIRED', 'EXPIRED', 'UNDELIVERED', 'EXPIRED', true],
    ['REJECTED', 'REJECTED', 'FAILED', 'REJECTED_BY_CARRIER', true],
    ['FAILED', 'FAILED', 'FAILED', 'CARRIER_SUBMIT_FAILED', true],
  ];

  it.each(cases)(
    'a message that ends %s (retrieve %s, list %s)',
    async (outcome, exact, coarse, errorCode, refunded) => {
      const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only(outcome) } });
      const org = organization(mock, { balance: '100.000000' });
      const { body } = await org.live.post('/campaigns/batch', batchBody(org.sender.id));
      // Every task, the 48 h expiries included (runUntilIdle leaves that housekeeping, D74).
      mock.clock.runUntil(() => mock.clock.pending() === 0);
      expectLedgerBalanced(mock);

      const entries: Json[] = (
        await org.live.get(`/campaigns/${body.campaign_id}/messages`, { order: 'asc' })
      ).body.entries;
      const listed: Json[] = (await org.live.get('/messages')).body.entries;
      for (const entry of entries) {
        const detail = (await org.live.get(`/messages/${entry.id}`)).body;
        expect(detail.status).toBe(exact);
        expect(detail.is_refunded).toBe(refunded);
        expect(detail.cost).toBe('4.000000');
        expect(entry.status).toBe(coarse);
        expect(entry.is_refunded).toBe(refunded);
        expect(listed.find((m) => m.id === entry.id)?.status).toBe(coarse);
        if (errorCode === null) expect(detail.error_code).toBeNull();
        else expect(detail.error_code).toMatch(errorCode);
        expect(entry.error_code).toBe(detail.error_code);
      }

      const ledger = mock.control.ledger(org.organization.id);
      const refunds = ledger.filter((e) => e.kind === 'REFUND');
      if (refunded) {
        expect(refunds.map((e) => [e.amount, e.campaign_id, e.message_id])).toEqual(
          entries.map((m) => ['4.000000', body.campaign_id, m.id]),
        );
        expect(mock.control.balance(org.organization.id)).toBe('100.000000');
      } else {
        expect(refunds).toEqual([]);
        expect(mock.control.balance(org.organization.id)).toBe('92.000000');
      }
      // Whatever the outcome, the campaign completes (D13).
      expect((await org.live.get(`/campaigns/${body.campaign_id}`)).body.status).toBe('COMPLETED');
    },
  );

  it('an expired message is refunded when the validity period (48 h) ends, not before', async () => {
    const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only('EXPIRED') } });
    const org = organization(mock, { balance: '100.000000' });
    await org.live.post('/campaigns/batch', batchBody(org.sender.id));
    mock.clock.advance(1_500); // processed at 0.5 s, SENT at 1.5 s
    const hours = 60 * 60 * 1000;
    mock.clock.advance(48 * hours - 1);
    expect(mock.control.balance(org.organization.id)).toBe('92.000000');
    const id = (await org.live.get('/messages')).body.entries[0].id;
    expect((await org.live.get(`/messages/${id}`)).body).toMatchObject({
      status: 'SENT',
      is_refunded: false,
    });
    expectLedgerBalanced(mock);

    mock.clock.advance(1);
    expect((await org.live.get(`/messages/${id}`)).body).toMatchObject({
      status: 'EXPIRED',
      is_refunded: true,
      error_code: 'EXPIRED',
      updated_at: '2026-01-03T09:00:01.500000+00:00',
    });
    expect(mock.control.balance(org.organization.id)).toBe('100.000000');
    expectLedgerBalanced(mock);
  });

  it('a test-key campaign is never charged, so never refunded (D19, D28)', async () => {
    const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only('UNDELIVERED') } });
    const org = organization(mock, { balance: '100.000000' });
    const { body } = await org.test.post('/campaigns/batch', batchBody(org.sender.id));
    mock.clock.runUntilIdle();
    const entries = (await org.test.get(`/campaigns/${body.campaign_id}/messages`)).body.entries;
    expect(entries.map((m: Json) => [m.status, m.cost, m.is_refunded])).toEqual([
      ['UNDELIVERED', '4.000000', false],
      ['UNDELIVERED', '4.000000', false],
    ]);
    expect(mock.control.ledger(org.organization.id).map((e) => e.kind)).toEqual(['FUNDING']);
    expect(mock.control.balance(org.organization.id)).toBe('100.000000');
    expectLedgerBalanced(mock);
  });
});

describe('a dispatch failure (D13, injected)', () => {
  it('fails the campaign with SYSTEM_DISPATCH_ERROR, cancels and refunds every message', async () => {
    const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only('DELIVERED') } });
    const org = organization(mock, { balance: '100.000000' });
    const { body } = await org.live.post('/campaigns/batch', batchBody(org.sender.id));
    mock.control.failNextDispatch({ campaign_id: body.campaign_id });
    mock.clock.advance(500);

    expect((await org.live.get(`/campaigns/${body.campaign_id}`)).body).toMatchObject({
      status: 'FAILED',
      error_code: 'SYSTEM_DISPATCH_ERROR',
      processed_at: '2026-01-01T09:00:00.500000+00:00',
    });
    const entries: Json[] = (await org.live.get(`/campaigns/${body.campaign_id}/messages`)).body
      .entries;
    expect(entries.map((m) => [m.status, m.error_code, m.is_refunded])).toEqual([
      ['FAILED', 'SYSTEM_DISPATCH_ERROR', true],
      ['FAILED', 'SYSTEM_DISPATCH_ERROR', true],
    ]);
    expect((await org.live.get(`/messages/${entries[0].id}`)).body.status).toBe('CANCELLED');
    expect(mock.control.ledger(org.organization.id).map((e) => [e.kind, e.amount])).toEqual([
      ['FUNDING', '100.000000'],
      ['CAMPAIGN_DEBIT', '-8.000000'],
      ['REFUND', '4.000000'],
      ['REFUND', '4.000000'],
    ]);
    expect(mock.control.balance(org.organization.id)).toBe('100.000000');
    expectLedgerBalanced(mock);
    // Nothing is left pending: no later dispatch changes anything.
    mock.clock.runUntilIdle();
    expect((await org.live.get(`/campaigns/${body.campaign_id}`)).body.status).toBe('FAILED');
    expect(mock.control.balance(org.organization.id)).toBe('100.000000');
  });
});

describe('the balance dropped between acceptance and processing (D13)', () => {
  it('the second campaign fails with BILLING_INSUFFICIENT_FUNDS and nothing is debited', async () => {
    const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only('DELIVERED') } });
    const org = organization(mock, { balance: '8.000000' });
    // Each costs 8.000000; both are accepted because neither is debited before processing.
    const first = await org.live.post('/campaigns/batch', batchBody(org.sender.id));
    const second = await org.live.post(
      '/campaigns/batch',
      batchBody(org.sender.id, { recipients: unitelNumbers(2, 100) }),
    );
    expect([first.status, second.status]).toEqual([202, 202]);
    expectLedgerBalanced(mock);

    mock.clock.advance(500);
    const failed = (await org.live.get(`/campaigns/${second.body.campaign_id}`)).body;
    expect(failed).toMatchObject({
      status: 'FAILED',
      error_code: 'BILLING_INSUFFICIENT_FUNDS',
      processed_at: '2026-01-01T09:00:00.500000+00:00',
      data: { reason_of_pause: null },
    });
    expect(failed.status_note.length).toBeGreaterThan(0);
    expect((await org.live.get(`/campaigns/${first.body.campaign_id}`)).body.status).toBe(
      'SENDING',
    );
    expect((await org.live.get(`/campaigns/${second.body.campaign_id}/messages`)).body.total).toBe(
      0,
    );
    expect(mock.control.ledger(org.organization.id).map((e) => [e.kind, e.campaign_id])).toEqual([
      ['FUNDING', null],
      ['CAMPAIGN_DEBIT', first.body.campaign_id],
    ]);
    expect(mock.control.balance(org.organization.id)).toBe('0.000000');
    expectLedgerBalanced(mock);

    mock.clock.runUntilIdle();
    expect((await org.live.get(`/campaigns/${second.body.campaign_id}`)).body.status).toBe(
      'FAILED',
    );
    expect((await org.live.get('/messages')).body.total).toBe(2);
    expectLedgerBalanced(mock);
  });
});

describe('campaigns competing for one balance: first accepted, first processed (D70)', () => {
  // Processing delays are drawn per campaign (200–800 ms by default), so without an order a later
  // campaign could be processed, and paid for, first. Over many seeds and acceptance gaps the
  // campaigns that fit are always the earliest accepted, and no campaign is processed before one
  // accepted earlier. Acceptance reserves nothing: each is accepted against the balance of the day.
  it('for any seed and any gaps, the earliest accepted campaigns win, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.array(fc.integer({ min: 0, max: 700 }), { minLength: 2, maxLength: 6 }),
        fc.integer({ min: 1, max: 5 }),
        async (seed, gaps, fits) => {
          const mock = createMockService({ seed });
          // Each campaign costs 8.000000 (two Unitel numbers): the balance pays for `fits` of them.
          const org = organization(mock, { balance: (8 * fits).toFixed(6) });
          const ids: (string | null)[] = [];
          for (const [i, gap] of gaps.entries()) {
            mock.clock.advance(gap);
            const accepted = await org.live.post(
              '/campaigns/batch',
              batchBody(org.sender.id, { recipients: unitelNumbers(2, 10 * i + 1) }),
            );
            // A campaign accepted after earlier ones were paid for may be refused at once (D14).
            expect(i < fits ? [202] : [202, 402]).toContain(accepted.status);
            ids.push(accepted.status === 202 ? accepted.body.campaign_id : null);
          }
          mock.clock.runUntilIdle();
          const campaigns: Json[] = [];
          for (const id of ids) {
            if (id !== null) campaigns.push((await org.live.get(`/campaigns/${id}`)).body);
          }
          // The first `fits` attempts are the campaigns paid for; every later one failed.
          expect(campaigns.map((c) => c.error_code)).toEqual(
            campaigns.map((_, i) => (i < fits ? null : 'BILLING_INSUFFICIENT_FUNDS')),
          );
          const processed = campaigns.map((c) => c.processed_at as string);
          expect([...processed].sort()).toEqual(processed);
          expectLedgerBalanced(mock);
        },
      ),
      { numRuns: 60, seed: Number(process.env.FC_SEED ?? 20261126) },
    );
  });

  it('a later campaign drawn a shorter delay waits for the earlier one', async () => {
    const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only('DELIVERED') } });
    const org = organization(mock, { balance: '8.000000' });
    const first = await org.live.post('/campaigns/batch', batchBody(org.sender.id));
    // From now on processing takes 100 ms instead of 500: the second is due before the first.
    mock.world.config = {
      ...mock.world.config,
      simulation: { ...mock.world.config.simulation, processingDelay: [100, 100] },
    };
    const second = await org.live.post(
      '/campaigns/batch',
      batchBody(org.sender.id, { recipients: unitelNumbers(2, 100) }),
    );
    mock.clock.advance(100);
    expect((await org.live.get(`/campaigns/${second.body.campaign_id}`)).body.status).toBe(
      'PROCESSING',
    );
    mock.clock.advance(400);
    const [a, b] = [
      (await org.live.get(`/campaigns/${first.body.campaign_id}`)).body,
      (await org.live.get(`/campaigns/${second.body.campaign_id}`)).body,
    ];
    expect([a.status, a.processed_at]).toEqual(['SENDING', '2026-01-01T09:00:00.500000+00:00']);
    expect([b.status, b.error_code, b.processed_at]).toEqual([
      'FAILED',
      'BILLING_INSUFFICIENT_FUNDS',
      '2026-01-01T09:00:00.500000+00:00',
    ]);
    expectLedgerBalanced(mock);
  });
});
