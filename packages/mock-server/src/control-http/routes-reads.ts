/** Control routes that read state a test asserts on. */
import { campaignObject, messageDetail, readonlyWorld } from '@msgsvc/mock/port';
import { listCampaignsQuery, listMessagesQuery } from '../generated/control-requests';
import { route } from '../http/route';
import { filteredCampaigns, filteredMessages } from '../query/search';
import { inspectorState } from './state-document';

/** Read routes. */
export const READ_ROUTES = [
  route('GET /phones/{number}/messages', ({ mock, params }) => ({
    number: params.number,
    entries: mock.control.messagesTo(params.number!),
  })),
  route('GET /messages', listMessagesQuery, ({ mock }, { q = '', offset = 0, limit = 50 }) => {
    const world = readonlyWorld(mock);
    const found = filteredMessages(world, q, offset, limit);
    const entries = found.entries.map((message) => messageDetail(world, message));
    return { total: found.total, offset: found.offset, entries };
  }),
  route('GET /campaigns', listCampaignsQuery, ({ mock }, { q = '', offset = 0, limit = 50 }) => {
    const world = readonlyWorld(mock);
    const found = filteredCampaigns(world, q, offset, limit);
    const entries = found.entries.map((campaign) => campaignObject(world, campaign));
    return { total: found.total, offset: found.offset, entries };
  }),
  route('GET /messages/{message_id}', ({ mock, params }) =>
    mock.control.message(params.message_id!),
  ),
  route('GET /counts', ({ mock }) => mock.control.counts()),
  route('GET /ledger/check', ({ mock }) => {
    const accounts = mock.control.checkLedger();
    return { ok: accounts.every((a) => a.ok), accounts };
  }),
  route('GET /state', inspectorState),
  route('GET /requests', ({ requestLog }) => ({ entries: requestLog.entries() })),
];
