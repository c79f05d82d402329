/** Records several checks share, created once per run on first use. */
import { expectAnswer, sendBatch, sendMessage } from './api';
import type { VerifyContext } from './check';
import { expectThat, expectValues } from './drift';
import { type Entry, idsOf, listPage, type Query } from './lists';

/** Campaign states no campaign leaves. */
const FINAL_CAMPAIGN = new Set(['COMPLETED', 'FAILED']);

/** A record made once per run on first use, shared by every check that asks for it. */
function shared<T>(make: (context: VerifyContext) => Promise<T>) {
  return (context: VerifyContext): Promise<T> => {
    if (!context.fixtures.has(make)) context.fixtures.set(make, make(context));
    return context.fixtures.get(make) as Promise<T>;
  };
}

/** The run's first single message, to the delivered number, as the 201 answered it. */
export const sentMessage = shared(async (context) => {
  const text = `msgsvc verify ${context.runId}`;
  const answer = await sendMessage(context.api, context.numbers.delivered, text);
  const body = expectAnswer(answer, 201);
  expectValues('POST /messages 201 (D20)', body, { id: /./, remitter_id: /./ });
  return body as Entry & { id: string; remitter_id: string; to: string; created_at: string };
});

/**
 * A batch from the run's sender ID to the delivered and the undelivered numbers, with `changes`
 * (a field changed, added, or out of bounds).
 */
export async function batchOf(context: VerifyContext, changes: Record<string, unknown> = {}) {
  const { delivered, undelivered } = context.numbers;
  return {
    remitter_id: (await sentMessage(context)).remitter_id,
    content: `verify ${context.runId}`,
    channel_type: 'SMS',
    recipients: [delivered, undelivered],
    ...changes,
  };
}

/**
 * `POST /campaigns/batch` of an SMS campaign named `name` from the run's sender ID, every
 * recipient reserved in the send budget; fails unless the answer is a 202 with a `campaign_id`.
 * Resolves with the campaign's id, its name and the 202's `message` text.
 */
async function postCampaign(
  context: VerifyContext,
  name: string,
  recipients: string[],
  headers: Record<string, string> = {},
) {
  const batch = await batchOf(context, { name, content: name, recipients });
  const answer = await sendBatch(context.api, batch, { headers });
  const body = expectAnswer(answer, 202);
  expectValues('POST /campaigns/batch 202', body, { campaign_id: /./ });
  const accepted = typeof body.message === 'string' ? body.message : '';
  return { id: String(body.campaign_id), name, accepted };
}

/**
 * The run's campaign: to the delivered, the undelivered and the invalid number, and the first again
 * written with separators (3 distinct numbers in 4 strings).
 */
export const campaign = shared((context) => {
  const { delivered, undelivered, invalid } = context.numbers;
  const spaced = delivered.replace(/^(\+\d{3})(\d{3})(\d{3})(\d+)$/, '$1 $2-$3.$4');
  const recipients = [delivered, undelivered, invalid, spaced];
  const key = { 'idempotency-key': `verify-${context.runId}-campaign` };
  return postCampaign(context, `msgsvc verify ${context.runId}`, recipients, key);
});

/**
 * The run's campaign once it is `COMPLETED` or `FAILED` (or whatever it reached when the run's
 * time budget ran out), `record` as `GET /campaigns/{campaign_id}` then answers it.
 */
export const completedCampaign = shared(async (context) => {
  const posted = await campaign(context);
  const waited = await context.waiting.until(
    async () => expectAnswer(await context.api.request('GET', `/campaigns/${posted.id}`), 200),
    (body) => FINAL_CAMPAIGN.has(String(body.status)),
    50,
  );
  return { ...posted, record: waited.value };
});

/** Coarse statuses no message leaves: a list read after all are here is stable. */
const SETTLED = new Set(['DELIVERED', 'FAILED', 'UNDELIVERED']);

/**
 * `GET path?query` in one page of 200, read until every entry's status is one of `final` (or the
 * run's time budget is spent).
 */
async function settledList(
  context: VerifyContext,
  path: string,
  query: Query,
  final: ReadonlySet<string>,
): Promise<Entry[]> {
  const waited = await context.waiting.until(
    async () => (await listPage(context.api, path, { ...query, size: 200 })).entries,
    (entries) => entries.every((e) => final.has(String(e.status))),
    50,
  );
  return waited.value;
}

/**
 * The run's campaign once every message of it is settled (`DELIVERED`, `FAILED` or
 * `UNDELIVERED`), `entries` as `GET /campaigns/{campaign_id}/messages` then shows them in one
 * page: the data the list, order and filter checks compare against, which no later state change
 * can shift between two reads.
 */
export const settledCampaign = shared(async (context) => {
  const posted = await completedCampaign(context);
  const entries = await settledList(context, `/campaigns/${posted.id}/messages`, {}, SETTLED);
  return { ...posted, entries };
});

/**
 * A second campaign whose recipients are invalid numbers, one of them written twice: two distinct
 * recipients, which fail at processing and are never charged, so it sends nothing. It gives the
 * campaign list two of this run's records and a campaign that settles at once.
 */
export const invalidCampaign = shared((context) => {
  const name = `msgsvc verify invalid ${context.runId}`;
  const { invalid } = context.numbers;
  // Two distinct invalid numbers (the second too short for any numbering plan), both failing
  // at the same instant: a tie in updated_at as well as in created_at, for the order checks.
  const recipients = [invalid, invalid.replace(/^(\+\d{3})(\d+)$/, '$1 $2'), '1234567'];
  return postCampaign(context, name, recipients);
});

/**
 * This run's campaigns (`q` = the run id), at least the two fixtures, once every one is final:
 * `GET /campaigns?q=<run id>` in one page. Read afresh on each call, since checks between two
 * calls may have created more.
 */
export async function settledRunCampaigns(context: VerifyContext): Promise<Entry[]> {
  const ours = [(await campaign(context)).id, (await invalidCampaign(context)).id];
  const entries = await settledList(context, '/campaigns', { q: context.runId }, FINAL_CAMPAIGN);
  // Every check reading this list compares against it: it must hold the run's campaigns.
  const listed = idsOf(entries);
  expectThat(
    ours.every((id) => listed.includes(id)),
    `GET /campaigns?q=${context.runId} listing the run's campaigns ${ours.join(', ')} (q is a substring of the name, D24)`,
    () => `${entries.length} entries: ${listed.join(', ')}`,
  );
  return entries;
}
