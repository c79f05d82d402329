/**
 * The request journal on the page: the log filtered by status class and operation
 * (`#/requests?class=4xx&op=sendMessage&q=…`, each filter a link or a select, so every filtered
 * list has an address), each refused request with its first near-miss hint and each request with a
 * link to what it created; and a request in full with all its hints.
 */
import type { ListPage } from '../api';
import type { CreatedRecord, JournalDetail, JournalRow } from '../journal';
import { data } from './api';
import { headerTable } from './details';
import { type Child, fields, html, link, pretty, section, tableOf, time } from './dom';
import { pageOf, pages, REQUEST_COLUMNS, type View, wallBeside } from './lists';
import { type Route, withQuery } from './router';

const CLASSES = ['2xx', '4xx', '5xx'] as const;

/** The journal's filters as the address holds them. */
type Filters = Readonly<Record<'q' | 'class' | 'op', string | undefined>>;

/** `#/requests`: the journal, filtered by the address. */
export async function journalView(route: Route): Promise<View> {
  const [q, status, op] = ['q', 'class', 'op'].map((name) => route.params.get(name) ?? undefined);
  const filters: Filters = { q, class: status, op };
  const page = await data<ListPage<JournalRow> & { operations: readonly string[] }>('requests', {
    ...filters,
    ...pageOf(route),
  });
  const quoted = q === undefined ? undefined : `“${q}”`;
  const shown = [status, op, quoted].filter((part) => part !== undefined);
  return {
    title: ['Request log', ...shown].join(' · '),
    content: [
      filterBar(filters, page.operations),
      html`<div class="journal">${journalRows(page.entries)}</div>`,
      pages('requests', route, page),
    ],
  };
}

/** Status-class links and the operation select. */
function filterBar(filters: Filters, operations: readonly string[]): Child {
  const classLink = (value?: string) => html`<a
    href=${withQuery('#/requests', { ...filters, class: value })}
    aria-current=${filters.class === value && 'true'}
    data-key="class-${value ?? 'all'}"
  >
    ${value ?? 'All'}
  </a>`;
  const choose = (event: Event) => {
    const value = (event.target as HTMLSelectElement).value;
    location.hash = withQuery('#/requests', { ...filters, op: value });
  };
  const option = (value: string, label = value) =>
    html`<option value=${value} selected=${value === (filters.op ?? '')}>${label}</option>`;
  const filtered = filters.class !== undefined || filters.op !== undefined;
  return html`<div class="filters">
    <nav aria-label="Filter by status">${classLink()}${CLASSES.map(classLink)}</nav>
    <label for="journal-op">Operation </label>
    <select id="journal-op" onchange=${choose}>
      ${option('', 'Any operation')}${operations.map((op) => option(op))}
      ${option('none', 'None (no such path or method)')}
    </select>
    ${filtered && html`<a href=${withQuery('#/requests', { q: filters.q })}>Clear filters</a>`}
  </div>`;
}

/** A link to what a request created. */
function createdLink(created: CreatedRecord): Child {
  return [
    link(created.kind, `${created.kind}s`, created.id),
    created.replayed && html`<span class="meta"> (replay)</span>`,
  ];
}

/** The journal's rows: what each request was, its answer, and its hint or what it created. */
const journalRows = tableOf<JournalRow>('Requests', 'No requests.', {
  ...REQUEST_COLUMNS,
  Operation: (r) => r.operation ?? '—',
  'Near miss or result': (r) =>
    r.hint !== null
      ? html`<span class="hint">${r.hint}</span>`
      : r.created !== null
        ? createdLink(r.created)
        : '',
  Key: (r) => r.key ?? '—',
});

/** `#/requests/<seq>`: one request in full, with its near misses and what it created. */
export async function journalRequestView(seq: string): Promise<View> {
  const r = await data<JournalDetail>(`requests/${encodeURIComponent(seq)}`);
  const code = (text: string) => html`<code>${text}</code>`;
  const facts = fields([
    ['World time', [time(r.world_at ?? r.at), wallBeside(r.world_at, r.at)]],
    ['Wall clock', time(r.at)],
    ['Method', r.method],
    ['Path', code(r.path)],
    ['Query', code(r.query === '' ? '(none)' : r.query)],
    ['Operation', r.operation ?? 'none (no such path or method in the contract)'],
    ['Status', `${r.status}${r.code === null ? '' : ` ${r.code}`}`],
    ['Created', r.created === null ? '—' : createdLink(r.created)],
    ['API key', r.key ?? '—'],
    ['Trace id', code(r.trace_id ?? '—')],
    ['Idempotency key', r.idempotency_key ?? '—'],
  ]);
  return {
    title: `${r.method} ${r.path}`,
    content: [
      r.status >= 400 && r.status < 500 ? nearMisses(r) : null,
      section('Request', null, facts),
      ...(['request', 'response'] as const).flatMap((side) => {
        const title = side === 'request' ? 'Request' : 'Response';
        const part = (name: string, child: Child) =>
          section(`${title} ${name}`, `${title} ${name}`, child);
        return [
          part('headers', headerTable(`${title} headers`, r[`${side}_headers`])),
          part('body', html`<pre tabindex="0">${pretty(r[`${side}_body`])}</pre>`),
        ];
      }),
    ],
  };
}

function nearMisses(r: JournalDetail): Child {
  const open = ({ kind, id }: { kind: string; id: string }) => [
    ' ',
    link(`Open the ${kind}`, `${kind}s`, id),
  ];
  const hint = (item: JournalDetail['hints'][number]) =>
    html`<li class="hint">${item.message}${item.record !== null && open(item.record)}</li>`;
  const hints =
    r.hints.length === 0
      ? html`<p class="empty">Nothing in the contract is a letter or two from this request.</p>`
      : html`<ul class="hints">${r.hints.map(hint)}</ul>`;
  return section('Near misses', 'Near misses', hints);
}
