// A caller sees only its own organization's records, and a test key only test records (spec "What
// the service does", D1, D7, D28). Another tenant's record answers exactly like a missing one.
import { describe, expect, it } from 'vitest';
import { type Api, stableError } from './support/api';
import { createMockService } from './support/mock';
import { batchBody, expectLedgerBalanced, FIXED_TIMING, organization } from './support/world';

const MISSING_V7 = '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3';

/** A message and a processed campaign made with `client`. */
async function records(client: Api, senderId: string, advance: () => void) {
  const message = (await client.post('/messages', { to: '+244923000001', body: 'hi' })).body.id;
  const campaign = (await client.post('/campaigns/batch', batchBody(senderId))).body.campaign_id;
  advance();
  return { message: message as string, campaign: campaign as string };
}

/** Asserts `client` cannot see `owned`, and that each refusal equals the one for a missing id. */
async function expectInvisible(client: Api, owned: { message: string; campaign: string }) {
  const pairs: [string, string, number][] = [
    [`/messages/${owned.message}`, `/messages/${MISSING_V7}`, 404],
    [`/campaigns/${owned.campaign}`, `/campaigns/${MISSING_V7}`, 404],
    [`/campaigns/${owned.campaign}/messages`, `/campaigns/${MISSING_V7}/messages`, 404],
  ];
  for (const [path, missingPath, status] of pairs) {
    const foreign = await client.get(path);
    const missing = await client.get(missingPath);
    expect(foreign.status).toBe(status);
    expect(stableError(foreign.body)).toEqual(stableError(missing.body));
  }
  const lists = [
    ['/messages', {}],
    ['/messages', { q: owned.message }],
    ['/messages', { campaign_id: owned.campaign }],
    ['/campaigns', {}],
  ] as const;
  for (const [path, query] of lists) {
    const page = await client.get(path, query);
    expect(page.status).toBe(200);
    expect(page.body.entries.map((e: { id: string }) => e.id)).not.toContain(owned.message);
    expect(page.body.entries.map((e: { id: string }) => e.id)).not.toContain(owned.campaign);
  }
}

describe('between organizations', () => {
  it("organization B sees none of organization A's messages or campaigns", async () => {
    const mock = createMockService({ simulation: FIXED_TIMING });
    const a = organization(mock, { name: 'A' });
    const b = organization(mock, { name: 'B' });
    const ownedByA = await records(a.live, a.sender.id, () => mock.clock.advance(600));

    await expectInvisible(b.live, ownedByA);
    expect((await b.live.get('/messages')).body.total).toBe(0);
    expect((await b.live.get('/campaigns')).body.total).toBe(0);
    // A still sees its own.
    expect((await a.live.get(`/messages/${ownedByA.message}`)).status).toBe(200);
    expect((await a.live.get('/messages')).body.total).toBe(3);
  });

  it('the 404 bodies carry the codes of D1: NOT_FOUND for a message, RESOURCE_NOT_FOUND otherwise', async () => {
    const mock = createMockService({ simulation: FIXED_TIMING });
    const a = organization(mock, { name: 'A' });
    const b = organization(mock, { name: 'B' });
    const ownedByA = await records(a.live, a.sender.id, () => mock.clock.advance(600));
    expect((await b.live.get(`/messages/${ownedByA.message}`)).body.code).toBe('NOT_FOUND');
    expect((await b.live.get(`/campaigns/${ownedByA.campaign}`)).body.code).toBe(
      'RESOURCE_NOT_FOUND',
    );
    expect((await b.live.get(`/campaigns/${ownedByA.campaign}/messages`)).body.code).toBe(
      'RESOURCE_NOT_FOUND',
    );
  });

  it("another organization's sender ID and contacts cannot be used", async () => {
    const mock = createMockService({ simulation: FIXED_TIMING });
    const demo = mock.seedDemo();
    const b = organization(mock, { name: 'B' });
    const refused = await b.live.post('/campaigns/batch', batchBody(demo.sender.id));
    expect(refused.body.fields).toEqual({ remitter_id: 'Sender ID not found' });
    const viaMessage = await b.live.post('/messages', {
      to: '+244923000001',
      body: 'hi',
      remitter_id: demo.sender.id,
    });
    expect(viaMessage.body.fields).toEqual({ remitter_id: 'Sender ID not found' });

    // B's message to Ana's number does not carry A's contact.
    const sent = await b.live.post('/messages', { to: '+244923000001', body: 'hi' });
    expect((await b.live.get(`/messages/${sent.body.id}`)).body.contact_id).toBeNull();
    const byContact = await b.live.get('/messages', { contact_id: demo.contacts[0]!.id });
    expect(byContact.body.total).toBe(0);
  });

  it("one organization's spending never touches another's balance", async () => {
    const mock = createMockService({ simulation: FIXED_TIMING });
    const a = organization(mock, { name: 'A', balance: '100.000000' });
    const b = organization(mock, { name: 'B', balance: '100.000000' });
    await records(a.live, a.sender.id, () => mock.clock.runUntilIdle());
    expect(mock.control.balance(b.organization.id)).toBe('100.000000');
    expect(mock.control.ledger(b.organization.id)).toHaveLength(1);
    expectLedgerBalanced(mock);
  });
});

describe('between test and live keys (D28)', () => {
  it('a test key sees no live record, and a live key no test record', async () => {
    const mock = createMockService({ simulation: FIXED_TIMING });
    const org = organization(mock, { balance: '100.000000' });
    const live = await records(org.live, org.sender.id, () => mock.clock.advance(600));
    const test = await records(org.test, org.sender.id, () => mock.clock.advance(600));

    await expectInvisible(org.test, live);
    await expectInvisible(org.live, test);
    expect((await org.live.get('/messages')).body.total).toBe(3);
    expect((await org.test.get('/messages')).body.total).toBe(3);
    expect((await org.test.get(`/messages/${test.message}`)).status).toBe(200);
    expect((await org.test.get(`/campaigns/${test.campaign}`)).status).toBe(200);
  });

  it('test records never touch the balance or the ledger', async () => {
    const mock = createMockService({ simulation: FIXED_TIMING });
    const org = organization(mock, { balance: '100.000000' });
    await records(org.test, org.sender.id, () => mock.clock.runUntilIdle());
    expect(mock.control.balance(org.organization.id)).toBe('100.000000');
    expect(mock.control.ledger(org.organization.id).map((e) => e.kind)).toEqual(['FUNDING']);
    expectLedgerBalanced(mock);
    // The live side is untouched by the test side and still pays for itself.
    await records(org.live, org.sender.id, () => mock.clock.runUntilIdle());
    expect(mock.control.campaigns(org.organization.id, 'live')).toHaveLength(1);
    expect(mock.control.campaigns(org.organization.id, 'test')).toHaveLength(1);
  });

  it('two test keys of one organization share the test environment', async () => {
    const mock = createMockService({ simulation: FIXED_TIMING });
    const org = organization(mock);
    const other = mock.control.issueApiKey({
      organization_id: org.organization.id,
      environment: 'test',
    });
    const test = await records(org.test, org.sender.id, () => mock.clock.advance(600));
    const response = await mock.fetch(`${mock.baseUrl}/messages/${test.message}`, {
      headers: { 'x-api-key': other.key },
    });
    expect(response.status).toBe(200);
  });
});
