// Magic numbers (D38): +244 900 000 000 to +244 900 000 009 force one outcome each, whatever the
// seed and whatever the simulation's outcome shares, on the virtual clock: invalid, delivered,
// undelivered, expired after 48 h, rejected, failed, stuck in SENT, delivered after 6 h, delivered
// then a reply, delivered then STOP (D39). Failures are refunded (D19).
import { DEFAULT_START_TIME, MAGIC_NUMBERS } from '@msgsvc/mock';
import { describe, expect, it } from 'vitest';
import { OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS } from '../../src/domain/messages/inbound';
import type { MockServiceOptions } from '../../src/index';
import { api } from '../support/api';
import { createMockService } from '../support/mock';
import { expectLedgerBalanced, FIXED_TIMING, only } from '../support/world';
import { iso } from './support';

const T0 = DEFAULT_START_TIME;
const HOUR = 3_600_000;

/** How each number that is accepted ends, as Retrieve Message shows it. */
const FINAL: Record<string, { status: string; error_code: string | null; is_refunded: boolean }> = {
  '+244900000001': { status: 'DELIVERED', error_code: null, is_refunded: false },
  '+244900000002': { status: 'UNDELIVERED', error_code: 'ABSENT_SUBSCRIBER', is_refunded: true },
  '+244900000003': { status: 'EXPIRED', error_code: 'EXPIRED', is_refunded: true },
  '+244900000004': { status: 'REJECTED', error_code: 'REJECTED_BY_CARRIER', is_refunded: true },
  '+244900000005': { status: 'FAILED', error_code: 'CARRIER_SUBMIT_FAILED', is_refunded: true },
  '+244900000006': { status: 'SENT', error_code: null, is_refunded: false },
  '+244900000007': { status: 'DELIVERED', error_code: null, is_refunded: false },
  '+244900000008': { status: 'DELIVERED', error_code: null, is_refunded: false },
  '+244900000009': { status: 'DELIVERED', error_code: null, is_refunded: false },
};
const INVALID = '+244900000000';

function setup(options: MockServiceOptions = {}) {
  const mock = createMockService(options);
  const demo = mock.seedDemo();
  const live = api(mock, demo.liveKey);
  /** Moves the clock to `ms` after the start. */
  const at = (ms: number) => mock.clock.advance(T0 + ms - mock.clock.now().getTime());
  const status = async (id: string) => (await live.get(`/messages/${id}`)).body;
  const send = async (to: string, client = live) => {
    const response = await client.post('/messages', { to, body: 'Magic!' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as string;
  };
  return { mock, demo, live, at, status, send };
}

it('the tests cover every magic number', () => {
  expect(Object.keys(MAGIC_NUMBERS).sort()).toEqual([INVALID, ...Object.keys(FINAL)].sort());
});

describe.each([
  { seed: 1 },
  { seed: 42 },
  { seed: 20_260_101 },
  // The simulation's own shares do not matter either.
  { seed: 7, simulation: only('FAILED') },
  { seed: 8, simulation: only('NO_RECEIPT') },
])('with %o', (options) => {
  it('every number ends as its table entry says, and failures are refunded', async () => {
    const { mock, demo, live, status, send } = setup(options);
    const start = mock.control.balance(demo.organization.id);

    const invalid = await live.post('/messages', { to: INVALID, body: 'Magic!' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.fields).toEqual({ to: 'Must be an E.164 number.' });

    const ids: Record<string, string> = {};
    for (const number of Object.keys(FINAL)) ids[number] = await send(number);
    // runUntilIdle stops before the 48 h expiry, housekeeping (D74); runUntil runs it too.
    const idle = mock.clock.runUntilIdle();
    expect(await status(ids['+244900000003']!)).toMatchObject({ status: 'SENT' });
    expect(idle.pending).toBe(1);
    mock.clock.runUntil(() => mock.clock.pending() === 0);

    for (const [number, expected] of Object.entries(FINAL)) {
      expect({ number, ...(await status(ids[number]!)) }).toMatchObject({
        number,
        ...expected,
        cost: '4.000000',
        channel_destination: 'TEST_NETWORK',
      });
    }
    // Nine sends at 4.000000, four of them refunded.
    expect(mock.control.balance(demo.organization.id)).toBe((Number(start) - 5 * 4).toFixed(6));
    const refunds = mock.control.ledger(demo.organization.id).filter((e) => e.kind === 'REFUND');
    expect(refunds.map((e) => [e.message_id, e.amount]).sort()).toEqual(
      ['+244900000002', '+244900000003', '+244900000004', '+244900000005']
        .map((n) => [ids[n], '4.000000'])
        .sort(),
    );
    expectLedgerBalanced(mock);
  });
});

describe('timing on the virtual clock (a message is SENT 1 s after creation here)', () => {
  const timed = () => setup({ simulation: FIXED_TIMING });

  it('+244900000001 and +244900000002: the receipt arrives 1 s after SENT', async () => {
    const { at, status, send } = timed();
    const delivered = await send('+244900000001');
    const undelivered = await send('+244900000002');
    at(1_999);
    expect((await status(delivered)).status).toBe('SENT');
    expect((await status(undelivered)).status).toBe('SENT');
    at(2_000);
    expect(await status(delivered)).toMatchObject({
      status: 'DELIVERED',
      updated_at: iso(T0 + 2_000),
    });
    expect(await status(undelivered)).toMatchObject({
      status: 'UNDELIVERED',
      error_code: 'ABSENT_SUBSCRIBER',
      is_refunded: true,
      updated_at: iso(T0 + 2_000),
    });
  });

  it('+244900000004 and +244900000005 fail at submission, never SENT', async () => {
    const { at, status, send } = timed();
    const rejected = await send('+244900000004');
    const failed = await send('+244900000005');
    at(999);
    expect((await status(rejected)).status).toBe('PENDING');
    at(1_000);
    expect(await status(rejected)).toMatchObject({
      status: 'REJECTED',
      is_refunded: true,
      updated_at: iso(T0 + 1_000),
    });
    expect(await status(failed)).toMatchObject({
      status: 'FAILED',
      is_refunded: true,
      updated_at: iso(T0 + 1_000),
    });
  });

  it('+244900000007 is still SENT after 5 h and DELIVERED 6 h after SENT', async () => {
    const { at, status, send } = timed();
    const id = await send('+244900000007');
    at(1_000 + 5 * HOUR);
    expect(await status(id)).toMatchObject({ status: 'SENT', updated_at: iso(T0 + 1_000) });
    at(1_000 + 6 * HOUR - 1);
    expect((await status(id)).status).toBe('SENT');
    at(1_000 + 6 * HOUR);
    expect(await status(id)).toMatchObject({
      status: 'DELIVERED',
      is_refunded: false,
      updated_at: iso(T0 + 1_000 + 6 * HOUR),
    });
  });

  it('+244900000003 expires only when the 48 h validity period ends', async () => {
    const { mock, demo, at, status, send } = timed();
    const id = await send('+244900000003');
    const charged = mock.control.balance(demo.organization.id);
    at(1_000 + 47 * HOUR);
    expect((await status(id)).status).toBe('SENT');
    at(1_000 + 48 * HOUR - 1);
    expect(await status(id)).toMatchObject({ status: 'SENT', is_refunded: false });
    at(1_000 + 48 * HOUR);
    expect(await status(id)).toMatchObject({
      status: 'EXPIRED',
      error_code: 'EXPIRED',
      is_refunded: true,
      updated_at: iso(T0 + 1_000 + 48 * HOUR),
    });
    expect(Number(mock.control.balance(demo.organization.id))).toBe(Number(charged) + 4);
  });

  it('+244900000006 stays SENT for good: no receipt, no refund', async () => {
    const { mock, at, status, send } = timed();
    const id = await send('+244900000006');
    at(1_000);
    mock.clock.runUntilIdle();
    expect(mock.clock.pending()).toBe(0);
    expect(await status(id)).toMatchObject({
      status: 'SENT',
      error_code: null,
      is_refunded: false,
      updated_at: iso(T0 + 1_000),
    });
  });
});

describe('in a batch', () => {
  it('+244900000000 becomes a FAILED INVALID_PHONE_NUMBER message, never charged', async () => {
    const { mock, demo, live } = setup({ simulation: FIXED_TIMING });
    const start = mock.control.balance(demo.organization.id);
    const accepted = await live.post('/campaigns/batch', {
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Magic!',
      recipients: [INVALID, '+244900000001'],
    });
    expect(accepted.status).toBe(202);
    mock.clock.runUntilIdle();

    const page = await live.get(`/campaigns/${accepted.body.campaign_id}/messages`);
    const invalid = page.body.entries.find(
      (m: { e164_format: string }) => m.e164_format === INVALID,
    );
    expect(invalid).toMatchObject({
      status: 'FAILED',
      error_code: 'INVALID_PHONE_NUMBER',
      cost: '0.000000',
      is_refunded: false,
      channel_destination: 'UNKNOWN',
      provider_id: null,
    });
    expect((await live.get(`/messages/${invalid.id}`)).body).toMatchObject({
      status: 'FAILED',
      error_code: 'INVALID_PHONE_NUMBER',
      is_refunded: false,
    });
    // Only the valid recipient was charged (and it was delivered).
    expect(mock.control.balance(demo.organization.id)).toBe((Number(start) - 4).toFixed(6));
    expect((await live.get(`/campaigns/${accepted.body.campaign_id}`)).body.status).toBe(
      'COMPLETED',
    );
  });
});

describe('replies and opt-outs (D39)', () => {
  it('+244900000008 replies 30 s after delivery, to the sender ID, naming the message', async () => {
    const { mock, demo, at, send, status } = setup({ simulation: FIXED_TIMING });
    const id = await send('+244900000008');
    at(31_999);
    expect(mock.control.inbound(demo.organization.id)).toEqual([]);
    at(32_000);
    expect(mock.control.inbound(demo.organization.id)).toEqual([
      {
        id: expect.any(String),
        organization_id: demo.organization.id,
        from: '+244900000008',
        to: 'MSGSVC',
        body: 'Obrigado, recebido!',
        channel_type: 'SMS',
        environment: 'live',
        in_reply_to: id,
        received_at: iso(T0 + 32_000),
      },
    ]);
    // A reply is not an opt-out.
    const again = await send('+244900000008');
    mock.clock.runUntilIdle();
    expect((await status(again)).status).toBe('DELIVERED');
  });

  it('+244900000009 replies STOP: later sends fail with RECIPIENT_OPTED_OUT, refunded', async () => {
    const { mock, demo, live, at, send, status } = setup({ simulation: FIXED_TIMING });
    await send('+244900000009');
    at(32_000);
    expect(mock.control.inbound(demo.organization.id).map((i) => [i.from, i.body])).toEqual([
      ['+244900000009', 'STOP'],
    ]);

    const balance = mock.control.balance(demo.organization.id);
    const single = await send('+244900000009'); // accepted: the outcome comes at dispatch
    const accepted = await live.post('/campaigns/batch', {
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Magic!',
      recipients: ['+244900000009', '+244900000001'],
    });
    expect(accepted.status).toBe(202);
    mock.clock.runUntilIdle();

    const optedOut = {
      status: 'FAILED',
      error_code: 'RECIPIENT_OPTED_OUT',
      cost: '4.000000',
      is_refunded: true,
    };
    expect(await status(single)).toMatchObject(optedOut);
    const page = await live.get(`/campaigns/${accepted.body.campaign_id}/messages`);
    type Entry = { e164_format: string; status: string; error_code: string; is_refunded: boolean };
    expect(
      Object.fromEntries(
        page.body.entries.map((m: Entry) => [
          m.e164_format,
          [m.status, m.error_code, m.is_refunded],
        ]),
      ),
    ).toEqual({
      '+244900000009': ['FAILED', 'RECIPIENT_OPTED_OUT', true],
      '+244900000001': ['DELIVERED', null, false],
    });
    // Only the delivered batch message cost anything.
    expect(mock.control.balance(demo.organization.id)).toBe((Number(balance) - 4).toFixed(6));
    expectLedgerBalanced(mock);
  });

  it('the opt-out holds for that organization and environment only; START opts back in', async () => {
    const { mock, demo, at, send, status } = setup({ simulation: FIXED_TIMING });
    await send('+244900000009');
    at(32_000);

    // The test environment of the same organization still reaches the number.
    const fromTest = await send('+244900000009', api(mock, demo.testKey));
    mock.clock.advance(2_000);
    expect((await api(mock, demo.testKey).get(`/messages/${fromTest}`)).body.status).toBe(
      'DELIVERED',
    );

    mock.control.simulateInbound({ from: '+244900000009', to: 'MSGSVC', body: 'START' });
    const afterStart = await send('+244900000009');
    mock.clock.runUntilIdle();
    expect((await status(afterStart)).status).toBe('DELIVERED');
    // Being +244900000009, it says STOP after each delivery, in the environment it was sent from.
    expect(
      mock.control.inbound(demo.organization.id).map((i) => [i.environment, i.body, i.received_at]),
    ).toEqual([
      ['live', 'STOP', iso(T0 + 32_000)],
      ['live', 'START', iso(T0 + 34_000)],
      ['test', 'STOP', iso(T0 + 64_000)],
      ['live', 'STOP', iso(T0 + 66_000)],
    ]);
  });

  it.each([
    ...OPT_OUT_KEYWORDS.map((word) => [word.toLowerCase(), 'FAILED'] as const),
    ...OPT_IN_KEYWORDS.map((word) => [` ${word} `, 'DELIVERED'] as const),
    ['stop please', 'DELIVERED'] as const,
  ])('an inbound %j: a later send ends %s', async (body, expected) => {
    const { mock, send, status } = setup({ simulation: { ...FIXED_TIMING, ...only('DELIVERED') } });
    // Opted out first, so that opting back in can be seen.
    mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'STOP' });
    if (!OPT_IN_KEYWORDS.includes(body.trim())) {
      mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'START' });
    }
    mock.control.simulateInbound({ from: '923 000 001', to: 'MSGSVC', body });
    const id = await send('+244923000001');
    mock.clock.runUntilIdle();
    expect((await status(id)).status).toBe(expected);
  });
});
