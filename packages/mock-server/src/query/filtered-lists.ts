/**
 * A page of messages or campaigns for a query in the filter language: the inspector's lists
 * and the control API's `GET /__mock/messages` and `GET /__mock/campaigns` read the same pages, so
 * a filter means one thing wherever it is typed.
 */
import type { CampaignRecord, MessageRecord, ReadonlyWorld } from '@msgsvc/mock/port';
import { parseFilter } from './query-language';
import { campaignsMatching, type Hits, messagesMatching, readQuery } from './search';

/** A page whose start is known (an offset past the end is moved to the last page). */
export interface FilteredPage<T> extends Hits<T> {
  readonly offset: number;
}

/** Messages matching `q` (filter words and free text), newest first. */
export function filteredMessages(
  world: ReadonlyWorld,
  q: string,
  offset: number,
  limit: number,
): FilteredPage<MessageRecord> {
  const filter = parseFilter('messages', q);
  const hits = messagesMatching(world, readQuery(filter.text), offset, limit, filter);
  return { ...hits, offset: hits.offset ?? offset };
}

/** Campaigns matching `q` (filter words and free text), newest first. */
export function filteredCampaigns(
  world: ReadonlyWorld,
  q: string,
  offset: number,
  limit: number,
): FilteredPage<CampaignRecord> {
  const filter = parseFilter('campaigns', q);
  const hits = campaignsMatching(world, readQuery(filter.text), offset, limit, filter);
  return { ...hits, offset: hits.offset ?? offset };
}
