/**
 * The cells the outbox adds to a delivery wherever it is shown (the outbox, a message's
 * deliveries, a delivery's attempts): links to what its event is about, latency, and the
 * receiver's answer as text.
 */
import type { DeliveryDetail } from '../api';
import { type Child, html, link } from './dom';

/** Links to what a delivery's event is about. */
export function deliveryLinks(d: {
  readonly message_id: string | null;
  readonly campaign_id: string | null;
  readonly phone: string | null;
}): Child {
  const links = [
    d.message_id === null ? null : link('message', 'messages', d.message_id),
    d.campaign_id === null ? null : link('campaign', 'campaigns', d.campaign_id),
    d.phone === null ? null : link(d.phone, 'phones', d.phone),
  ].filter((a) => a !== null);
  if (links.length === 0) return '—';
  return links.flatMap((a, i) => (i === 0 ? [a] : [' · ', a]));
}

/** A latency as the page shows it: `12 ms`, `1.25 s`. */
export function latency(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** One attempt's latency and the receiver's answer, under its status line. */
export function attemptAnswer(attempt: DeliveryDetail['attempts'][number]): Child {
  const answer = attempt.answer;
  const latencyLine = html`<p class="meta">Latency ${latency(attempt.duration_ms)}</p>`;
  if (answer === null) return [latencyLine, html`<p class="meta">No response body.</p>`];
  const what = answer.binary
    ? `Response body: binary, first bytes in hex${answer.truncated ? ' (more not kept)' : ''}`
    : `Response body${answer.truncated ? ' (first 2 KiB)' : ''}`;
  return [
    latencyLine,
    html`<p class="meta">${what}</p>`,
    html`<pre class="answer" tabindex="0">${answer.body === '' ? '(empty)' : answer.body}</pre>`,
  ];
}
