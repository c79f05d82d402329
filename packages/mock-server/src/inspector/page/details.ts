/** The record views, each at its own address: a message, a phone's thread, a campaign, a delivery. */
import type { CampaignView, DeliveryDetail, MessageView, PhoneView } from '../api';
import type { CreatingRequest } from '../journal';
import { replyForm } from './actions';
import { control, data } from './api';
import { type Child, chip, fields, html, link, pretty, section, table, time } from './dom';
import {
  campaignCounts,
  filterLink,
  messageBadges,
  organizationMessages,
  phoneOptOutBadges,
  statusLink,
} from './filters';
import {
  type Actions,
  deliveryLinks,
  deliveryRows,
  latency,
  messageRows,
  pageOf,
  pages,
  replyRows,
  type View,
} from './lists';
import type { Route } from './router';
import { smsCheckSection } from './sms-check';

/** `#/messages/<id>`. */
export async function messageView(id: string, actions: Actions): Promise<View> {
  const view = await data<MessageView>(`messages/${encodeURIComponent(id)}`);
  const m = view.message;
  const text = html`<p class="content">${m.content}</p>`;
  const asReturned = html`<pre tabindex="0">${JSON.stringify(m, null, 2)}</pre>`;
  return {
    title: `Message to ${m.e164_format}`,
    content: [
      section('Message', null, text, messageFields(view), timeline(view.history)),
      creatingRequests(view.requests),
      smsCheckSection(m.content, view),
      section('Simulate a reply', 'Simulate a reply', replyForm(view, actions)),
      section('Replies', `Replies (${view.replies.length})`, replyRows(view.replies)),
      section('Webhook deliveries', 'Webhook deliveries', deliveryRows(view.deliveries)),
      section('As the API returns it', 'As GET /messages/{id} returns it', asReturned),
    ],
  };
}

/** A message's facts, each linked to what it names. */
function messageFields(view: MessageView): HTMLElement {
  const m = view.message;
  const code = m.error_code;
  const refunded = m.is_refunded && [' ', filterLink('(refunded)', 'messages', ['is:refunded'])];
  return fields([
    ['Status', statusLink('messages', m.status)],
    ['Badges', messageBadges(view)],
    ['Error code', code === null ? '—' : filterLink(code, 'messages', [`error:${code}`])],
    ['To', link(m.e164_format, 'phones', m.e164_format)],
    ['Sender ID', m.sms_remitter?.name ?? m.sms_remitter_id],
    ['Organization', organizationMessages(view.organization ?? m.organization_id)],
    ['Campaign', m.campaign_id === null ? '—' : link(m.campaign_id, 'campaigns', m.campaign_id)],
    ['Segments', `${view.segments}${view.encoding === null ? '' : ` (${view.encoding})`}`],
    ['Cost', [view.cost, refunded]],
    ['Created (world)', time(m.created_at)],
    ['Updated (world)', time(m.updated_at)],
    ['Id', html`<code>${m.id}</code>`],
  ]);
}

/** `#/phones/<number>`: the thread with that number, both ways. */
export async function phoneView(number: string): Promise<View> {
  const { thread, opted_out } = await data<PhoneView>(`phones/${encodeURIComponent(number)}`);
  return {
    title: `Phone ${number}`,
    content: [
      phoneOptOutBadges(number, opted_out),
      thread.length === 0
        ? html`<p class="empty">No messages to or from this number.</p>`
        : html`<ol class="thread" aria-label="Thread with ${number}">${thread.map(bubble)}</ol>`,
    ],
  };
}

/** One message of a thread: sent (with its status and a link to it) or a reply. */
function bubble(item: PhoneView['thread'][number]): HTMLElement {
  if (item.direction === 'inbound') {
    return html`<li class="bubble inbound">
      <div class="head">${time(item.received_at)} · reply to ${item.to}</div>
      <p class="content">${item.content}</p>
    </li>`;
  }
  return html`<li class="bubble outbound">
    <div class="head">
      ${time(item.created_at)} · ${item.organization ?? ''} ${statusLink('messages', item.status)}
      ${messageBadges(item)}
    </div>
    <p class="content">${item.content}</p>
    ${link('Details', 'messages', item.id)}
  </li>`;
}

/** `#/campaigns/<id>`. */
export async function campaignView(id: string, route: Route): Promise<View> {
  const view = await data<CampaignView>(`campaigns/${encodeURIComponent(id)}`, pageOf(route));
  const c = view.campaign;
  // Every message no longer PENDING or SENT has its final status.
  const done = Object.entries(view.counts)
    .filter(([status]) => status !== 'PENDING' && status !== 'SENT')
    .reduce((sum, [, count]) => sum + count, 0);
  const { total } = view.messages;
  const progress = html`<progress max=${total || 1} value=${done} aria-label="Messages finished" />`;
  const pager = pages(`campaigns/${encodeURIComponent(c.id)}`, route, view.messages);
  const facts = fields([
    ['Status', statusLink('campaigns', c.status)],
    ['Progress', [progress, ` ${done} of ${total} finished`]],
    ['Per state', campaignCounts(c.id, view.counts, view.exact)],
    ['Organization', view.organization ?? c.organization_id],
    ['Sender ID', c.sms_remitter?.name ?? c.sms_remitter_id],
    ['Recipients', String(c.total_estimated_recipients)],
    ['Created (world)', time(c.created_at)],
    ['Completed (world)', time(c.completed_at)],
    ['Id', html`<code>${c.id}</code>`],
  ]);
  const text = html`<p class="content">${c.content}</p>`;
  return {
    title: `Campaign ${c.name}`,
    content: [
      section('Campaign', null, facts, text, timeline(view.history)),
      creatingRequests(view.requests),
      section('Campaign messages', 'Messages', messageRows(view.messages.entries), pager),
    ],
  };
}

/** A table of header names and values. */
export const headerTable = (caption: string, headers: Readonly<Record<string, string>>): Child =>
  table(caption, Object.entries(headers), 'Nothing yet.', {
    Header: ([name]) => html`<code>${name}</code>`,
    Value: ([, value]) => html`<code>${value}</code>`,
  });

/** `#/webhooks/<id>`. */
export async function deliveryView(id: string, actions: Actions): Promise<View> {
  const d = await data<DeliveryDetail>(`deliveries/${encodeURIComponent(id)}`);
  const finished = d.state === 'delivered' || d.state === 'failed';
  const redeliver = () =>
    void actions.run('Redelivery scheduled', () =>
      control('POST', `inspector/api/deliveries/${encodeURIComponent(d.id)}/redeliver`),
    );
  const facts = fields([
    ['State', chip(d.state)],
    ['Endpoint', d.url ?? '(in-process listener)'],
    ['About', deliveryLinks(d)],
    ['Queued (world)', time(d.created_at)],
    ['Next attempt (world)', time(d.next_attempt_at)],
    ['webhook-id', html`<code>${d.id}</code>`],
  ]);
  const redeliverNow = html`<p>
    <button type="button" disabled=${!finished} onclick=${redeliver}>Redeliver now</button>
    ${!finished && html`<span class="meta"> (available once delivered or failed)</span>`}
  </p>`;
  const attempts =
    d.attempts.length === 0
      ? html`<p class="empty">No attempt yet.</p>`
      : html`<ol>${d.attempts.map(attemptItem)}</ol>`;
  return {
    title: `Webhook ${d.type}`,
    content: [
      section('Delivery', null, facts, redeliverNow),
      section('Payload', 'Payload', html`<pre tabindex="0">${pretty(d.payload)}</pre>`),
      section('Attempts', `Attempts (${d.attempts.length})`, attempts),
    ],
  };
}

/** One attempt of a delivery: when, its answer and latency, and the headers it was signed with. */
function attemptItem(attempt: DeliveryDetail['attempts'][number]): HTMLElement {
  const { answer, status } = attempt;
  const outcome = status === null ? `no answer: ${attempt.error ?? ''}` : `HTTP ${status}`;
  const what = answer?.binary
    ? `Response body: binary, first bytes in hex${answer.truncated ? ' (more not kept)' : ''}`
    : `Response body${answer?.truncated ? ' (first 2 KiB)' : ''}`;
  const body = answer !== null && (answer.body === '' ? '(empty)' : answer.body);
  return html`<li>
    <p>${time(attempt.at)} → ${outcome}</p>
    <p class="meta">Latency ${latency(attempt.duration_ms)}</p>
    <p class="meta">${body === false ? 'No response body.' : what}</p>
    ${body !== false && html`<pre class="answer" tabindex="0">${body}</pre>`}
    ${attempt.headers !== null && headerTable('Signed headers', attempt.headers)}
  </li>`;
}

/** On a message's or campaign's page: the requests that created it, replays included. */
function creatingRequests(requests: readonly CreatingRequest[]): Child {
  const item = (r: CreatingRequest) => html`<li>
    ${link(`${r.method} ${r.path} → ${r.status}`, 'requests', String(r.seq))}
    ${' '}${time(r.world_at ?? r.at)}
    ${r.replayed && html`<span class="meta"> (idempotent replay)</span>`}
  </li>`;
  const list =
    requests.length === 0
      ? html`<p class="empty">${NOT_LOGGED}</p>`
      : html`<ul>${requests.map(item)}</ul>`;
  return section('Created by', 'Created by', list);
}

const NOT_LOGGED =
  'No request in the log created it (the log keeps the latest 200 requests; the control API and simulations log none).';

/** One step of a message's or a campaign's history. */
type TimelineStep = (MessageView | CampaignView)['history'][number];

/** The status timeline of `steps`, under its heading. */
function timeline(steps: readonly TimelineStep[]): Child {
  const heading = html`<h3>Status timeline</h3>`;
  if (steps.length === 0) return [heading, html`<p class="empty">No status recorded.</p>`];
  const step = ({ status, at, error_code }: TimelineStep, i: number) => html`<li>
    ${chip(status)} ${time(at)}
    ${i > 0 && html`<span class="meta"> ${elapsed(steps[i - 1]!.at, at)}</span>`}
    ${error_code !== null && [' ', html`<code>${error_code}</code>`]}
  </li>`;
  return [heading, html`<ol class="timeline" aria-label="Status timeline">${steps.map(step)}</ol>`];
}

/** The world time between two steps, `+1.250 s`, `+4 min 10 s`, `+6 h 0 min`. */
function elapsed(from: string, to: string): string {
  const ms = Math.max(0, Date.parse(to) - Date.parse(from));
  if (ms < 60_000) return `+${(ms / 1000).toFixed(3)} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `+${minutes} min ${Math.floor((ms % 60_000) / 1000)} s`;
  return `+${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
