/**
 * Isolation through every filter and `q`: another organization's key, asked for this run's
 * records by every filter that names them (their campaign, sender ID, ids, numbers, times,
 * statuses), sees none of them; and this organization's key never sees a message the other one
 * sent (spec What the service does ("A caller sees only its own organization's records"),
 * Authentication 3).
 */
import { type Api, expectAnswer } from '../check-kit/api';
import type { Check, VerifyContext } from '../check-kit/check';
import { expectThat, Skip } from '../check-kit/drift';
import {
  campaign,
  sentMessage,
  settledCampaignMessages,
  settledRunCampaigns,
} from '../check-kit/fixtures';
import { ABSENT_ID } from './list-filters';
import { listPage } from './lists';

type Query = Record<string, string | readonly string[]>;

/**
 * The other organization's key, when it is of the main key's environment. A test key never sees
 * live records and the reverse, so keys of two environments would pass these checks
 * whether or not organizations are kept apart: such a pair is skipped, saying why.
 */
export function otherOrganization(context: VerifyContext): Api {
  const environment = (key: string) => key.slice(0, 9);
  if (environment(context.other!.key) !== environment(context.api.key)) {
    throw new Skip(
      `needs --other-org-api-key of the --api-key's environment (${environment(context.api.key)}…): across environments isolation holds anyway (D28)`,
    );
  }
  return context.other!;
}

/** The checks of this group. */
export const ISOLATION_CHECKS: readonly Check[] = [
  {
    id: 'isolation.message-filters',
    title: "No filter or q lets another organization's key list this organization's messages",
    cites: 'spec What the service does; spec Authentication 3; D1; D22; D24',
    needs: ['other'],
    async run(context) {
      const other = otherOrganization(context);
      const entries = await settledCampaignMessages(context);
      const message = await sentMessage(context);
      const { id } = await campaign(context);
      const ours = new Set([message.id, ...entries.map((e) => String(e.id))]);
      const times = entries.map((e) => String(e.created_at)).sort();
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
        { created_at__ge: times[0]!, created_at__le: times[times.length - 1]! },
        { created_at__ge: message.created_at },
        { status: ['DELIVERED', 'FAILED', 'UNDELIVERED'] },
        { channel_type: 'SMS', trigger_source: 'API_CLIENT' },
        { error_code: ['INVALID_PHONE_NUMBER', 'ABSENT_SUBSCRIBER'] },
        {},
      ];
      for (const query of queries) {
        const page = await listPage(other, '/messages', { ...query, size: 200 });
        const leaked = page.entries.filter((e) => ours.has(String(e.id)));
        expectThat(
          leaked.length === 0 && (query.campaign_id === undefined || page.total === 0),
          `GET /messages?${new URLSearchParams(query as Record<string, string>)} with the other key: none of this organization's messages`,
          () =>
            `total ${page.total}, ${leaked.length} of ours: ${leaked.map((e) => e.id).join(', ')}`,
        );
      }
      for (const path of [`/messages/${message.id}`, `/messages/${String(entries[0]?.id)}`]) {
        expectAnswer(await other.request('GET', path), 404, 'NOT_FOUND');
      }
    },
  },
  {
    id: 'isolation.campaign-filters',
    title: "No filter or q lets another organization's key list this organization's campaigns",
    cites: 'spec What the service does; spec Authentication 3; D1; D7; D22; D24',
    needs: ['other'],
    async run(context) {
      const other = otherOrganization(context);
      const entries = await settledRunCampaigns(context);
      const ours = new Set(entries.map((e) => String(e.id)));
      const sender = String(entries[0]?.sms_remitter_id);
      const times = entries.map((e) => String(e.created_at)).sort();
      const queries: Query[] = [
        { q: context.runId },
        { remitter_id: sender },
        { sms_remitter_id: sender },
        { created_at__ge: times[0]!, created_at__le: times[times.length - 1]! },
        { status: ['COMPLETED', 'FAILED'] },
        { channel_type: 'SMS', trigger_source: 'API_CLIENT' },
        {},
      ];
      for (const query of queries) {
        const page = await listPage(other, '/campaigns', { ...query, size: 200 });
        const leaked = page.entries.filter((e) => ours.has(String(e.id)));
        expectThat(
          leaked.length === 0,
          `GET /campaigns?${new URLSearchParams(query as Record<string, string>)} with the other key: none of this organization's campaigns`,
          () => `${leaked.length} of ours: ${leaked.map((e) => e.id).join(', ')}`,
        );
      }
      for (const id of ours) {
        expectAnswer(await other.request('GET', `/campaigns/${id}`), 404, 'RESOURCE_NOT_FOUND');
        expectAnswer(
          await other.request('GET', `/campaigns/${id}/messages`, { query: { status: 'FAILED' } }),
          404,
          'RESOURCE_NOT_FOUND',
        );
      }
    },
  },
  {
    id: 'isolation.other-way',
    title: "This organization's key cannot see a message another organization sent",
    cites: 'spec What the service does; spec Authentication 3; D1; D24',
    needs: ['other'],
    async run(context) {
      const sent = expectAnswer(
        await otherOrganization(context).request('POST', '/messages', {
          body: { to: context.numbers.delivered, body: `msgsvc verify other ${context.runId}` },
          sends: 1,
        }),
        201,
      );
      const id = String(sent.id);
      expectAnswer(await context.api.request('GET', `/messages/${id}`), 404, 'NOT_FOUND');
      for (const query of [
        { q: id },
        { sms_remitter_id: String(sent.remitter_id) },
        { remitter_id: String(sent.remitter_id) },
        { created_at__ge: String(sent.created_at) },
      ]) {
        const page = await listPage(context.api, '/messages', { ...query, size: 200 });
        expectThat(
          !page.entries.some((e) => e.id === id),
          `GET /messages?${new URLSearchParams(query)}: not the other organization's message`,
          () => `listed ${id}`,
        );
      }
    },
  },
];
