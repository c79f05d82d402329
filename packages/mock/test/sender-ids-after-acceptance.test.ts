// What happens between acceptance and sending (D73): a sender ID rejected after a campaign or a
// message was accepted sends nothing more; a campaign's note counts the messages it will send and
// the recipients it will not; an inbound message to a sender name two organizations share is
// refused until the organization is named.
import { describe, expect, it } from 'vitest';
import type { ApiResponse, Json } from './support/api';
import { createMockService } from './support/mock';
import {
  batchBody,
  expectLedgerBalanced,
  FIXED_TIMING,
  only,
  organization,
  unitelNumbers,
} from './support/world';

// Processing 500 ms after acceptance, dispatch 1 s after creation, receipt 5 s after that.
function setup() {
  const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only('DELIVERED') } });
  const org = organization(mock, { balance: '100.000000' });
  const campaign = async (response: ApiResponse) =>
    (await org.live.get(`/campaigns/${response.body.campaign_id}`)).body;
  const messagesOf = async (response: ApiResponse): Promise<Json[]> =>
    (await org.live.get(`/campaigns/${response.body.campaign_id}/messages`, { order: 'asc' })).body
      .entries;
  return { mock, org, campaign, messagesOf };
}

describe('a sender ID rejected after acceptance (D73)', () => {
  it('before processing: the campaign fails with SENDER_ID_NOT_APPROVED and nothing is charged', async () => {
    const { mock, org, campaign, messagesOf } = setup();
    const accepted = await org.live.post('/campaigns/batch', batchBody(org.sender.id));
    expect(accepted.status).toBe(202);
    mock.control.setSenderIdStatus(org.sender.id, 'REJECTED');
    mock.clock.runUntilIdle();
    const failed = await campaign(accepted);
    expect(failed).toMatchObject({
      status: 'FAILED',
      error_code: 'SENDER_ID_NOT_APPROVED',
      processed_at: '2026-01-01T09:00:00.500000+00:00',
    });
    expect(failed.status_note).toMatch(/sender ID/i);
    expect(await messagesOf(accepted)).toEqual([]);
    expect(mock.control.ledger(org.organization.id).map((e) => e.kind)).toEqual(['FUNDING']);
    expect(mock.control.balance(org.organization.id)).toBe('100.000000');
    expectLedgerBalanced(mock);
  });

  it('after processing: no message is sent; each fails with SENDER_ID_NOT_APPROVED, refunded', async () => {
    const { mock, org, campaign, messagesOf } = setup();
    const accepted = await org.live.post('/campaigns/batch', batchBody(org.sender.id));
    mock.clock.advance(500); // processed and debited: SENDING, messages PENDING
    expect((await campaign(accepted)).status).toBe('SENDING');
    expect(mock.control.balance(org.organization.id)).toBe('92.000000');
    mock.control.setSenderIdStatus(org.sender.id, 'REJECTED');
    mock.clock.runUntilIdle();

    const messages = await messagesOf(accepted);
    expect(messages.map((m) => [m.status, m.error_code, m.is_refunded])).toEqual([
      ['FAILED', 'SENDER_ID_NOT_APPROVED', true],
      ['FAILED', 'SENDER_ID_NOT_APPROVED', true],
    ]);
    const detail = await org.live.get(`/messages/${messages[0].id}`);
    expect(detail.body).toMatchObject({ status: 'FAILED', error_code: 'SENDER_ID_NOT_APPROVED' });
    expect(await campaign(accepted)).toMatchObject({
      status: 'COMPLETED',
      status_note: 'Completed: 0 of 2 messages dispatched to carriers.',
    });
    expect(mock.control.balance(org.organization.id)).toBe('100.000000');
    expectLedgerBalanced(mock);
  });

  it('a single message accepted before the rejection fails the same way, refunded', async () => {
    const { mock, org } = setup();
    const sent = await org.live.post('/messages', { to: '+244923000001', body: 'Hi' });
    expect(sent.status).toBe(201);
    mock.control.setSenderIdStatus(org.sender.id, 'PENDING');
    mock.clock.runUntilIdle();
    const message = (await org.live.get(`/messages/${sent.body.id}`)).body;
    expect(message).toMatchObject({
      status: 'FAILED',
      error_code: 'SENDER_ID_NOT_APPROVED',
      is_refunded: true,
    });
    expect(mock.control.balance(org.organization.id)).toBe('100.000000');
    expectLedgerBalanced(mock);
  });

  it('approved again before dispatch, it sends as usual', async () => {
    const { mock, org, messagesOf } = setup();
    const accepted = await org.live.post('/campaigns/batch', batchBody(org.sender.id));
    mock.control.setSenderIdStatus(org.sender.id, 'REJECTED');
    mock.control.setSenderIdStatus(org.sender.id, 'APPROVED');
    mock.clock.runUntilIdle();
    expect((await messagesOf(accepted)).map((m) => m.status)).toEqual(['DELIVERED', 'DELIVERED']);
  });
});

describe("the campaign's note counts what it sends (D73)", () => {
  it('4 recipients, 1 not a number: "Sending 3 messages", and the fourth is named', async () => {
    const { mock, org, campaign } = setup();
    const accepted = await org.live.post(
      '/campaigns/batch',
      batchBody(org.sender.id, { recipients: [...unitelNumbers(3), '12345678'] }),
    );
    mock.clock.advance(500);
    const sending = await campaign(accepted);
    expect(sending.total_estimated_recipients).toBe(4);
    expect(sending.status_note).toBe(
      'Sending 3 messages; 1 recipient is not a valid phone number and gets none.',
    );
  });

  it('without invalid recipients, only the count', async () => {
    const { mock, org, campaign } = setup();
    const accepted = await org.live.post(
      '/campaigns/batch',
      batchBody(org.sender.id, { recipients: [...unitelNumbers(3), '+244 923 000 003'] }),
    );
    mock.clock.advance(500);
    expect((await campaign(accepted)).status_note).toBe('Sending 3 messages.');
  });

  it('two invalid recipients and one valid: the plural and the singular', async () => {
    const { mock, org, campaign } = setup();
    const accepted = await org.live.post(
      '/campaigns/batch',
      batchBody(org.sender.id, { recipients: ['+244923000001', '12345678', '1234567'] }),
    );
    mock.clock.advance(500);
    expect((await campaign(accepted)).status_note).toBe(
      'Sending 1 message; 2 recipients are not valid phone numbers and get none.',
    );
  });
});

describe('inbound to a sender name two organizations share (D73)', () => {
  function twoShops() {
    const mock = createMockService();
    const a = organization(mock, { name: 'Shop A' });
    const b = organization(mock, { name: 'Shop B' });
    // `organization()` names both sender IDs KWANZA.
    expect(a.sender.name).toBe(b.sender.name);
    return { mock, a, b };
  }

  it('is refused with 422 on fields.to until the organization is named', () => {
    const { mock, a } = twoShops();
    expect(() =>
      mock.control.simulateInbound({ from: '+244923000001', to: 'KWANZA', body: 'STOP' }),
    ).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        fields: {
          to: "Sender ID KWANZA belongs to 2 organizations: give organization_id, or the sender ID's id.",
        },
      }),
    );
    expect(mock.control.inbound(a.organization.id)).toEqual([]);
  });

  it('goes to the organization named, and to no other', async () => {
    const { mock, a, b } = twoShops();
    const received = mock.control.simulateInbound({
      from: '+244923000001',
      to: 'KWANZA',
      body: 'STOP',
      organization_id: b.organization.id,
    });
    expect(received.organization_id).toBe(b.organization.id);
    expect(mock.control.inbound(a.organization.id)).toEqual([]);
    expect(mock.control.inbound(b.organization.id)).toHaveLength(1);
    // The opt-out is B's alone.
    const toA = await a.live.post('/messages', { to: '+244923000001', body: 'Hi' });
    const toB = await b.live.post('/messages', { to: '+244923000001', body: 'Hi' });
    mock.clock.runUntilIdle();
    expect((await a.live.get(`/messages/${toA.body.id}`)).body.error_code).not.toBe(
      'RECIPIENT_OPTED_OUT',
    );
    expect((await b.live.get(`/messages/${toB.body.id}`)).body.error_code).toBe(
      'RECIPIENT_OPTED_OUT',
    );
  });

  it('by id it is never ambiguous; a name the named organization lacks is a 404', () => {
    const { mock, a, b } = twoShops();
    const byId = mock.control.simulateInbound({
      from: '+244923000001',
      to: a.sender.id,
      body: 'hello',
    });
    expect(byId.organization_id).toBe(a.organization.id);
    expect(() =>
      mock.control.simulateInbound({
        from: '+244923000001',
        to: a.sender.id,
        body: 'hello',
        organization_id: b.organization.id,
      }),
    ).toThrow(expect.objectContaining({ code: 'RESOURCE_NOT_FOUND' }));
  });
});
