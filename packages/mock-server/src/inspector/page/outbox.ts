/**
 * The webhook outbox view (issue 25 item 6): every delivery or the failed ones only, each linked
 * to the message, campaign and phone its event is about, with its last attempt's latency; a
 * "Redeliver all failed" button (the control API's `POST /webhooks/outbox/redeliver-failed`,
 * disabled while it runs); and, for a delivery's attempts, the receiver's answer.
 */
import type { components } from '../../generated/control';
import type { DeliveryRow, ListPage } from '../api';
import { control, data } from './api';
import type { Actions } from './details';
import { html } from './dom';
import { deliveryRows, type View } from './lists';
import { pageOffset, pageSize, pages } from './paging';
import { listHref, type Route } from './router';

/** `{ failed }`: how many deliveries failed for good, whatever the filter. */
type OutboxPage = ListPage<DeliveryRow> & { readonly failed: number };

/** What `POST /__mock/webhooks/outbox/redeliver-failed` answers. */
type RedeliverFailedResult = components['schemas']['RedeliverFailedResult'];

let redelivering = false;

/** `#/webhooks` and `#/webhooks?state=failed`. */
export async function outboxView(route: Route, actions: Actions): Promise<View> {
  const failedOnly = route.params.get('state') === 'failed';
  const page = await data<OutboxPage>('deliveries', {
    state: failedOnly ? 'failed' : undefined,
    offset: pageOffset(route),
    limit: pageSize(route),
  });
  const redeliver = (event: Event) => {
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
  };
  return {
    title: failedOnly ? 'Webhook outbox: failed' : 'Webhook outbox',
    content: [
      html`<nav class="filters" aria-label="Outbox filter">
        <a href="#/webhooks" aria-current=${!failedOnly && 'true'}>All</a>${' '}
        <a href=${listHref('webhooks', { state: 'failed' })} aria-current=${failedOnly && 'true'}>
          Failed only (${page.failed})
        </a>${' '}
        <button
          type="button"
          id="redeliver-failed"
          disabled=${page.failed === 0 || redelivering}
          onclick=${redeliver}
        >
          Redeliver all failed (${page.failed})
        </button>
      </nav>`,
      deliveryRows(page.entries),
      pages('webhooks', route, page.total, page.offset),
    ],
  };
}

function redeliveredNotice(result: RedeliverFailedResult): string {
  const sent = result.redelivered.length;
  const parts = [`Redelivered ${sent} failed ${sent === 1 ? 'delivery' : 'deliveries'}`];
  if (result.skipped > 0) parts.push(`${result.skipped} skipped (endpoint gone or disabled)`);
  if (result.remaining > 0) parts.push(`${result.remaining} left: press again`);
  return parts.join('; ');
}
