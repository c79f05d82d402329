// GET /messages/{message_id}, GET /campaigns/{campaign_id} and GET /campaigns/{campaign_id}/messages:
// the exact status on retrieve vs the coarse one on lists (D18), 404 codes (D1, D7), 422 on ids.
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../src/index';
import { type ApiResponse, api, type Json } from './support/api';
import { createMockService } from './support/mock';
import { batchBody, FIXED_TIMING, only } from './support/world';

const MISSING_V7 = '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3';

async function sentWith(outcome: Outcome) {
  const mock = createMockService({ simulation: { ...FIXED_TIMING, ...only(outcome) } });
  const demo = mock.seedDemo();
  const live = api(mock, demo.liveKey);
  const { body } = await live.post(
    '/campaigns/batch',
    batchBody(demo.sender.id, { recipients: ['+244923000001', '+244923000002'] }),
  );
  // Every task, the 48 h expiries included (runUntilIdle leaves that housekeeping, D74).
  mock.clock.runUntil(() => mock.clock.pending() === 0);
  const entries: Json[] = (await live.get(`/campaigns/${body.campaign_id}/messages`)).body.entries;
  return { mock, demo, live, campaignId: body.campaign_id as string, entries };
}

function expectError(response: ApiResponse, status: number, code: string, fields?: object) {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({
    code,
    message: expect.any(String),
    status,
    trace_id: response.traceId,
    timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/),
    service: 'core',
    ...(fields === undefined ? {} : { fields }),
  });
}

describe('GET /messages/{message_id}', () => {
  it('answers the Retrieve Message shape, with exactly its field names', async () => {
    const { live, entries } = await sentWith('DELIVERED');
    const response = await live.get(`/messages/${entries[0].id}`);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([
      'billing_account_id',
      'campaign_id',
      'channel_destination',
      'channel_type',
      'contact_id',
      'content',
      'cost',
      'created_at',
      'e164_format',
      'error_code',
      'external_id',
      'id',
      'is_refunded',
      'organization_id',
      'provider_name',
      'sms_remitter',
      'sms_remitter_id',
      'status',
      'trigger_source',
      'updated_at',
    ]);
    expect(response.body.status).toBe('DELIVERED');
  });

  it.each([
    ['EXPIRED', 'EXPIRED', 'UNDELIVERED', 'EXPIRED'],
    ['REJECTED', 'REJECTED', 'FAILED', 'REJECTED_BY_CARRIER'],
  ] as const)(
    'an %s message is %s here and %s on every list (D18)',
    async (outcome, exact, coarse, code) => {
      const { live, entries, campaignId } = await sentWith(outcome);
      const detail = (await live.get(`/messages/${entries[0].id}`)).body;
      expect(detail).toMatchObject({ status: exact, error_code: code, is_refunded: true });

      expect(entries.map((m) => [m.status, m.error_code])).toEqual([
        [coarse, code],
        [coarse, code],
      ]);
      const listed = (await live.get('/messages')).body.entries;
      expect(listed.map((m: Json) => [m.status, m.error_code])).toEqual([
        [coarse, code],
        [coarse, code],
      ]);
      // The list filters match the coarse status.
      expect((await live.get('/messages', { status: coarse })).body.total).toBe(2);
      expect(
        (await live.get(`/campaigns/${campaignId}/messages`, { status: coarse })).body.total,
      ).toBe(2);
    },
  );

  it('ids are read case-insensitively', async () => {
    const { live, entries } = await sentWith('DELIVERED');
    const response = await live.get(`/messages/${entries[0].id.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(entries[0].id);
  });

  it('a message that does not exist is a 404 NOT_FOUND (D1)', async () => {
    const { live } = await sentWith('DELIVERED');
    expectError(await live.get(`/messages/${MISSING_V7}`), 404, 'NOT_FOUND');
  });

  it('a campaign id is not a message id', async () => {
    const { live, campaignId } = await sentWith('DELIVERED');
    expectError(await live.get(`/messages/${campaignId}`), 404, 'NOT_FOUND');
  });

  it.each([
    ['not a UUID', 'abc'],
    ['a UUID v4', '3b241101-e2bb-4255-8caf-4136c566a962'],
    ['a UUID with a wrong variant', '0193a0c6-4e5f-7a6b-0c7d-8e9fa0b1c2d3'],
    ['a UUID with a suffix', `${MISSING_V7}x`],
    ['an encoded space', '%20'],
  ])('a malformed id (%s) is a 422 on fields.message_id', async (_, id) => {
    const { live } = await sentWith('DELIVERED');
    expectError(await live.get(`/messages/${id}`), 422, 'VALIDATION_ERROR', {
      message_id: expect.any(String),
    });
  });
});

describe('GET /campaigns/{campaign_id}', () => {
  it('answers the campaign', async () => {
    const { live, campaignId, demo } = await sentWith('DELIVERED');
    const response = await live.get(`/campaigns/${campaignId}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: campaignId,
      status: 'COMPLETED',
      organization_id: demo.organization.id,
      billing_account_id: demo.organization.billingAccountId,
    });
  });

  it('a campaign that does not exist is a 404 RESOURCE_NOT_FOUND (D1, D7)', async () => {
    const { live } = await sentWith('DELIVERED');
    expectError(await live.get(`/campaigns/${MISSING_V7}`), 404, 'RESOURCE_NOT_FOUND');
    // Any UUID is a well-formed campaign id: a v4 is looked up, not refused.
    expectError(
      await live.get('/campaigns/3b241101-e2bb-4255-8caf-4136c566a962'),
      404,
      'RESOURCE_NOT_FOUND',
    );
  });

  it('a message id is not a campaign id', async () => {
    const { live, entries } = await sentWith('DELIVERED');
    expectError(await live.get(`/campaigns/${entries[0].id}`), 404, 'RESOURCE_NOT_FOUND');
  });

  it.each(['abc', '12345', `${MISSING_V7}0`])(
    'a malformed id (%s) is a 422 on fields.campaign_id',
    async (id) => {
      const { live } = await sentWith('DELIVERED');
      expectError(await live.get(`/campaigns/${id}`), 422, 'VALIDATION_ERROR', {
        campaign_id: expect.any(String),
      });
    },
  );
});

describe('GET /campaigns/{campaign_id}/messages', () => {
  it("lists the campaign's messages", async () => {
    const { live, campaignId } = await sentWith('DELIVERED');
    const response = await live.get(`/campaigns/${campaignId}/messages`);
    expect(response.body).toMatchObject({ total: 2, page: 1, size: 30, pages: 1 });
    expect(response.body.entries.map((m: Json) => m.campaign_id)).toEqual([campaignId, campaignId]);
  });

  it('an unknown campaign is a 404, not an empty page (D7)', async () => {
    const { live } = await sentWith('DELIVERED');
    expectError(await live.get(`/campaigns/${MISSING_V7}/messages`), 404, 'RESOURCE_NOT_FOUND');
  });

  it('a malformed campaign id is a 422 on fields.campaign_id', async () => {
    const { live } = await sentWith('DELIVERED');
    expectError(await live.get('/campaigns/abc/messages'), 422, 'VALIDATION_ERROR', {
      campaign_id: expect.any(String),
    });
  });

  it('a campaign_id filter naming another campaign matches nothing', async () => {
    const { live, campaignId } = await sentWith('DELIVERED');
    const other = await live.get(`/campaigns/${campaignId}/messages`, { campaign_id: MISSING_V7 });
    expect(other.body).toMatchObject({ total: 0, pages: 0, entries: [] });
    const same = await live.get(`/campaigns/${campaignId}/messages`, { campaign_id: campaignId });
    expect(same.body.total).toBe(2);
  });

  it('does not take remitter_id (that alias is for the two top-level lists, D22)', async () => {
    const { live, campaignId, demo } = await sentWith('DELIVERED');
    const response = await live.get(`/campaigns/${campaignId}/messages`, {
      remitter_id: demo.sender.id,
    });
    expect(response.status).toBe(422);
    const filtered = await live.get(`/campaigns/${campaignId}/messages`, {
      sms_remitter_id: demo.sender.id,
    });
    expect(filtered.body.total).toBe(2);
  });
});
