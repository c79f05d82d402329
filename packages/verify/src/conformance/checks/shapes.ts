/**
 * The answers' shapes against the contract (openapi.yaml): a retrieved message, a page of
 * messages and of campaigns, a campaign and its messages when there is one, and an error envelope.
 * A field the contract promises that is missing, mistyped or out of range is drift; a field it
 * does not name is a warning, because a deployment may add fields within v1 and clients tolerate
 * them.
 */

import { checkExchange } from '../../proxy/check-exchange';
import { BASE_PATH } from '../../proxy/contract';
import type { Exchange } from '../check-kit/api';
import { checks, type VerifyContext } from '../check-kit/check';
import { Drift } from '../check-kit/drift';
import { sentMessage } from '../check-kit/fixtures';
import { theContract } from './contract';

/** Response-side findings of one exchange: errors returned, warnings handed to `context.warn`. */
function problems(context: VerifyContext, exchange: Exchange): string[] {
  const found = checkExchange(theContract(), {
    method: exchange.method,
    path: `${BASE_PATH}${exchange.path}`,
    query: '',
    requestHeaders: { 'x-api-key': context.api.key },
    request: { bytes: Buffer.alloc(0), truncated: false },
    status: exchange.status,
    responseHeaders: Object.fromEntries(exchange.headers),
    response: { bytes: Buffer.from(exchange.text), truncated: false },
  });
  const errors: string[] = [];
  for (const finding of found) {
    if (finding.side !== 'response') continue;
    const line = `${exchange.method} ${exchange.path} → ${exchange.status}: ${finding.message}`;
    if (finding.severity === 'warning') context.warn(line);
    else errors.push(`${finding.rule}: ${line}`);
  }
  return errors;
}

/** The checks of this group. */
export const SHAPE_CHECKS = checks({
  'shapes.responses': {
    title: 'Answers carry every field the contract promises, typed; fields it does not name warn',
    cites: 'openapi.yaml; D100',
    async run(context) {
      const { api } = context;
      const message = await sentMessage(context);
      const exchanges = [
        await api.request('GET', `/messages/${message.id}`),
        await api.request('GET', '/messages', { query: { size: 2 } }),
        await api.request('GET', '/messages/not-a-uuid'),
      ];
      const campaigns = await api.request('GET', '/campaigns', { query: { size: 1 } });
      exchanges.push(campaigns);
      const first = (campaigns.json as { entries?: { id?: unknown }[] } | undefined)?.entries?.[0];
      if (typeof first?.id === 'string') {
        exchanges.push(await api.request('GET', `/campaigns/${first.id}`));
        exchanges.push(
          await api.request('GET', `/campaigns/${first.id}/messages`, { query: { size: 2 } }),
        );
      }
      const errors = exchanges.flatMap((exchange) => problems(context, exchange));
      if (errors.length > 0) {
        throw new Drift(
          'every field the contract promises, with its type and values (D100)',
          errors.join('; '),
        );
      }
    },
  },
});
