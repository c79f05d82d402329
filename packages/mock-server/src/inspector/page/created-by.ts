/**
 * On a message's or campaign's page, the logged requests that created it, idempotent replays
 * included, each a link to the request in the journal.
 */
import type { CreatingRequest } from '../request-links';
import { type Child, h, link, section, time } from './dom';

/** On a message's or campaign's page: the requests that created it, replays included. */
export function creatingRequests(requests: readonly CreatingRequest[]): Child {
  return section(
    'Created by',
    'Created by',
    requests.length === 0
      ? h(
          'p',
          { class: 'empty' },
          'No request in the log created it (the log keeps the latest 200 requests; the control API and simulations log none).',
        )
      : h(
          'ul',
          null,
          requests.map((r) =>
            h(
              'li',
              null,
              link(`${r.method} ${r.path} → ${r.status}`, 'requests', String(r.seq)),
              ' ',
              time(r.world_at ?? r.at),
              r.replayed ? h('span', { class: 'meta' }, ' (idempotent replay)') : null,
            ),
          ),
        ),
  );
}
