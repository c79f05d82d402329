/**
 * Control routes on credentials addressed by their own id: revoking an API key, approving (or
 * rejecting) a sender ID.
 */

import { parse } from '@msgsvc/mock/port';
import type { ControlRoute } from '../http/route';
import * as schemas from './control-schemas';

/** Key and sender ID routes. */
export const CREDENTIAL_ROUTES: readonly ControlRoute[] = [
  {
    // By id only: a full key in a URL would end up in logs and browser history.
    method: 'POST',
    path: '/api-keys/{key_id}/revoke',
    handle: ({ mock, params }) => {
      return { status: 200, body: mock.control.revokeApiKey(params.key_id!) };
    },
  },
  {
    method: 'PATCH',
    path: '/sender-ids/{sender_id}',
    handle: ({ mock, params, json }) => {
      const { status } = parse(schemas.updateSenderIdBody, json);
      return { status: 200, body: mock.control.setSenderIdStatus(params.sender_id!, status) };
    },
  },
];
