/**
 * The inspector page's own data, `GET /__mock/inspector/api/…`: small, paged answers for the view
 * on screen. The page's private interface, not the control API: the page's actions go through that,
 * except "redeliver now", which only the page offers.
 */

import { DomainError } from '@msgsvc/mock';
import {
  type CampaignRecord,
  campaignHistory,
  campaignObject,
  type InboundMessage,
  isOptedOut,
  ledgerEntryView,
  listStatusOf,
  type MessageRecord,
  messageDetail,
  messageHistory,
  type ReadonlyWorld,
  readonlyWorld,
  formatTimestamp as ts,
} from '@msgsvc/mock/port';
import { formatMoney } from '@msgsvc/sdk/sms';
import type { z } from 'zod';
import { listMessagesQuery as listQuery } from '../generated/control-requests';
import { type ControlContext, type ControlDeps, type ControlRoute, route } from '../http/route';
import { clockView } from '../http/views';
import { phoneCount, phoneThread } from '../query/catalog';
import { parseFilter } from '../query/query-language';
import {
  filteredCampaigns,
  filteredMessages,
  type Hits,
  inboundMatching,
  lastPageAt,
  phonesMatching,
} from '../query/search';
import { summary } from '../worlds/request-log';
import { journalDetail, journalPage, journalQuery, requestsFor, requestsMatching } from './journal';
import { deliveriesPage, deliveriesQuery, deliveryDetail, deliveryRow } from './outbox-extras';

/** The path every route of the page's data lives under (after the control prefix). */
export const INSPECTOR_API = '/inspector/api';

function notFound(what: string): never {
  throw new DomainError({ code: 'NOT_FOUND', message: `${what} not found.` });
}

/** A message as a list row. */
function messageRow(world: ReadonlyWorld, message: MessageRecord) {
  return {
    id: message.id,
    to: message.e164,
    content: message.content.length > 160 ? `${message.content.slice(0, 160)}…` : message.content,
    status: message.status,
    ...messageContext(world, message),
    campaign_id: message.campaignId,
    created_at: ts(message.createdAt),
    updated_at: ts(message.updatedAt),
  };
}

/** An inbound message as a list row. */
function inboundRow(inbound: InboundMessage) {
  return {
    id: inbound.id,
    from: inbound.from,
    to: inbound.to,
    content: inbound.body,
    environment: inbound.environment,
    in_reply_to: inbound.inReplyTo,
    received_at: ts(inbound.receivedAt),
  };
}

/** Where a message belongs and its badges beyond its status. */
function messageContext(world: ReadonlyWorld, message: MessageRecord) {
  return {
    environment: message.environment,
    /** `SMS` or `WHATSAPP`. */
    channel: message.channel,
    /** The recipient has opted out of this organization's messages in this environment, now. */
    opted_out: isOptedOut(world, message.organizationId, message.environment, message.e164),
    organization: world.organizations.get(message.organizationId)?.name ?? null,
  };
}

/** A phone's thread, oldest first, with each organization and environment it opted out of. */
function phoneView(world: ReadonlyWorld, number: string) {
  const thread = phoneThread(world, number).map((item) =>
    item.kind === 'outbound'
      ? { direction: 'outbound' as const, ...messageRow(world, item.message) }
      : { direction: 'inbound' as const, ...inboundRow(item.message) },
  );
  const organizations = world.optOuts.size === 0 ? [] : [...world.organizations.values()];
  const opted_out = organizations.flatMap((organization) =>
    (['live', 'test'] as const)
      .filter((environment) => isOptedOut(world, organization.id, environment, number))
      .map((environment) => ({
        organization_id: organization.id,
        organization: organization.name,
        environment,
      })),
  );
  return { number, thread, opted_out };
}

/**
 * The pricing facts of one message for the SMS check. The price per segment is read back from the
 * message's own cost rather than from today's price table: a world's prices can change after the
 * send, and the check must add up to the cost the message shows.
 */
export function smsCheckFacts(world: ReadonlyWorld, message: MessageRecord) {
  const segments = message.channel === 'SMS' ? message.segments : 1;
  const priced = message.cost > 0 && segments > 0 && message.cost % segments === 0;
  return {
    /** `SMS` or `WHATSAPP`: a WhatsApp message is priced per message, not per segment. */
    channel: message.channel,
    /** The billing account's currency (ISO 4217), or `null` when the account is gone. */
    currency: world.accounts.get(message.billingAccountId)?.currency ?? null,
    /**
     * The price of one segment the mock charged (`cost / segments`, six-digit decimal), or `null`
     * when the message was never priced (an invalid number) or its cost is not a whole multiple
     * of its segments (a hand-edited state file).
     */
    unit_price: priced ? formatMoney(message.cost / segments) : null,
    /** Whether the cost was debited (false for test keys and invalid numbers). */
    charged: message.charged,
  };
}

/** One message with everything about it: the public API's view, timeline, replies, deliveries. */
function messageView({ mock, requestLog, params }: ControlContext) {
  const world = readonlyWorld(mock);
  const message = world.messages.get(params.message_id!) ?? notFound('Message');
  // A delivery is about this message when its event names it (status updates carry its id).
  const quoted = `"${message.id}"`;
  return {
    message: messageDetail(world, message),
    ...messageContext(world, message),
    segments: message.segments,
    encoding: message.encoding,
    cost: formatMoney(message.cost),
    sms_check: smsCheckFacts(world, message),
    history: messageHistory(world, message),
    // The requests that created it or its campaign, replays included.
    requests: requestsFor(requestLog, [message.id, message.campaignId]),
    // What the handset sent back afterwards (simulated replies name no message they answer).
    replies: world.inbound
      .filter(
        (i) =>
          i.inReplyTo === message.id ||
          (i.inReplyTo === null &&
            i.from === message.e164 &&
            i.organizationId === message.organizationId &&
            i.receivedAt >= message.createdAt),
      )
      .map(inboundRow),
    deliveries: world.webhooks.outbox
      .filter((delivery) => delivery.body.includes(quoted))
      .map((delivery) => deliveryRow(world, delivery)),
  };
}

/**
 * One campaign with its per-state counts, timeline and a page of its messages. `counts` counts by
 * the status the public lists report and filter by, so each equals what
 * `GET /campaigns/{id}/messages?status=` lists; `exact` breaks down the statuses they fold in
 * (`{ FAILED: { REJECTED: 2, CANCELLED: 1 } }`).
 */
function campaignView(
  { mock, requestLog, params }: ControlContext,
  { offset: asked = 0, limit = 50 }: ListInput,
) {
  const world = readonlyWorld(mock);
  const campaign = world.campaigns.get(params.campaign_id!) ?? notFound('Campaign');
  const messages = world.messages.indexed(
    'campaign',
    campaign.organizationId,
    campaign.environment,
    campaign.id,
  );
  const offset = lastPageAt(asked, messages.length, limit);
  const counts: Record<string, number> = {};
  const exact: Record<string, Record<string, number>> = {};
  for (const { status } of messages) {
    const listed = listStatusOf(status);
    counts[listed] = (counts[listed] ?? 0) + 1;
    if (listed === status) continue;
    const folded = exact[listed] ?? {};
    folded[status] = (folded[status] ?? 0) + 1;
    exact[listed] = folded;
  }
  return {
    campaign: campaignObject(world, campaign),
    environment: campaign.environment,
    organization: world.organizations.get(campaign.organizationId)?.name ?? null,
    history: campaignHistory(world, campaign),
    requests: requestsFor(requestLog, [campaign.id]),
    counts,
    exact,
    messages: {
      total: messages.length,
      offset,
      entries: messages.slice(offset, offset + limit).map((m) => messageRow(world, m)),
    },
  };
}

/** Every organization with its balance, keys (by prefix), sender IDs and latest ledger entries. */
function organizationsView({ mock }: ControlDeps) {
  const world = readonlyWorld(mock);
  return mock.control.organizations().map((organization) => ({
    ...organization,
    api_keys: mock.control.apiKeys(organization.id),
    sender_ids: mock.control.senderIds(organization.id),
    ledger: world.ledger
      .filter((entry) => entry.billingAccountId === organization.billing_account_id)
      .slice(-20)
      .reverse()
      .map(ledgerEntryView),
  }));
}

/** The header of every view: clocks, counts, whether a token is needed. */
function inspectorSummary({ mock, requestLog }: ControlDeps) {
  const world = readonlyWorld(mock);
  return {
    clock: clockView(mock),
    wall_clock: new Date().toISOString(),
    counts: {
      messages: world.messages.size,
      campaigns: world.campaigns.size,
      organizations: world.organizations.size,
      phones: phoneCount(world),
      deliveries: world.webhooks.outbox.length,
      requests: requestLog.lastSeq,
    },
  };
}

/** The route of a list: a page of what `find` finds for `?q=`, each entry made a row. */
function listRoute<T>(
  name: string,
  find: (world: ReadonlyWorld, q: string, offset: number, limit: number) => Hits<T>,
  row: (world: ReadonlyWorld, entry: T) => unknown,
): ControlRoute {
  return route(
    `GET ${INSPECTOR_API}/${name}`,
    listQuery,
    ({ mock }, { q = '', offset = 0, limit = 50 }) => {
      const world = readonlyWorld(mock);
      const hits = find(world, q, offset, limit);
      const entries = hits.entries.map((entry) => row(world, entry));
      return { total: hits.total, offset: hits.offset ?? 0, entries };
    },
  );
}

/** A searchable list's `q`, `offset` and `limit`, as parsed. */
type ListInput = z.output<typeof listQuery>;

/** The search box: a few of each kind; with filter words, only messages are searched. */
function searchView({ mock, requestLog }: ControlContext, { q: raw = '' }: ListInput) {
  const world = readonlyWorld(mock);
  // Quotes and spaces are read as the filter language reads them, for every kind of record.
  const filter = parseFilter('messages', raw);
  const q = filter.text;
  const none = { total: 0, entries: [] };
  const filtered = filter.keys.size > 0;
  const rows = <T, R>(hits: Hits<T>, row: (entry: T) => R) => ({
    total: hits.total,
    entries: hits.entries.map(row),
  });
  return {
    replies: rows(filtered ? none : inboundMatching(world, q, 0, 10), inboundRow),
    messages: rows(filteredMessages(world, raw, 0, 20), (m) => messageRow(world, m)),
    campaigns: rows(filtered ? none : filteredCampaigns(world, raw, 0, 10), (c) =>
      campaignObject(world, c),
    ),
    phones: rows(filtered ? none : phonesMatching(world, q, 0, 10), phoneRow),
    requests: rows(filtered ? none : requestsMatching(requestLog, q, 0, 10), summary),
  };
}

/** The routes of the page's data (paths relative to the control prefix). */
export const INSPECTOR_API_ROUTES: readonly ControlRoute[] = [
  route(`GET ${INSPECTOR_API}/summary`, inspectorSummary),
  route(`GET ${INSPECTOR_API}/search`, listQuery, searchView),
  listRoute('messages', filteredMessages, messageRow),
  route(`GET ${INSPECTOR_API}/messages/{message_id}`, messageView),
  listRoute('phones', phonesMatching, (_, phone) => phoneRow(phone)),
  route(`GET ${INSPECTOR_API}/phones/{number}`, ({ mock, params }) =>
    phoneView(readonlyWorld(mock), params.number!),
  ),
  listRoute('campaigns', filteredCampaigns, campaignRow),
  route(`GET ${INSPECTOR_API}/campaigns/{campaign_id}`, listQuery, campaignView),
  route(`GET ${INSPECTOR_API}/organizations`, (deps) => ({ entries: organizationsView(deps) })),
  route(`GET ${INSPECTOR_API}/requests`, journalQuery, journalPage),
  route(
    `GET ${INSPECTOR_API}/requests/{seq}`,
    (context) => journalDetail(context, Number(context.params.seq)) ?? notFound('Logged request'),
  ),
  route(`GET ${INSPECTOR_API}/deliveries`, deliveriesQuery, ({ mock }, input) =>
    deliveriesPage(readonlyWorld(mock), input),
  ),
  route(`GET ${INSPECTOR_API}/deliveries/{delivery_id}`, ({ mock, params }) => {
    const world = readonlyWorld(mock);
    const delivery =
      world.webhooks.outbox.find((d) => d.id === params.delivery_id) ??
      notFound('Webhook delivery');
    return deliveryDetail(world, delivery);
  }),
  route(`POST ${INSPECTOR_API}/deliveries/{delivery_id}/redeliver 202`, ({ mock, params }) => {
    const { id } = mock.control.redeliver(params.delivery_id!);
    mock.clock.runDue();
    const world = readonlyWorld(mock);
    return deliveryRow(world, world.webhooks.outbox.find((d) => d.id === id)!);
  }),
];

/** A campaign as the campaigns list shows it. */
function campaignRow(world: ReadonlyWorld, campaign: CampaignRecord) {
  return {
    ...campaignObject(world, campaign),
    organization: world.organizations.get(campaign.organizationId)?.name ?? null,
  };
}

/** A phone number as a list row. */
function phoneRow(phone: { number: string; outbound: number; inbound: number; lastAt: number }) {
  return {
    number: phone.number,
    outbound: phone.outbound,
    inbound: phone.inbound,
    last_at: ts(phone.lastAt),
  };
}

/** A page of a list. */
export type ListPage<T> = Required<Hits<T>>;

/** The types the page reads (its code imports them, so a change here fails its type check). */
export type MessageRow = ReturnType<typeof messageRow>;
/** @see {@link deliveryRow} */
export type DeliveryRow = ReturnType<typeof deliveryRow>;
/** @see {@link deliveryDetail} */
export type DeliveryDetail = Awaited<ReturnType<typeof deliveryDetail>>;
/** @see {@link messageView} */
export type MessageView = ReturnType<typeof messageView>;
/** @see {@link campaignView} */
export type CampaignView = ReturnType<typeof campaignView>;
/** @see {@link organizationsView} */
export type OrganizationView = ReturnType<typeof organizationsView>[number];
/** @see {@link phoneRow} */
export type PhoneRow = ReturnType<typeof phoneRow>;
/** @see {@link inspectorSummary} */
export type InspectorSummary = ReturnType<typeof inspectorSummary>;
/** @see {@link campaignRow} */
export type CampaignRow = ReturnType<typeof campaignRow>;
/** @see {@link phoneView} */
export type PhoneView = ReturnType<typeof phoneView>;
/** The search box's answer. */
export type SearchView = ReturnType<typeof searchView>;
