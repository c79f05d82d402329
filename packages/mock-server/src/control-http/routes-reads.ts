/**
 * Control routes that read state a test asserts on: every message sent to a phone number, one
 * message whatever its tenant, counts, and the ledger invariant of every account.
 */
import type { ControlRoute } from './route';

/** Read routes. */
export const READ_ROUTES: readonly ControlRoute[] = [
  {
    method: 'GET',
    path: '/phones/:number/messages',
    handle: ({ mock, params }) => ({
      status: 200,
      body: { number: params.number, entries: mock.control.messagesTo(params.number!) },
    }),
  },
  {
    method: 'GET',
    path: '/messages/:message_id',
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
