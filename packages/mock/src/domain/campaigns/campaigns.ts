/** The campaign operations of the public API. */
import { countSegments } from '@msgsvc/sdk/sms';
import { getAccount } from '../billing/billing-ledger';
import { quoteMessage } from '../billing/pricing';
import type { Caller } from '../core/caller';
import { found } from '../core/errors';
import type {
  CampaignRecord,
  CampaignStatus,
  ChannelType,
  MessageRecord,
  TriggerSource,
} from '../core/model';
import { formatTimestamp } from '../core/time-format';
import type { World } from '../core/world';
import type { MessageFilter } from '../messages/message-filter';
import { insufficientFunds, listMessages } from '../messages/messages';
import { normalizeRecipients } from '../phone/recipients';
import { type Page, type PageRequest, selectPage } from '../storage/query';
import type { RecordStore } from '../storage/record-store';
import { getOrganization, usableSender } from '../tenancy/organizations';

declare module '../core/world' {
  interface World {
    /** Every campaign. */
    readonly campaigns: RecordStore<CampaignRecord>;
  }
}

/** A validated `POST /campaigns/batch` body. */
export interface SendBatchParams {
  readonly senderId: string;
  readonly content: string;
  readonly channelType: 'SMS';
  readonly recipients: readonly string[];
  readonly name?: string;
  readonly countryAlpha2?: string;
}

/**
 * Accepts a batch: checks the sender ID, normalises the recipients, estimates the cost and refuses
 * with 402 when the balance is strictly below it (nothing is created then). The
 * campaign starts in `PROCESSING` and is processed on the world's clock, after every campaign of
 * its tenant accepted before it.
 */
export function sendBatch(world: World, caller: Caller, params: SendBatchParams): CampaignRecord {
  const organization = getOrganization(world, caller.organizationId);
  const sender = usableSender(world, organization.id, params.senderId);
  const country = params.countryAlpha2 ?? organization.defaultCountry;
  const { valid, invalid } = normalizeRecipients(params.recipients, country);

  const segmentsOf = countSegments(params.content);
  const spec = { channel: params.channelType, content: params.content, segmentsOf };
  let estimatedCost = 0;
  for (const e164 of valid) estimatedCost += quoteMessage(world, spec, e164).cost;

  const account = getAccount(world, organization.billingAccountId);
  const live = caller.environment === 'live';
  if (live && account.balance < estimatedCost)
    throw insufficientFunds(account.balance, estimatedCost);

  const now = world.now();
  // First accepted, first processed: a campaign drawn a shorter delay than the one accepted
  // before it waits for it (tasks due at the same instant run in scheduling order), so the
  // campaigns a balance pays for are always the earliest accepted. Nothing is reserved.
  const drawn = now + world.random.simulation.int(...world.config.simulation.processingDelay);
  const before = world.campaigns.tenant(organization.id, caller.environment).at(-1);
  const processAt = before?.status === 'PROCESSING' ? Math.max(drawn, before.processAt) : drawn;
  const campaign: CampaignRecord = {
    id: world.newId(),
    organizationId: organization.id,
    environment: caller.environment,
    billingAccountId: account.id,
    name: params.name ?? `API batch ${formatTimestamp(now).slice(0, 19).replace('T', ' ')} UTC`,
    status: 'PROCESSING',
    trigger: 'API_CLIENT',
    fileMetadataId: world.newId(),
    channel: params.channelType,
    senderId: sender.id,
    content: params.content,
    recipients: valid,
    invalidRecipients: invalid,
    countryAlpha2: country,
    totalEstimatedRecipients: valid.length + invalid.length,
    estimatedCost,
    outstanding: 0,
    tagIds: [],
    scheduledAt: now,
    processAt,
    processedAt: null,
    completedAt: null,
    errorCode: null,
    statusNote: 'Accepted; pending processing.',
    reasonOfPause: null,
    createdAt: now,
    updatedAt: now,
  };
  // Scheduled before it is stored: if scheduling failed, no campaign would be left in PROCESSING
  // forever (a task whose campaign does not exist does nothing).
  world.schedule(processAt - now, { type: 'campaign.process', campaignId: campaign.id });
  world.campaigns.add(campaign);
  world.history.campaigns.append(campaign, campaign.status, now, null);
  world.emit({ type: 'campaign.created', campaignId: campaign.id, at: now });
  return campaign;
}

/** The caller's campaign; another tenant's answers like a missing one. */
export function getCampaign(world: World, caller: Caller, id: string): CampaignRecord {
  const campaign = world.campaigns.getOwned(
    id.toLowerCase(),
    caller.organizationId,
    caller.environment,
  );
  return found(campaign, 'Campaign not found.');
}

/** Filters of `GET /campaigns`; every list is OR-ed. */
export interface CampaignFilter {
  /** Part of the campaign name, case-insensitive. */
  readonly q?: string;
  readonly statuses?: readonly CampaignStatus[];
  readonly channels?: readonly ChannelType[];
  readonly tagIds?: readonly string[];
  readonly senderIds?: readonly string[];
  readonly errorCodes?: readonly string[];
  readonly triggers?: readonly TriggerSource[];
}

/** A page of the caller's campaigns. */
export function listCampaigns(
  world: World,
  caller: Caller,
  filter: CampaignFilter,
  page: PageRequest,
): Page<CampaignRecord> {
  const checks: ((campaign: CampaignRecord) => boolean)[] = [];
  const oneOf = <T>(values: readonly T[] | undefined, field: (campaign: CampaignRecord) => T) => {
    if (values !== undefined && values.length > 0) {
      const set = new Set(values);
      checks.push((campaign) => set.has(field(campaign)));
    }
  };
  oneOf(filter.statuses, (c) => c.status);
  oneOf(filter.channels, (c) => c.channel);
  oneOf(filter.senderIds, (c) => c.senderId);
  oneOf(filter.errorCodes, (c) => c.errorCode);
  oneOf(filter.triggers, (c) => c.trigger);
  if (filter.tagIds !== undefined && filter.tagIds.length > 0) {
    const tags = new Set(filter.tagIds);
    checks.push((campaign) => campaign.tagIds.some((tag) => tags.has(tag)));
  }
  if (filter.q !== undefined) {
    const needle = filter.q.toLowerCase();
    checks.push((campaign) => campaign.name.toLowerCase().includes(needle));
  }
  const matches =
    checks.length === 0 ? null : (c: CampaignRecord) => checks.every((check) => check(c));
  return selectPage(
    world.campaigns.tenant(caller.organizationId, caller.environment),
    matches,
    page,
  );
}

/** A page of one campaign's messages; an unknown campaign is a 404. */
export function listCampaignMessages(
  world: World,
  caller: Caller,
  campaignId: string,
  filter: MessageFilter,
  page: PageRequest,
): Page<MessageRecord> {
  const campaign = getCampaign(world, caller, campaignId);
  const campaignIds = filter.campaignIds ?? [];
  if (campaignIds.length > 0 && !campaignIds.includes(campaign.id))
    return { total: 0, entries: [] };
  return listMessages(world, caller, { ...filter, campaignIds: [campaign.id] }, page);
}
