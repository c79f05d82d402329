/**
 * Control routes that read state a test asserts on: every message sent to a phone number, one
 * message whatever its tenant, messages and campaigns found by a query in the filter language
 *, counts, and the ledger invariant of every account.
 */
import { campaignObject, messageDetail, parseQuery, readonlyWorld } from '@msgsvc/mock/port';
import type { ControlRoute } from '../http/route';
import { filteredCampaigns, filteredMessages } from '../query/filtered-lists';
import { filteredListQuery } from './control-schemas';

/** Read routes. */
export const READ_ROUTES: readonly ControlRoute[] = [
  {
    method: 'GET',
    path: '/phones/{number}/messages',
    handle: ({ mock, params }) => ({
      status: 200,
      body: { number: params.number, entries: mock.control.messagesTo(params.number!) },
    }),
  },
  {
    method: 'GET',
    path: '/messages',
    handle: ({ mock, query }) => {
      const { q = '', offset = 0, limit = 50 } = parseQuery(filteredListQuery, query);
      const found = filteredMessages(readonlyWorld(mock), q, offset, limit);
      const entries = found.entries.map((message) => messageDetail(readonlyWorld(mock), message));
      return { status: 200, body: { total: found.total, offset: found.offset, entries } };
    },
  },
  {
    method: 'GET',
    path: '/campaigns',
    handle: ({ mock, query }) => {
      const { q = '', offset = 0, limit = 50 } = parseQuery(filteredListQuery, query);
      const found = filteredCampaigns(readonlyWorld(mock), q, offset, limit);
      const entries = found.entries.map((campaign) =>
        campaignObject(readonlyWorld(mock), campaign),
      );
      return { status: 200, body: { total: found.total, offset: found.offset, entries } };
    },
  },
  {
    method: 'GET',
    path: '/messages/{message_id}',
    handle: ({ mock, params }) => ({ status: 200, body: mock.control.message(params.message_id!) }),
  },
  {
    method: 'GET',
    path: '/counts',
    handle: ({ mock }) => ({ status: 200, body: mock.control.counts() }),
  },
  {
    method: 'GET',
    path: '/ledger/check',
    handle: ({ mock }) => {
      const accounts = mock.control.checkLedger();
      return { status: 200, body: { ok: accounts.every((a) => a.ok), accounts } };
    },
  },
];
