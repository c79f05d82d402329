/**
 * The list views: messages, phones, campaigns, organizations, the webhook outbox and the search
 * results — each a page of the world's records, newest first, with a pager (its page size kept in
 * the address as `limit`; the server moves an offset past the end to the last page and says where
 * the page it answered starts, and the pager counts from there).
 */
import type { components } from '../../generated/control';
import { CAMPAIGN_STATUSES, MESSAGE_STATUSES } from '../../query/query-vocabulary';
import type { RequestLogEntry } from '../../worlds/request-log';
import type {
  CampaignRow,
  DeliveryRow,
  ListPage,
  MessageRow,
  MessageView,
  OrganizationView,
  PhoneRow,
  SearchView,
} from '../api';
import { control, data } from './api';
import { type Child, type Columns, chip, html, link, section, table, tableOf, time } from './dom';
import { messageBadges, organizationMessages, statusBar, statusLink } from './filters';
import { type Route, withQuery } from './router';

/** A rendered view: its title and content. */
export interface View {
  readonly title: string;
  readonly content: Child[];
}

/** What a view needs from the page: running an action, then saying what it did (or why not). */
export interface Actions {
  run<T>(label: string | ((result: T) => string), action: () => Promise<T>): Promise<void>;
}

/** Rows of messages. */
export const messageRows = tableOf<MessageRow>('Messages', 'No messages.', {
  'Created (world)': (m) => time(m.created_at),
  To: (m) => link(m.to, 'phones', m.to),
  Status: (m) => [statusLink('messages', m.status), messageBadges(m)],
  Content: (m) => link(m.content === '' ? '(empty)' : m.content, 'messages', m.id),
  Organization: (m) => organizationMessages(m.organization),
  Campaign: (m) => (m.campaign_id === null ? '—' : link('campaign', 'campaigns', m.campaign_id)),
});

const phoneRows = tableOf<PhoneRow>('Phones', 'No phones.', {
  Number: (p) => link(p.number, 'phones', p.number),
  'Sent to it': (p) => String(p.outbound),
  'Replies from it': (p) => String(p.inbound),
  'Last activity (world)': (p) => time(p.last_at),
});

const campaignRows = tableOf<Partial<CampaignRow> & Omit<CampaignRow, 'organization'>>(
  'Campaigns',
  'No campaigns.',
  {
    'Created (world)': (c) => time(c.created_at),
    Name: (c) => link(c.name, 'campaigns', c.id),
    Status: (c) => statusLink('campaigns', c.status),
    Recipients: (c) => String(c.total_estimated_recipients),
    Organization: (c) => c.organization ?? '—',
  },
);

/**
 * The columns every request list starts with: world time (the wall clock beside it when they
 * differ), method, path (a link to the request) and status.
 */
export const REQUEST_COLUMNS: Columns<RequestLogEntry> = {
  'World time': (r) => [time(r.world_at ?? r.at), wallBeside(r.world_at, r.at)],
  Method: (r) => r.method,
  Path: (r) => link(`${r.path}${r.query === '' ? '' : `?${r.query}`}`, 'requests', String(r.seq)),
  Status: (r) => [String(r.status), r.code === null ? null : ` ${r.code}`],
};

const requestRows = tableOf<RequestLogEntry>('Requests', 'No requests yet.', {
  ...REQUEST_COLUMNS,
  Key: (r) => r.key ?? '—',
  'Trace id': (r) => html`<code>${r.trace_id ?? '—'}</code>`,
});

/** " · wall 12:00:01" when the wall clock differs from the world's by a second or more. */
export function wallBeside(world: string | null, wall: string): Child {
  if (world !== null && Math.abs(Date.parse(world) - Date.parse(wall)) < 1_000) return null;
  return html`<span class="meta"> · wall ${wall.slice(11, 19)}</span>`;
}

/** Webhook delivery rows. */
export const deliveryRows = tableOf<DeliveryRow>('Webhook deliveries', 'No webhook deliveries.', {
  'Queued (world)': (d) => time(d.created_at),
  Event: (d) => link(d.type, 'webhooks', d.id),
  About: deliveryLinks,
  State: (d) => chip(d.state),
  Attempts: (d) => String(d.attempts),
  'Last answer': (d) => (d.last_status === null ? '—' : String(d.last_status)),
  Latency: (d) => latency(d.last_duration_ms),
  Endpoint: (d) => d.url ?? '(in-process listener)',
});

/** The page sizes offered. */
const PAGE_SIZES = [20, 50, 100] as const;
const DEFAULT_SIZE = 50;

/**
 * The page the address asks for: its offset (0 when absent or not a whole number) and its size
 * (the default when absent or not one offered).
 */
export function pageOf(route: Route): { offset: number; limit: number } {
  const offset = Number(route.params.get('offset') ?? 0);
  const asked = Number(route.params.get('limit'));
  return {
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
    limit: (PAGE_SIZES as readonly number[]).includes(asked) ? asked : DEFAULT_SIZE,
  };
}

/**
 * The pager of `view`'s list (first, newer, `x–y of n`, older, last, and the page size), on the
 * page the server answered (its `total`, and the `offset` it starts at). Its links keep the
 * address's filters (`q`, `state`, `class`, …).
 */
export function pages(view: string, route: Route, { total, offset }: ListPage<unknown>): Child {
  const size = pageOf(route).limit;
  const kept = Object.fromEntries(
    [...route.params].filter(([name]) => name !== 'offset' && name !== 'limit'),
  );
  const href = (at: number, limit = size) =>
    withQuery(`#/${view}`, {
      ...kept,
      limit: limit === DEFAULT_SIZE ? undefined : limit,
      offset: at,
    });
  const lastAt = total === 0 ? 0 : Math.floor((total - 1) / size) * size;
  const end = Math.min(offset + size, total);
  const go = (label: string, at: number, shown: boolean, rel?: string) =>
    shown && html`<a href=${href(at)} rel=${rel}>${label}</a>`;
  const resize = (event: Event) => {
    const chosen = Number((event.target as HTMLSelectElement).value);
    // The new page starts where the old one did, rounded down to the new size.
    location.hash = href(Math.floor(offset / chosen) * chosen, chosen);
  };
  const option = (n: number) => html`<option value=${n} selected=${n === size}>${n}</option>`;
  const shown =
    total === 0 ? 'none' : offset < total ? `${offset + 1}–${end} of ${total}` : `of ${total}`;
  // The size select is wrapped by its label, not tied by id: a live re-render must not carry one
  // list's choice to another.
  return html`<nav class="pager" aria-label="Pages">
    ${go('⇤ First', 0, offset > 0)}
    ${go('← Newer', Math.max(0, offset - size), offset > 0, 'prev')}
    <span class="meta">${shown}</span>
    ${go('Older →', offset + size, end < total, 'next')}
    ${go('Last ⇥', lastAt, offset < lastAt)}
    <label class="page-size">
      Per page <select onchange=${resize}>${PAGE_SIZES.map(option)}</select>
    </label>
  </nav>`;
}

/**
 * A list view: a page of `view`'s records (the address's `q`, offset and page size), the rows and
 * the pager, under the status bar of records that have one (their title says what `q` matched).
 */
async function listView<Row>(
  route: Route,
  view: string,
  title: string,
  rows: (entries: readonly Row[]) => Child,
  statuses?: readonly string[],
): Promise<View> {
  const q = route.params.get('q') ?? undefined;
  const page = await data<ListPage<Row>>(view, { q, ...pageOf(route) });
  return {
    title: q === undefined || statuses === undefined ? title : `${title} matching “${q}”`,
    content: [
      statuses === undefined ? null : statusBar(view, statuses, route),
      rows(page.entries),
      pages(view, route, page),
    ],
  };
}

/** `#/messages`. */
export const messagesView = (route: Route): Promise<View> =>
  listView(route, 'messages', 'Messages', messageRows, MESSAGE_STATUSES);

/** `#/phones`. */
export const phonesView = (route: Route): Promise<View> =>
  listView(route, 'phones', 'Phones', phoneRows);

/** `#/campaigns`. */
export const campaignsView = (route: Route): Promise<View> =>
  listView(route, 'campaigns', 'Campaigns', campaignRows, CAMPAIGN_STATUSES);

/** `#/organizations`: each with its balance, keys by prefix, sender IDs and latest ledger entries. */
export async function organizationsView(): Promise<View> {
  const { entries } = await data<{ entries: readonly OrganizationView[] }>('organizations');
  return {
    title: 'Organizations',
    content: entries.map((o) =>
      section(
        `Organization ${o.name}`,
        [o.name, ' ', html`<span class="meta">${o.balance ?? '—'} ${o.currency ?? ''}</span>`],
        html`<p class="meta">id ${o.id}</p>`,
        table(`API keys of ${o.name}`, o.api_keys, 'No API keys.', {
          'Key (prefix)': (k) => html`<code>${k.prefix}</code>`,
          Name: (k) => k.name,
          Environment: (k) => k.environment,
          Revoked: (k) => (k.revoked ? 'yes' : 'no'),
        }),
        table(`Sender IDs of ${o.name}`, o.sender_ids, 'No sender IDs.', {
          'Sender ID': (s) => s.name,
          Status: (s) => chip(s.status),
        }),
        table(`Ledger of ${o.name}`, o.ledger, 'No ledger entries.', {
          'When (world)': (e) => time(e.at),
          Kind: (e) => e.kind,
          Amount: (e) => e.amount,
          'Balance after': (e) => e.balance_after,
          Note: (e) => e.note ?? '',
        }),
      ),
    ),
  };
}

/** Rows of replies. */
export const replyRows = tableOf<MessageView['replies'][number]>('Replies', 'No replies.', {
  'Received (world)': (r) => time(r.received_at),
  From: (r) => link(r.from, 'phones', r.from),
  To: (r) => r.to,
  Content: (r) => r.content,
});

/** `#/search?q=`: the first matches of each kind, with links to all of them. */
export async function searchView(route: Route): Promise<View> {
  const q = route.params.get('q') ?? '';
  const found = await data<SearchView>('search', { q });
  /** One kind's first matches, with a link to all of them when there are more (and a list). */
  const matching = <Row>(
    view: string,
    title: string,
    hits: { readonly total: number; readonly entries: readonly Row[] },
    rows: (entries: readonly Row[]) => Child,
    listed = true,
  ): Child =>
    section(
      `Matching ${view}`,
      `${title} (${hits.total})`,
      rows(hits.entries),
      listed &&
        hits.total > hits.entries.length &&
        html`<p><a href=${withQuery(`#/${view}`, { q })}>All ${hits.total} ${view}</a></p>`,
    );
  return {
    title: `Search: “${q}”`,
    content: [
      matching('messages', 'Messages', found.messages, messageRows),
      matching('replies', 'Replies', found.replies, replyRows, false),
      matching('phones', 'Phones', found.phones, phoneRows),
      matching('campaigns', 'Campaigns', found.campaigns, campaignRows),
      matching('requests', 'Requests', found.requests, requestRows),
    ],
  };
}

/** Links to what a delivery's event is about. */
export function deliveryLinks(d: Pick<DeliveryRow, 'message_id' | 'campaign_id' | 'phone'>): Child {
  const links = [
    d.message_id !== null && link('message', 'messages', d.message_id),
    d.campaign_id !== null && link('campaign', 'campaigns', d.campaign_id),
    d.phone !== null && link(d.phone, 'phones', d.phone),
  ].filter((a) => a !== false);
  return links.length === 0 ? '—' : links.flatMap((a, i) => (i === 0 ? [a] : [' · ', a]));
}

/** A latency as the page shows it: `12 ms`, `1.25 s`. */
export function latency(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** What `POST /__mock/webhooks/outbox/redeliver-failed` answers. */
type RedeliverFailedResult = components['schemas']['RedeliverFailedResult'];

let redelivering = false;

/** `#/webhooks` and `#/webhooks?state=failed`. */
export async function outboxView(route: Route, actions: Actions): Promise<View> {
  const failedOnly = route.params.get('state') === 'failed';
  // `failed`: how many deliveries failed for good, whatever the filter.
  const page = await data<ListPage<DeliveryRow> & { failed: number }>('deliveries', {
    state: failedOnly ? 'failed' : undefined,
    ...pageOf(route),
  });
  const redeliver = (event: Event) => {
    // A second click while the first runs sends nothing (the server would find none failed).
    if (redelivering) return;
    redelivering = true;
    (event.currentTarget as HTMLButtonElement).disabled = true;
    const redeliverAll = () =>
      control<RedeliverFailedResult>('POST', 'webhooks/outbox/redeliver-failed');
    void actions.run(redeliveredNotice, redeliverAll).finally(() => {
      redelivering = false;
    });
  };
  return {
    title: failedOnly ? 'Webhook outbox: failed' : 'Webhook outbox',
    content: [
      html`<nav class="filters" aria-label="Outbox filter">
        <a href="#/webhooks" aria-current=${!failedOnly && 'true'}>All</a>${' '}
        <a href=${withQuery('#/webhooks', { state: 'failed' })} aria-current=${failedOnly && 'true'}>
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
      pages('webhooks', route, page),
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
