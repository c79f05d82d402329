/**
 * The world after a run, indexed for the checks: messages by id, by content and by campaign,
 * campaigns by name, and what the service stored under each `Idempotency-Key` of the live key.
 */
import type { WorldSnapshot } from '@msgsvc/mock';

/** A stored message. */
type StoredMessage = WorldSnapshot['messages'][number];
/** A stored campaign. */
type StoredCampaign = WorldSnapshot['campaigns'][number];

/** Lookups over one snapshot. */
export interface WorldIndex {
  readonly messages: ReadonlyMap<string, StoredMessage>;
  /** Messages by their text: a unique text found twice is a duplicate. */
  readonly byContent: ReadonlyMap<string, StoredMessage[]>;
  readonly byCampaign: ReadonlyMap<string, StoredMessage[]>;
  readonly campaignsByName: ReadonlyMap<string, StoredCampaign[]>;
  /** The JSON body the service stored for `key` (sent with the live key), if it executed. */
  stored(key: string): Record<string, unknown> | undefined;
}

/** Indexes `snapshot`; `liveKey` is the full key the workload used. */
export function indexWorld(snapshot: WorldSnapshot, liveKey: string): WorldIndex {
  const messages = new Map(snapshot.messages.map((message) => [message.id, message]));
  const byContent = group(snapshot.messages, (message) => message.content);
  const byCampaign = group(snapshot.messages, (message) => message.campaignId ?? '');
  const campaignsByName = group(snapshot.campaigns, (campaign) => campaign.name);
  // Over HTTP the snapshot shows keys by prefix only (D66): match either form.
  const apiKeyId = snapshot.apiKeys.find(
    (key) =>
      key.key === liveKey || (key.key.endsWith('…') && liveKey.startsWith(key.key.slice(0, -1))),
  )?.id;
  const records = new Map(snapshot.idempotency);
  return {
    messages,
    byContent,
    byCampaign,
    campaignsByName,
    stored(key) {
      const body = records.get(`${apiKeyId}|${key}`)?.response?.body;
      return body === undefined ? undefined : (JSON.parse(body) as Record<string, unknown>);
    },
  };
}

function group<T>(items: readonly T[], by: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const key = by(item);
    const list = out.get(key);
    if (list === undefined) out.set(key, [item]);
    else list.push(item);
  }
  return out;
}
