/**
 * Isolation, both ways, by id and by every filter that names a record (spec What the service does:
 * "A caller sees only its own organization's records"; Authentication 3).
 */
import { type Api, expectAnswer, sendMessage } from '../check-kit/api';
import { checks, type VerifyContext } from '../check-kit/check';
import { expectThat, Skip } from '../check-kit/drift';
import { campaign, sentMessage, settledCampaign, settledRunCampaigns } from '../check-kit/fixtures';
import { ABSENT_ID, createdWindow, idsOf, listPage, type Query } from '../check-kit/lists';

/**
 * Fails unless no page of `GET path?query` by `api` lists one of `ours`, another organization's
 * records (nor any record at all, for a query `none` holds for).
 */
async function expectNoneOf(
  api: Api,
  path: string,
  queries: readonly Query[],
  ours: ReadonlySet<string>,
  none: (query: Query) => boolean = () => false,
): Promise<void> {
  for (const query of queries) {
    const page = await listPage(api, path, { ...query, size: 200 });
    const leaked = idsOf(page.entries).filter((id) => ours.has(id));
    expectThat(
      leaked.length === 0 && (!none(query) || page.total === 0),
      `${page.where}: none of the other organization's records`,
      () => `total ${page.total}, ${leaked.length} of ours: ${leaked.join(', ')}`,
    );
  }
}

/**
 * The other organization's key, when it is of the main key's environment. A test key never sees
 * live records and the reverse, so keys of two environments would pass these checks
 * whether or not organizations are kept apart: such a pair is skipped, saying why.
 */
function otherOrganization(context: VerifyContext): Api {
  const environment = (key: string) => key.slice(0, 9);
  if (environment(context.other!.key) !== environment(context.api.key)) {
    throw new Skip(
      `needs --other-org-api-key of the --api-key's environment (${environment(context.api.key)}…): across environments isolation holds anyway (D28)`,
    );
  }
  return context.other!;
}

const all = () => true;

/** The checks of this group. */
export const ISOLATION_CHECKS = checks({
  'isolation.messages': {
    title: "Another organization's key cannot see this organization's message",
    cites: 'spec Authentication 3; spec GET /messages/{message_id} (404); D1',
    needs: ['other'],
    async run(context) {
      const { id } = await sentMessage(context);
      const other = otherOrganization(context);
      expectAnswer(await other.request('GET', `/messages/${id}`), 404, 'NOT_FOUND');
      await expectNoneOf(other, '/messages', [{ q: id }], new Set([id]), all);
    },
  },
  'isolation.campaigns': {
    title: "Another organization's key cannot see this organization's campaign",
    cites: 'spec Authentication 3; D1; D7',
    needs: ['other'],
    async run(context) {
      const { id, name } = await campaign(context);
      const other = otherOrganization(context);
      for (const path of [`/campaigns/${id}`, `/campaigns/${id}/messages`]) {
        expectAnswer(await other.request('GET', path), 404, 'RESOURCE_NOT_FOUND');
      }
      await expectNoneOf(other, '/campaigns', [{ q: name }], new Set([id]), all);
    },
  },
  'isolation.message-filters': {
    title: "No filter or q lets another organization's key list this organization's messages",
    cites: 'spec What the service does; spec Authentication 3; D1; D22; D24',
    needs: ['other'],
    async run(context) {
      const other = otherOrganization(context);
      const { id, entries } = await settledCampaign(context);
      const message = await sentMessage(context);
      const ours = new Set([message.id, ...idsOf(entries)]);
      const digits = message.to.replace(/\D/g, '').slice(-7);
      const queries: Query[] = [
        { campaign_id: id },
        { campaign_id: [ABSENT_ID, id] },
        { sms_remitter_id: message.remitter_id },
        { remitter_id: message.remitter_id },
        { sms_remitter_id: [ABSENT_ID, message.remitter_id] },
        { q: message.id },
        { q: String(entries[0]?.id ?? message.id) },
        { q: digits },
        createdWindow(entries),
        { created_at__ge: message.created_at },
        { status: ['DELIVERED', 'FAILED', 'UNDELIVERED'] },
        { channel_type: 'SMS', trigger_source: 'API_CLIENT' },
        { error_code: ['INVALID_PHONE_NUMBER', 'ABSENT_SUBSCRIBER'] },
        {},
      ];
      // A campaign's messages are this organization's alone: the other key lists none at all.
      await expectNoneOf(other, '/messages', queries, ours, (q) => q.campaign_id !== undefined);
      for (const path of [`/messages/${message.id}`, `/messages/${String(entries[0]?.id)}`]) {
        expectAnswer(await other.request('GET', path), 404, 'NOT_FOUND');
      }
    },
  },
  'isolation.campaign-filters': {
    title: "No filter or q lets another organization's key list this organization's campaigns",
    cites: 'spec What the service does; spec Authentication 3; D1; D7; D22; D24',
    needs: ['other'],
    async run(context) {
      const other = otherOrganization(context);
      const entries = await settledRunCampaigns(context);
      const ours = new Set(idsOf(entries));
      const sender = String(entries[0]?.sms_remitter_id);
      const queries: Query[] = [
        { q: context.runId },
        { remitter_id: sender },
        { sms_remitter_id: sender },
        createdWindow(entries),
        { status: ['COMPLETED', 'FAILED'] },
        { channel_type: 'SMS', trigger_source: 'API_CLIENT' },
        {},
      ];
      await expectNoneOf(other, '/campaigns', queries, ours);
      for (const id of ours) {
        expectAnswer(await other.request('GET', `/campaigns/${id}`), 404, 'RESOURCE_NOT_FOUND');
        const query = { status: 'FAILED' };
        const messages = await other.request('GET', `/campaigns/${id}/messages`, { query });
        expectAnswer(messages, 404, 'RESOURCE_NOT_FOUND');
      }
    },
  },
  'isolation.other-way': {
    title: "This organization's key cannot see a message another organization sent",
    cites: 'spec What the service does; spec Authentication 3; D1; D24',
    needs: ['other'],
    async run(context) {
      const text = `msgsvc verify other ${context.runId}`;
      const other = otherOrganization(context);
      const sent = expectAnswer(await sendMessage(other, context.numbers.delivered, text), 201);
      const id = String(sent.id);
      expectAnswer(await context.api.request('GET', `/messages/${id}`), 404, 'NOT_FOUND');
      const queries = [
        { q: id },
        { sms_remitter_id: String(sent.remitter_id) },
        { remitter_id: String(sent.remitter_id) },
        { created_at__ge: String(sent.created_at) },
      ];
      await expectNoneOf(context.api, '/messages', queries, new Set([id]));
    },
  },
});
