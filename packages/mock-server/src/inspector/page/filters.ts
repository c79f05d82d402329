/**
 * Filters as clicks: every status chip, per-state count and badge links to its list in the filter
 * language (`#/messages?q=status:failed`), so a click and typed words reach the same list; and the
 * search box's `?` help, read from the table the server parses with (`query/query-vocabulary.ts`).
 */
import {
  QUERY_FIELDS,
  QUERY_HELP,
  type QueryKey,
  type QueryTarget,
} from '../../query/query-vocabulary';
import type { MessageRow, PhoneView } from '../api';
import { type Child, chip, html, table } from './dom';
import { type Route, withQuery } from './router';

/** A link to a list filtered by `words` (joined by spaces). */
export function filterLink(
  content: Child,
  view: string,
  words: readonly string[],
  label = words.join(' '),
): HTMLElement {
  const href = withQuery(`#/${view}`, { q: words.join(' ') });
  return html`<a href=${href} data-key=${href} class="filter" title=${label}>${content}</a>`;
}

/** A status chip that opens the list of `view` (messages or campaigns) in that status. */
export function statusLink(view: string, status: string): HTMLElement {
  return filterLink(chip(status), view, [`status:${status.toLowerCase()}`]);
}

/** An organization's name that opens its messages. */
export function organizationMessages(name: string | null): Child {
  if (name === null) return '—';
  // Quoted when it holds a space, a quote or a colon.
  const word = /[\s":]/.test(name) ? `org:"${name.replace(/"/g, '')}"` : `org:${name}`;
  return filterLink(name, 'messages', [word]);
}

/**
 * A campaign's per-state counts, as the public lists count them (`FAILED` takes in `REJECTED` and
 * `CANCELLED`), each opening the campaign's messages in that state; the exact statuses a count
 * takes in follow it, each opening its own messages.
 */
export function campaignCounts(
  campaignId: string,
  counts: Readonly<Record<string, number>>,
  exact: Readonly<Record<string, Readonly<Record<string, number>>>>,
): Child {
  const link = (status: string, count: number) =>
    filterLink(
      [chip(status), ` ${count}`],
      'messages',
      [`campaign:${campaignId}`, `status:${status.toLowerCase()}`],
      `The ${count} ${status} messages of this campaign`,
    );
  const counted = ([status, count]: [string, number]) => {
    const within = Object.entries(exact[status] ?? {}).map((entry, i) => [
      i === 0 ? ' (of which ' : ', ',
      link(...entry),
    ]);
    return html`<li>${link(status, count)}${within}${within.length > 0 && ')'}</li>`;
  };
  return html`<ul class="counts" aria-label="Messages per state">
    ${Object.entries(counts).map(counted)}
  </ul>`;
}

/** Links to a list in each status, the one on screen marked: a list filtered by a click. */
export function statusBar(view: string, statuses: readonly string[], route: Route): Child {
  const q = (route.params.get('q') ?? '').toLowerCase();
  const current = (words: string) => (q === words ? 'page' : null);
  const status = (name: string) => {
    const words = `status:${name.toLowerCase()}`;
    return html`<a href=${withQuery(`#/${view}`, { q: words })} aria-current=${current(words)}>
      ${chip(name)}
    </a>`;
  };
  // Not a <nav>: the header's navigation styles (a tinted current link) would dim the chips.
  return html`<div class="status-bar" role="navigation" aria-label="Filter ${view} by status">
    <a href="#/${view}" aria-current=${current('')}>All</a>${statuses.map(status)}
  </div>`;
}

// A word the language reads as a filter: a name and a colon at the start of a word.
const FILTER_WORD = /(^|\s)[A-Za-z_][A-Za-z0-9_-]*:/;

/**
 * Where the search box goes: filter words open the campaigns list when it is on screen, else the
 * messages list; anything else is the search across every kind of record.
 */
export function searchTarget(q: string, route: Route): string {
  if (q === '') return '#/messages';
  if (!FILTER_WORD.test(q.replace(/"[^"]*"/g, '""'))) return withQuery('#/search', { q });
  const onCampaigns = route.parts[0] === 'campaigns' && route.parts[1] === undefined;
  return withQuery(onCampaigns ? '#/campaigns' : '#/messages', { q });
}

/** What a message's badges are made of (a list row or a detail view). */
type BadgeFacts = Pick<MessageRow, 'channel' | 'environment' | 'opted_out'>;

function badge(text: string, q: string, title: string): HTMLElement {
  return html`<a class="chip badge" href=${withQuery('#/messages', { q })} title=${title}>
    ${text}
  </a>`;
}

/** The channel, environment and opt-out badges of one message. */
export function messageBadges(facts: BadgeFacts): Child {
  const channel = facts.channel.toLowerCase();
  const shown = channel === 'whatsapp' ? 'WhatsApp' : facts.channel;
  const env = facts.environment;
  return html`<span class="badges">
    ${badge(shown, `channel:${channel}`, `Sent by ${facts.channel}: every message sent so`)}
    ${badge(env, `env:${env}`, `Created with a ${env} key: every such message`)}
    ${facts.opted_out && badge('opted out', 'is:opted-out', STOPPED)}
  </span>`;
}

const STOPPED = 'The recipient answered a STOP word: every message to an opted-out number';

/** Where a phone has opted out: one badge per organization and environment. */
export function phoneOptOutBadges(number: string, optedOut: PhoneView['opted_out']): Child {
  if (optedOut.length === 0) return null;
  const digits = number.replace(/\D/g, '');
  const optOut = (o: (typeof optedOut)[number]) =>
    badge(`opted out of ${o.organization} (${o.environment})`, `to:${digits} is:opted-out`, SINCE);
  return html`<p class="badges">${optedOut.map(optOut)}</p>`;
}

const SINCE = 'This number answered a STOP word: the messages to it since';

/**
 * Adds the `?` help to the page (every key with an example, a link; the closed keys' values; how
 * words combine) and its `?` button to the search form.
 */
export function installFilterHelp(form: HTMLElement): void {
  const closed = (key: QueryKey, target: QueryTarget = 'messages') =>
    QUERY_FIELDS[key].words?.(target).join(', ').toLowerCase();
  const example = (words: string) =>
    // A placeholder (`campaign:<id>`) is shown, not followed.
    words.includes('<')
      ? html`<code>${words}</code>`
      : html`<a
          href=${withQuery(words.startsWith('"') ? '#/search' : '#/messages', { q: words })}
          data-close
        >
          <code>${words}</code>
        </a>`;
  const help = html`<dialog id="filter-help" aria-labelledby="filter-help-title">
    <h2 id="filter-help-title">Search and filter words</h2>
    <p>
      Type words in the search box. Words with a key (<code>status:failed</code>) filter the
      messages list, or the campaigns list when it is on screen; all must hold, a key given twice
      is either (<code>status:failed status:rejected</code>). Keys and values ignore case.
    </p>
    ${table('Filter words', QUERY_HELP, '', {
      Word: ([words]) => example(words),
      Finds: ([, meaning]) => meaning,
    })}
    <dl>
      <dt>Message statuses</dt><dd>${closed('status')}</dd>
      <dt>Campaign states</dt><dd>${closed('status', 'campaigns')}</dd>
      <dt>Channels</dt><dd>${closed('channel')}</dd>
      <dt>Flags of is:</dt><dd>${closed('is')}</dd>
    </dl>
    <p class="meta">
      Every status chip and per-state count on the page is a link to its filtered list. The control
      API takes the same words: GET /__mock/messages?q=… and /__mock/campaigns?q=….
    </p>
    <p><button type="button" data-close>Close</button></p>
  </dialog>` as HTMLDialogElement;
  help.addEventListener('click', (event) => {
    if ((event.target as HTMLElement).closest('[data-close]') !== null) help.close();
  });
  document.body.append(help);
  form.append(html`<button
    type="button"
    id="filter-help-button"
    aria-haspopup="dialog"
    title="Search and filter words (?)"
    onclick=${openFilterHelp}
  >
    <span aria-hidden="true">?</span><span class="visually-hidden">Search and filter help</span>
  </button>`);
}

/** Opens the help (the `?` button and the `?` key). */
export function openFilterHelp(): void {
  const help = document.getElementById('filter-help') as HTMLDialogElement | null;
  if (help !== null && !help.open) help.showModal();
}
