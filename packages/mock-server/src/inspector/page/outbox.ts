/**
 * The webhook outbox view (issue 25 item 6): every delivery or the failed ones only, each linked
 * to the message, campaign and phone its event is about, with its last attempt's latency; a
 * "Redeliver all failed" button (the control API's `POST /webhooks/outbox/redeliver-failed`,
 * disabled while it runs); and, for a delivery's attempts, the receiver's answer.
 */
import type { DeliveryRow, ListPage } from '../api';
import { control, data } from './api';
import type { Actions } from './details';
import { type Child, h } from './dom';
import { deliveryRows, pager, type View } from './lists';
import { listHref, type Route } from './router';

/** `{ failed }`: how many deliveries failed for good, whatever the filter. */
type OutboxPage = ListPage<DeliveryRow> & { readonly failed: number };

/** What `POST /__mock/webhooks/outbox/redeliver-failed` answers. */
interface RedeliverFailedResult {
  readonly redelivered: readonly string[];
  readonly skipped: number;
  readonly remaining: number;
}

const PAGE = 50;

let redelivering = false;

/** `#/webhooks` and `#/webhooks?state=failed`. */
export async function outboxView(route: Route, actions: Actions): Promise<View> {
  const failedOnly = route.params.get('state') === 'failed';
  const offset = Math.max(0, Number(route.params.get('offset') ?? 0) || 0);
  const page = await data<OutboxPage>('deliveries', {
    state: failedOnly ? 'failed' : undefined,
    offset,
    limit: PAGE,
  });
  const redeliver = h(
    'button',
    {
      type: 'button',
      id: 'redeliver-failed',
      disabled: page.failed === 0 || redelivering,
      on: {
        click: (event) => {
          // A second click while the first runs sends nothing (the server would find none failed).
          if (redelivering) return;
          redelivering = true;
          (event.currentTarget as HTMLButtonElement).disabled = true;
          void control<RedeliverFailedResult>('POST', 'webhooks/outbox/redeliver-failed')
            .then(
              // The notice says what happened; `run` shows it and refreshes the view.
              (result) => actions.run(redeliveredNotice(result), () => Promise.resolve()),
              (error: unknown) => actions.run('', () => Promise.reject(error)),
            )
            .finally(() => {
              redelivering = false;
            });
        },
      },
    },
    `Redeliver all failed (${page.failed})`,
  );
  return {
    title: failedOnly ? 'Webhook outbox: failed' : 'Webhook outbox',
    content: [
      h(
        'nav',
        { class: 'filters', 'aria-label': 'Outbox filter' },
        h('a', { href: '#/webhooks', 'aria-current': failedOnly ? false : 'true' }, 'All'),
        ' ',
        h(
          'a',
          {
            href: listHref('webhooks', { state: 'failed' }),
            'aria-current': failedOnly ? 'true' : false,
          },
          `Failed only (${page.failed})`,
        ),
        ' ',
        redeliver,
      ),
      deliveryRows(page.entries),
      failedOnly ? failedPager(page.total, offset) : pager('webhooks', route, page.total),
    ],
  };
}

/** The pager of the failed-only list: the same as the list's, keeping `state=failed`. */
function failedPager(total: number, offset: number): Child {
  const last = Math.min(offset + PAGE, total);
  return h(
    'nav',
    { class: 'pager', 'aria-label': 'Pages' },
    offset > 0
      ? h(
          'a',
          { href: listHref('webhooks', { state: 'failed', offset: Math.max(0, offset - PAGE) }) },
          '← Newer',
        )
      : null,
    h('span', { class: 'meta' }, total === 0 ? 'none' : `${offset + 1}–${last} of ${total}`),
    last < total
      ? h(
          'a',
          { href: listHref('webhooks', { state: 'failed', offset: offset + PAGE }) },
          'Older →',
        )
      : null,
  );
}

function redeliveredNotice(result: RedeliverFailedResult): string {
  const sent = result.redelivered.length;
  const parts = [`Redelivered ${sent} failed ${sent === 1 ? 'delivery' : 'deliveries'}`];
  if (result.skipped > 0) parts.push(`${result.skipped} skipped (endpoint gone or disabled)`);
  if (result.remaining > 0) parts.push(`${result.remaining} left: press again`);
  return parts.join('; ');
}
