/**
 * `GET /__mock/state`: one bounded JSON document of the world for scripts (`openapi/control.yaml`).
 * The inspector page reads its own paged routes instead, so this lives with the control routes.
 */

import {
  type CampaignRecord,
  campaignHistory,
  campaignObject,
  type InboundMessage,
  ledgerEntryView,
  type MessageRecord,
  messageHistory,
  type ReadonlyWorld,
  readonlyWorld,
  formatTimestamp as ts,
} from '@msgsvc/mock/port';
import { formatMoney } from '@msgsvc/sdk/sms';
import type { ControlDeps } from '../http/route';
import { clockView, deliverySummary } from '../http/views';
import { phonesByActivity, phoneThread } from '../query/catalog';

const ORGANIZATIONS = 50;
const PHONES = 50;
/** Messages shown of each phone's thread, the newest. */
const THREAD = 100;
const CAMPAIGNS = 20;
const OUTBOX = 50;
const LEDGER_ENTRIES = 50;
const REQUESTS = 100;

/** Builds the inspector document. */
export function inspectorState({ mock, requestLog }: ControlDeps) {
  const world = readonlyWorld(mock);
  return {
    generated_at: new Date().toISOString(),
    clock: clockView(mock),
    counts: { messages: world.messages.size, campaigns: world.campaigns.size },
    // The newest organizations with their keys (by prefix) and sender IDs.
    organizations: mock.control
      .organizations()
      .slice(-ORGANIZATIONS)
      .map((organization) => ({
        ...organization,
        api_keys: mock.control.apiKeys(organization.id),
        sender_ids: mock.control.senderIds(organization.id),
      })),
    phones: phonesByActivity(world)
      .slice(0, PHONES)
      .map(({ number }) => ({ number, thread: thread(world, number) })),
    campaigns: [...world.campaigns.all()]
      .reverse()
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, CAMPAIGNS)
      .map((campaign) => campaignEntry(world, campaign)),
    ledger: [...world.accounts.values()].slice(-ORGANIZATIONS).map((account) => ({
      billing_account_id: account.id,
      organization_id: account.organizationId,
      organization: world.organizations.get(account.organizationId)?.name ?? null,
      currency: account.currency,
      balance: formatMoney(account.balance),
      funded: formatMoney(account.funded),
      entries: world.ledger
        .filter((entry) => entry.billingAccountId === account.id)
        .slice(-LEDGER_ENTRIES)
        .reverse()
        .map(ledgerEntryView),
    })),
    outbox: world.webhooks.outbox
      .slice(-OUTBOX)
      .reverse()
      .map((delivery) => deliverySummary(world, delivery)),
    requests: requestLog.entries(REQUESTS),
  };
}

/** A phone's newest messages, both ways, oldest first. */
function thread(world: ReadonlyWorld, number: string) {
  return phoneThread(world, number)
    .slice(-THREAD)
    .map((item) =>
      item.kind === 'inbound' ? inboundEntry(item.message) : outboundEntry(world, item.message),
    );
}

function outboundEntry(world: ReadonlyWorld, message: MessageRecord) {
  return {
    direction: 'outbound' as const,
    id: message.id,
    organization: world.organizations.get(message.organizationId)?.name ?? null,
    environment: message.environment,
    campaign_id: message.campaignId,
    sender: world.senders.get(message.senderId)?.name ?? null,
    channel_type: message.channel,
    channel_destination: message.destination,
    content: message.content,
    status: message.status,
    error_code: message.errorCode,
    segments: message.segments,
    encoding: message.encoding,
    cost: formatMoney(message.cost),
    is_refunded: message.refunded,
    created_at: ts(message.createdAt),
    updated_at: ts(message.updatedAt),
    history: messageHistory(world, message),
  };
}

function inboundEntry(inbound: InboundMessage) {
  return {
    direction: 'inbound' as const,
    id: inbound.id,
    environment: inbound.environment,
    sender: inbound.to,
    channel_type: inbound.channel,
    content: inbound.body,
    created_at: ts(inbound.receivedAt),
  };
}

function campaignEntry(world: ReadonlyWorld, campaign: CampaignRecord) {
  const progress: Record<string, number> = {};
  const messages = world.messages.indexed(
    'campaign',
    campaign.organizationId,
    campaign.environment,
    campaign.id,
  );
  for (const message of messages) progress[message.status] = (progress[message.status] ?? 0) + 1;
  return {
    ...campaignObject(world, campaign),
    environment: campaign.environment,
    organization: world.organizations.get(campaign.organizationId)?.name ?? null,
    messages: messages.length,
    progress,
    history: campaignHistory(world, campaign),
  };
}
