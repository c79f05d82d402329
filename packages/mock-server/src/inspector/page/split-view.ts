/**
 * List and detail side by side. A record opened from a list carries that list's address in
 * its own, `#/messages/<id>?list=messages%3Foffset%3D50`, so a reload, a shared link and the back
 * button all keep both. On a wide screen (at least {@link WIDE} px) such an address shows the list
 * and the record in two panes that scroll on their own; on a narrower one it shows the record
 * alone, and `Esc` goes back to exactly that page of the list. The list pane keeps its scroll
 * while rows are opened one after another and while the page refreshes itself.
 */
import { html, route as routeTo } from './dom';
import type { View } from './lists';
import { parseRoute, type Route } from './router';

/** The narrowest window, in CSS pixels, that shows a list and a record side by side. */
export const WIDE = 1200;

/** Views that are lists of records (`#/<kind>` without an id), and may be shown beside a record. */
const LISTS = new Set(['messages', 'phones', 'campaigns', 'requests', 'webhooks', 'search']);
/** The rows of a list: a table's body rows and a thread's messages. */
export const ROWS = 'tbody tr, ol.thread li';

/** Records that may be shown beside a list (`#/<kind>/<id>`). */
const DETAILS = new Set(['messages', 'phones', 'campaigns', 'requests', 'webhooks']);

/** A split view: its content already holds the title (in the record's pane). */
export interface SplitView extends View {
  readonly headed: true;
}

/** Whether the window is wide enough for two panes. */
function isWide(): boolean {
  return window.matchMedia(`(min-width: ${WIDE}px)`).matches;
}

/** `#/<parts>?<params>`, each part encoded as {@link routeTo} does. */
export function addressOf(route: Route): string {
  const query = route.params.toString();
  return `${routeTo(...route.parts)}${query === '' ? '' : `?${query}`}`;
}

/** The record's own address, without the list it was opened from (`#/messages/<id>`). */
export function recordAddress(route: Route): string {
  return routeTo(...route.parts);
}

/** Whether a route is a list view (`#/messages?offset=50`, `#/search?q=…`). */
export function isList(route: Route): boolean {
  return route.parts.length === 1 && LISTS.has(route.parts[0] ?? '');
}

/** Whether a route is a record that can be shown beside a list. */
export function isRecord(route: Route): boolean {
  return route.parts.length === 2 && DETAILS.has(route.parts[0] ?? '');
}

/** The list a record was opened from, when its address names one (whatever the width). */
function listOf(route: Route): Route | undefined {
  const list = route.params.get('list');
  if (list === null || !isRecord(route)) return undefined;
  const parsed = parseRoute(list);
  return isList(parsed) ? parsed : undefined;
}

/** The list on screen with a route: itself, or the list its record was opened from. */
export function listShown(route: Route): Route | undefined {
  return isList(route) ? route : listOf(route);
}

/** The list to show beside the record now: only on a wide screen. */
export function splitList(route: Route): Route | undefined {
  return isWide() ? listOf(route) : undefined;
}

/** Where `Esc` goes from a record: the list it was opened from, else its kind's list. */
export function backAddress(route: Route): string | undefined {
  if (!isRecord(route)) return undefined;
  const list = listOf(route);
  return list === undefined ? routeTo(route.parts[0] ?? 'messages') : addressOf(list);
}

/** Renders the list and the record, each in its own pane under its own heading. */
export async function splitView(
  route: Route,
  list: Route,
  viewFor: (route: Route) => Promise<View>,
): Promise<SplitView> {
  const [shownList, shownRecord] = await Promise.all([viewFor(list), viewFor(route)]);
  // The record's pane takes the focus when a row is opened (layout.ts), and titles the view.
  const pane = (kind: string, title: string, address: string, shown: View) => html`<div
    class="pane pane-${kind}"
    role="region"
    aria-labelledby=${title}
    data-pane=${address}
    tabindex=${kind === 'record' && '-1'}
  >
    <h2 id=${title}>${shown.title}</h2>
    ${shown.content}
  </div>`;
  return {
    title: shownRecord.title,
    headed: true,
    content: [
      html`<div class="split">
        ${pane('list', 'list-title', addressOf(list), shownList)}
        ${pane('record', 'view-title', recordAddress(route), shownRecord)}
      </div>`,
    ],
  };
}

/**
 * Marks the view for the stylesheet and assistive technology: whether it is a list (a narrow
 * screen cuts a list's cells to one line, and wraps a record's), and the list row of the
 * record shown beside it (`aria-current`, and only that one).
 */
export function markView(view: HTMLElement, route: Route): void {
  view.setAttribute('data-shape', isList(route) ? 'list' : 'record');
  // Only the rows this function marked: a view's own `aria-current` (the journal's filter links,
  // the navigation) is not ours to clear.
  for (const row of view.querySelectorAll('[data-open-row]')) {
    row.removeAttribute('aria-current');
    row.removeAttribute('data-open-row');
  }
  const pane = view.querySelector('.pane-list');
  if (pane === null) return;
  const row = rowLinkTo(pane, recordAddress(route))?.closest(ROWS);
  row?.setAttribute('aria-current', 'true');
  row?.setAttribute('data-open-row', '');
}

/** The first link to `address` in a row (of a table or a thread) of `scope`. */
export function rowLinkTo(scope: ParentNode, address: string): HTMLElement | null {
  return scope.querySelector(`:is(${ROWS}) a[href="${CSS.escape(address)}"]`);
}

/**
 * A click on a link to a record, from a list or from a record shown beside its list: the record
 * opens with the list's address in its own (see the module comment). A click with a modifier
 * (new tab or window) keeps the link as it is.
 */
export function openBesideList(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[href^="#/"]');
  if (link === null || link === undefined) return;
  const target = parseRoute(link.getAttribute('href') ?? '');
  if (!isRecord(target)) return;
  const list = listShown(parseRoute(location.hash));
  if (list === undefined) return;
  event.preventDefault();
  target.params.set('list', addressOf(list).slice(2));
  location.hash = addressOf(target);
}
