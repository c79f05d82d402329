import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sendBatch } from '../campaigns/campaigns';
import type { MessageRecord } from '../core/model';
import { advance } from '../engine/engine';
import { World } from '../engine/world';
import type { PageRequest } from '../storage/query';
import { createContact, createOrganization, createSender } from '../tenancy/organizations';
import { type MessageFilter, queryMessages } from './message-filter';
import { MESSAGE_STATUS_TRAITS } from './message-machine';

// The indexed query must answer exactly what a plain filter-sort-slice over all records answers.
function naive(records: readonly MessageRecord[], filter: MessageFilter, page: PageRequest) {
  const has = <T>(values: readonly T[] | undefined, value: T) =>
    values === undefined || values.length === 0 || values.includes(value);
  const digits = filter.q?.replace(/[\s\-.]/g, '');
  const matching = records.filter(
    (m) =>
      has(filter.statuses, MESSAGE_STATUS_TRAITS[m.status].listStatus) &&
      has(filter.channels, m.channel) &&
      has(filter.campaignIds, m.campaignId) &&
      has(filter.contactIds, m.contactId) &&
      has(filter.senderIds, m.senderId) &&
      has(filter.errorCodes, m.errorCode) &&
      has(filter.triggers, m.trigger) &&
      has(filter.destinations, m.destination) &&
      (digits === undefined || m.e164.includes(digits)) &&
      (page.createdFrom === undefined || m.createdAt >= page.createdFrom) &&
      (page.createdTo === undefined || m.createdAt <= page.createdTo),
  );
  const key = (m: MessageRecord) => (page.orderBy === 'created_at' ? m.createdAt : m.updatedAt);
  const sign = page.order === 'asc' ? 1 : -1;
  matching.sort((a, b) => sign * (key(a) - key(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
  const skip = (page.page - 1) * page.size;
  return { total: matching.length, ids: matching.slice(skip, skip + page.size).map((m) => m.id) };
}

function buildWorld(seed: number) {
  const world = new World({ seed });
  const org = createOrganization(world, { name: 'Org', balance: 1_000_000_000_000 });
  const senders = [
    createSender(world, { organizationId: org.id, name: 'A' }),
    createSender(world, { organizationId: org.id, name: 'B' }),
  ];
  const contact = createContact(world, {
    organizationId: org.id,
    name: 'C',
    e164: '+244923000007',
  });
  const caller = { organizationId: org.id, environment: 'live' as const, apiKeyId: 'k' };
  const campaigns: string[] = [];
  for (let c = 0; c < 6; c++) {
    const recipients = Array.from(
      { length: 40 + c * 7 },
      (_, i) => `+2449${[1, 2, 5, 9][(i + c) % 4]}${String(3000000 + i * 13 + c).padStart(7, '0')}`,
    );
    recipients.push('+244923000007', '12345678');
    campaigns.push(
      sendBatch(world, caller, {
        senderId: senders[c % 2]!.id,
        channelType: 'SMS',
        content: `Hello ${c}`,
        recipients,
      }).id,
    );
    advance(world, 700 + c * 900);
  }
  advance(world, 3 * 24 * 3600 * 1000);
  return { world, org, campaigns, senders, contact };
}

describe('queryMessages (indexed) agrees with a plain filter', () => {
  const { world, org, campaigns, senders, contact } = buildWorld(3);
  const records = world.messages.tenant(org.id, 'live');
  const times = records.map((m) => m.createdAt);

  it('for random filters, orders and pages', () => {
    const sub = <T>(values: readonly T[]) =>
      fc.option(fc.subarray([...values], { minLength: 1 }), { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({
          statuses: sub(['PENDING', 'SENT', 'DELIVERED', 'FAILED', 'UNDELIVERED'] as const),
          channels: sub(['SMS', 'WHATSAPP'] as const),
          campaignIds: sub(campaigns),
          contactIds: sub([contact.id]),
          senderIds: sub(senders.map((r) => r.id)),
          errorCodes: sub([
            'INVALID_PHONE_NUMBER',
            'EXPIRED',
            'ABSENT_SUBSCRIBER',
            'REJECTED_BY_CARRIER',
          ]),
          destinations: sub(['UNITEL', 'MOVICEL', 'AFRICELL_AO', 'UNKNOWN']),
          q: fc.option(fc.constantFrom('923', '+2449', '91 3', '0007', '12345678', '999'), {
            nil: undefined,
          }),
        }),
        fc.record({
          page: fc.integer({ min: 1, max: 6 }),
          size: fc.integer({ min: 1, max: 60 }),
          order: fc.constantFrom('asc', 'desc'),
          orderBy: fc.constantFrom('created_at', 'updated_at'),
          from: fc.option(fc.constantFrom(...times), { nil: undefined }),
          to: fc.option(fc.constantFrom(...times), { nil: undefined }),
        }),
        (raw, p) => {
          const filter = Object.fromEntries(
            Object.entries(raw).filter(([, v]) => v !== undefined),
          ) as MessageFilter;
          const page: PageRequest = {
            page: p.page,
            size: p.size,
            order: p.order,
            orderBy: p.orderBy,
            ...(p.from === undefined ? {} : { createdFrom: p.from }),
            ...(p.to === undefined ? {} : { createdTo: p.to }),
          };
          const got = queryMessages(world.messages, org.id, 'live', filter, page);
          const want = naive(records, filter, page);
          expect(got.total).toBe(want.total);
          expect(got.entries.map((m) => m.id)).toEqual(want.ids);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('queryMessages stays exact while messages arrive and change', () => {
  // The index is built by the first query and then kept up to date: a status change of an indexed
  // row updates its bitsets, one of a row not indexed yet is left to the next query's sync. Queries
  // between steps of the world's life must still agree with a plain filter.
  it('for random interleavings of sends, clock steps and queries', () => {
    const filters: MessageFilter[] = [
      { statuses: ['DELIVERED'] },
      { statuses: ['PENDING', 'SENT'], destinations: ['UNITEL', 'MOVICEL'] },
      { statuses: ['FAILED', 'UNDELIVERED'], channels: ['SMS'] },
      { errorCodes: ['INVALID_PHONE_NUMBER'] },
      { destinations: ['AFRICELL_AO'], statuses: ['DELIVERED', 'PENDING'] },
    ];
    const step = fc.oneof(
      fc.record({ kind: fc.constant('send' as const), size: fc.integer({ min: 1, max: 30 }) }),
      fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({ kind: fc.constant('query' as const), filter: fc.integer({ min: 0, max: 4 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), fc.nat(1000), (steps, seed) => {
        const world = new World({ seed });
        const org = createOrganization(world, { name: 'Org', balance: 1_000_000_000_000 });
        const sender = createSender(world, { organizationId: org.id, name: 'A' });
        const caller = { organizationId: org.id, environment: 'live' as const, apiKeyId: 'k' };
        let sent = 0;
        for (const s of steps) {
          if (s.kind === 'send') {
            const recipients = Array.from(
              { length: s.size },
              (_, i) =>
                `+2449${[1, 2, 5, 9][(sent + i) % 4]}${String(1000000 + sent + i).padStart(7, '0')}`,
            );
            recipients.push('123');
            sent += s.size;
            sendBatch(world, caller, {
              senderId: sender.id,
              channelType: 'SMS',
              content: 'Hi',
              recipients,
            });
          } else if (s.kind === 'advance') {
            advance(world, s.ms);
          } else {
            const filter = filters[s.filter]!;
            const page: PageRequest = { page: 1, size: 500, order: 'desc', orderBy: 'created_at' };
            const records = world.messages.tenant(org.id, 'live');
            const got = queryMessages(world.messages, org.id, 'live', filter, page);
            const want = naive(records, filter, page);
            expect(got.total).toBe(want.total);
            expect(got.entries.map((m) => m.id)).toEqual(want.ids);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
