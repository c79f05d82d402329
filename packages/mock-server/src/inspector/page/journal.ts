/**
 * The request journal on the page (issue 25 item 5): the log filtered by status class and
 * operation (`#/requests?class=4xx&op=sendMessage&q=…`, each filter a link or a select, so every
 * filtered list has an address), each refused request with its first near-miss hint and each
 * request with a link to what it created; a request in full with all its hints; and, on a
 * message's or campaign's page (`details.ts`), the requests that created it. Text from the server is
 * only ever text (`dom.ts`).
 */
import type { JournalDetail, JournalRow } from '../journal';
import type { CreatedRecord } from '../request-links';
import { data } from './api';
import { headerTable } from './details';
import { type Child, fields, h, link, pretty, section, table, time } from './dom';
import { type View, wallBeside } from './lists';
import { pageOffset, pageSize, pages } from './paging';
import { listHref, type Route } from './router';

const _PAGE = 50;
const CLASSES = ['2xx', '4xx', '5xx'] as const;

/** The journal's filters as the address holds them. */
interface Filters {
  readonly q: string | undefined;
  readonly class: string | undefined;
  readonly op: string | undefined;
}

function filtersOf(route: Route): Filters {
  return {
    q: route.params.get('q') ?? undefined,
    class: route.params.get('class') ?? undefined,
    op: route.params.get('op') ?? undefined,
  };
}

/** The address of the journal with these filters (its first page). */
function journalHref(filters: Filters): string {
  return listHref('requests', { q: filters.q, class: filters.class, op: filters.op });
}

/** `#/requests`: the journal, filtered by the address. */
export async function journalView(route: Route): Promise<View> {
  const filters = filtersOf(route);
  const page = await data<{
    total: number;
    offset: number;
    operations: readonly string[];
    entries: readonly JournalRow[];
  }>('requests', { ...filters, offset: pageOffset(route), limit: pageSize(route) });
  const shown = [filters.class, filters.op, filters.q === undefined ? undefined : `“${filters.q}”`]
    .filter((part) => part !== undefined)
    .join(' · ');
  return {
    title: shown === '' ? 'Request log' : `Request log · ${shown}`,
    content: [
      filterBar(filters, page.operations),
      h('div', { class: 'journal' }, journalRows(page.entries)),
      pages('requests', route, page.total, page.offset),
    ],
  };
}

/** Status-class links and the operation select. */
function filterBar(filters: Filters, operations: readonly string[]): Child {
  const classLink = (label: string, value: string | undefined) =>
    h(
      'a',
      {
        href: journalHref({ ...filters, class: value }),
        'aria-current': filters.class === value ? 'true' : null,
        'data-key': `class-${value ?? 'all'}`,
      },
      label,
    );
  const select = h(
    'select',
    {
      id: 'journal-op',
      on: {
        change: (event) => {
          const value = (event.target as HTMLSelectElement).value;
          location.hash = journalHref({ ...filters, op: value === '' ? undefined : value });
        },
      },
    },
    [
      h('option', { value: '' }, 'Any operation'),
      ...operations.map((op) => h('option', { value: op }, op)),
      h('option', { value: 'none' }, 'None (no such path or method)'),
    ].map((option) => {
      option.selected = option.value === (filters.op ?? '');
      return option;
    }),
  );
  const filtered = filters.class !== undefined || filters.op !== undefined;
  return h(
    'div',
    { class: 'filters' },
    h(
      'nav',
      { 'aria-label': 'Filter by status' },
      classLink('All', undefined),
      CLASSES.map((value) => classLink(value, value)),
    ),
    h('label', { for: 'journal-op' }, 'Operation '),
    select,
    filtered
      ? h(
          'a',
          { href: journalHref({ q: filters.q, class: undefined, op: undefined }) },
          'Clear filters',
        )
      : null,
  );
}

/** A link to what a request created. */
function createdLink(created: CreatedRecord): Child {
  return [
    link(created.kind, `${created.kind}s`, created.id),
    created.replayed ? h('span', { class: 'meta' }, ' (replay)') : null,
  ];
}

/** The journal's rows: what each request was, its answer, and its hint or what it created. */
function journalRows(entries: readonly JournalRow[]): Child {
  return table(
    'Requests',
    ['World time', 'Method', 'Path', 'Status', 'Operation', 'Near miss or result', 'Key'],
    entries.map((r) => [
      [time(r.world_at ?? r.at), wallBeside(r.world_at, r.at)],
      r.method,
      link(`${r.path}${r.query === '' ? '' : `?${r.query}`}`, 'requests', String(r.seq)),
      [String(r.status), r.code === null ? null : ` ${r.code}`],
      r.operation ?? '—',
      r.hint !== null
        ? h('span', { class: 'hint' }, r.hint)
        : r.created !== null
          ? createdLink(r.created)
          : '',
      r.key ?? '—',
    ]),
    'No requests.',
  );
}

/** `#/requests/<seq>`: one request in full, with its near misses and what it created. */
export async function journalRequestView(seq: string): Promise<View> {
  const r = await data<JournalDetail>(`requests/${encodeURIComponent(seq)}`);
  return {
    title: `${r.method} ${r.path}`,
    content: [
      r.status >= 400 && r.status < 500 ? nearMisses(r) : null,
      section(
        'Request',
        null,
        fields([
          ['World time', [time(r.world_at ?? r.at), wallBeside(r.world_at, r.at)]],
          ['Wall clock', time(r.at)],
          ['Method', r.method],
          ['Path', h('code', null, r.path)],
          ['Query', h('code', null, r.query === '' ? '(none)' : r.query)],
          ['Operation', r.operation ?? 'none (no such path or method in the contract)'],
          ['Status', `${r.status}${r.code === null ? '' : ` ${r.code}`}`],
          ['Created', r.created === null ? '—' : createdLink(r.created)],
          ['API key', r.key ?? '—'],
          ['Trace id', h('code', null, r.trace_id ?? '—')],
          ['Idempotency key', r.idempotency_key ?? '—'],
        ]),
      ),
      section(
        'Request headers',
        'Request headers',
        headerTable('Request headers', r.request_headers),
      ),
      section('Request body', 'Request body', h('pre', { tabindex: 0 }, pretty(r.request_body))),
      section(
        'Response headers',
        'Response headers',
        headerTable('Response headers', r.response_headers),
      ),
      section('Response body', 'Response body', h('pre', { tabindex: 0 }, pretty(r.response_body))),
    ],
  };
}

function nearMisses(r: JournalDetail): Child {
  return section(
    'Near misses',
    'Near misses',
    r.hints.length === 0
      ? h('p', { class: 'empty' }, 'Nothing in the contract is a letter or two from this request.')
      : h(
          'ul',
          { class: 'hints' },
          r.hints.map((hint) =>
            h(
              'li',
              { class: 'hint' },
              hint.message,
              hint.record === null
                ? null
                : [
                    ' ',
                    link(`Open the ${hint.record.kind}`, `${hint.record.kind}s`, hint.record.id),
                  ],
            ),
          ),
        ),
  );
}
