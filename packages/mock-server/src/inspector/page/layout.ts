/**
 * Where the page stands: list and record side by side, and where the scroll and the focus land
 * after each navigation. A record opened from a list carries that list's address in its own,
 * `#/messages/<id>?list=messages%3Foffset%3D50`, so a reload, a shared link and the back button all
 * keep both; a {@link wide} screen shows the two in panes that scroll on their own, a narrower one
 * the record alone (`Esc` goes back to that page of the list). A new view opens at its top with the
 * focus on it; opening a row beside its list, or going back to the list, leaves the row where it
 * was on screen with the focus on it. And the keys that move between rows.
 */
import { html, route as routeTo } from './dom';
import { openFilterHelp } from './filters';
import type { View } from './lists';
import { parseRoute, type Route } from './router';

/** Whether the window shows a list and a record side by side (the stylesheet's own width). */
const wide = window.matchMedia('(min-width: 1200px)');

/**
 * The kinds of record that may be shown beside a list (`#/<kind>/<id>`); in this order, the link of
 * a list's row that is the row's own record when none is of the list's kind.
 */
const RECORD_KINDS = ['messages', 'requests', 'webhooks', 'campaigns', 'phones'];
/** Views that are lists of records (`#/<kind>` without an id), and may be shown beside a record. */
const LISTS = new Set([...RECORD_KINDS, 'search']);
/** The rows of a list: a table's body rows and a thread's messages. */
const ROWS = 'tbody tr, ol.thread li';

/** `#/<parts>?<params>`, each part encoded as {@link routeTo} does. */
function addressOf(route: Route): string {
  const query = route.params.toString();
  return `${recordAddress(route)}${query === '' ? '' : `?${query}`}`;
}

/** The record's own address, without the list it was opened from (`#/messages/<id>`). */
function recordAddress(route: Route): string {
  return routeTo(...route.parts);
}

/** Whether a route is a list view (`#/messages?offset=50`, `#/search?q=…`). */
function isList(route: Route): boolean {
  return route.parts.length === 1 && LISTS.has(route.parts[0] ?? '');
}

/** Whether a route is a record that can be shown beside a list. */
function isRecord(route: Route): boolean {
  return route.parts.length === 2 && RECORD_KINDS.includes(route.parts[0] ?? '');
}

/** The list a record was opened from, when its address names one (whatever the width). */
function listOf(route: Route): Route | undefined {
  const list = route.params.get('list');
  if (list === null || !isRecord(route)) return undefined;
  const parsed = parseRoute(list);
  return isList(parsed) ? parsed : undefined;
}

/** The list on screen with a route: itself, or the list its record was opened from. */
function listShown(route: Route): Route | undefined {
  return isList(route) ? route : listOf(route);
}

/** The list to show beside the record now: only on a wide screen. */
export function splitList(route: Route): Route | undefined {
  return wide.matches ? listOf(route) : undefined;
}

/** Renders the list and the record, each in its own pane under its own heading (the view's title). */
export async function splitView(
  route: Route,
  list: Route,
  viewFor: (route: Route) => Promise<View>,
): Promise<View> {
  const [shownList, shownRecord] = await Promise.all([viewFor(list), viewFor(route)]);
  // The record's pane takes the focus when a row is opened, and titles the view.
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
function rowLinkTo(scope: ParentNode, address: string): HTMLElement | null {
  return scope.querySelector(`:is(${ROWS}) a[href="${CSS.escape(address)}"]`);
}

/**
 * A click on a link to a record, from a list or from a record shown beside its list: the record
 * opens with the list's address in its own (see the module comment). A click with a modifier
 * (new tab or window) keeps the link as it is.
 */
function openBesideList(event: MouseEvent): void {
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

/** The row kept in place across a render (see {@link measure}). */
let anchor: ReturnType<typeof measure>;
/** A list left for one of its records: how far the window was scrolled, and which row. */
let leftList: { address: string; scrollY: number; record: string } | undefined;
/** The list left for a record, when the new address goes back to it from a record. */
let back: typeof leftList;

const view = () => document.getElementById('view') as HTMLElement;

/**
 * Starts the layout's behaviour: the masthead's height, the skip link, opening rows beside their
 * list, the keys, and a new render (through `refresh`) when the window crosses {@link wide}.
 * Call before the page adds its own `hashchange` listener, so the view being left is measured
 * before anything replaces it.
 */
export function startLayout(refresh: () => Promise<void>): void {
  const masthead = document.getElementById('masthead')!;
  // `--masthead-h` keeps sticky panes and the browser's own scrolling (`scroll-padding-top`) clear
  // of the masthead; set through the CSSOM, which the Content-Security-Policy allows.
  const publish = () =>
    document.documentElement.style.setProperty('--masthead-h', `${masthead.offsetHeight}px`);
  new ResizeObserver(publish).observe(masthead);
  publish();
  document.getElementById('skip-link')?.addEventListener('click', (event) => {
    // The address is the page's router: following `#view` would leave the view for "Not found".
    event.preventDefault();
    view().focus();
  });
  view().addEventListener('click', openBesideList);
  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', (event) => leaving(event.oldURL));
  wide.addEventListener('change', () => {
    const kept = measure(parseRoute(location.hash));
    void refresh().then(() => {
      if (place(kept) === null) window.scrollTo(0, 0);
    });
  });
}

/** Measures the view being left: the row to keep in place, and the list to come back to. */
function leaving(oldUrl: string): void {
  const old = parseRoute(new URL(oldUrl).hash);
  const next = parseRoute(location.hash);
  back = isRecord(old) && leftList?.address === addressOf(next) ? leftList : undefined;
  // A row is kept in place only while its list stays on screen or comes back: opened beside it,
  // or left with `Esc`. Another page of the list, or another view, opens at its top.
  const before = listShown(old);
  const after = listShown(next);
  anchor =
    before !== undefined && after !== undefined && addressOf(before) === addressOf(after)
      ? measure(old)
      : undefined;
  if (isList(old) && isRecord(next)) {
    leftList = { address: addressOf(old), scrollY: window.scrollY, record: recordAddress(next) };
  }
}

/**
 * The row the user is on in the view of `shown` (its focused link, else the row shown beside the
 * list): the record it links to, its top on screen, and whether the focus was on it (then it keeps
 * the focus).
 */
function measure(shown: Route) {
  const root = view();
  const focused = document.activeElement;
  if (focused instanceof HTMLAnchorElement && root.contains(focused)) {
    const row = focused.closest(ROWS);
    const target = parseRoute(focused.getAttribute('href') ?? '');
    if (row !== null && isRecord(target)) {
      return { record: recordAddress(target), top: row.getBoundingClientRect().top, focused: true };
    }
  }
  const open = root.querySelector<HTMLElement>('.pane-list [data-open-row]');
  if (open !== null && isRecord(shown)) {
    return { record: recordAddress(shown), top: open.getBoundingClientRect().top, focused: false };
  }
  return undefined;
}

/** Once the view of a new address is on screen: scrolls, then focuses (not scrolling again). */
export function arrived(): void {
  const root = view();
  const route = parseRoute(location.hash);
  const link = place(anchor);
  if (link !== null) {
    // Back on the list (`Esc`), or a row opened from it: the row has the focus. A link followed
    // in the record's pane: the new record has it.
    if (anchor?.focused || isList(route)) {
      const row = link.closest(ROWS);
      if (!row?.contains(document.activeElement)) link.focus({ preventScroll: true });
    } else {
      root.querySelector<HTMLElement>('.pane-record')?.focus({ preventScroll: true });
    }
    return;
  }
  window.scrollTo(0, back?.scrollY ?? 0);
  const opened = back === undefined ? null : rowLinkTo(root, back.record);
  const target = opened ?? root.querySelector<HTMLElement>('.pane-record') ?? root;
  target.focus({ preventScroll: true });
}

/** Scrolls the kept row's pane, then the window, back to its top; its link, or null when gone. */
function place(kept: ReturnType<typeof measure>): HTMLElement | null {
  const link = kept === undefined ? null : rowLinkTo(view(), kept.record);
  if (link === null || kept === undefined) return null;
  const row = link.closest(ROWS) ?? link;
  const pane = row.closest<HTMLElement>('.pane');
  if (pane !== null) pane.scrollTop += row.getBoundingClientRect().top - kept.top;
  window.scrollBy(0, row.getBoundingClientRect().top - kept.top);
  return link;
}

/**
 * Keys as in mail clients: `j`/`k` (the arrows once on a row) focus a row's own link for `Enter`;
 * `Esc` goes back from a record to its list; `/` is the search, `?` its help. None acts while a
 * field has the focus or with Ctrl, Alt or Meta held: typing `j` in the search box is text.
 */
function onKey(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (isField(event.target)) return;
  switch (event.key) {
    case 'j':
    case 'k':
      if (move(event.key === 'j' ? 1 : -1)) event.preventDefault();
      return;
    case 'ArrowDown':
    case 'ArrowUp':
      if (document.activeElement?.closest(ROWS) && move(event.key === 'ArrowDown' ? 1 : -1)) {
        event.preventDefault();
      }
      return;
    case '/':
      event.preventDefault();
      document.getElementById('search')?.focus();
      return;
    case '?':
      event.preventDefault();
      openFilterHelp();
      return;
    case 'Escape': {
      // Back from a record: to the list it was opened from, else its kind's list.
      const route = parseRoute(location.hash);
      if (!isRecord(route)) return;
      const list = listOf(route);
      event.preventDefault();
      location.hash = list === undefined ? routeTo(route.parts[0] ?? 'messages') : addressOf(list);
      return;
    }
  }
}

/** Whether the target takes typed text or choices: then keys are its own. */
export function isField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || target.isContentEditable;
}

/**
 * The row's own link: to a record of the list's kind (a campaign in the campaigns list), else of
 * the first kind in {@link RECORD_KINDS} (a message row also links its phone and its campaign).
 */
function rowLink(row: Element): HTMLElement | null {
  const list = listShown(parseRoute(location.hash))?.parts[0];
  // A record's address has an id (`#/messages/<id>`); a filter link (`#/messages?q=status:…`)
  // names the kind too but is not the row's own link.
  for (const kind of list === undefined ? RECORD_KINDS : [list, ...RECORD_KINDS]) {
    const link = row.querySelector<HTMLElement>(`a[href^="#/${kind}/"]`);
    if (link !== null) return link;
  }
  return row.querySelector<HTMLElement>('a[href], button');
}

/** Moves the focus `step` rows on; false when there is no list or no row further. */
function move(step: 1 | -1): boolean {
  // The rows of the list on screen, each with a link or button to move the focus to.
  const scope = document.querySelector('#view .pane-list') ?? document.querySelector('#view')!;
  const all = [...scope.querySelectorAll<HTMLElement>(ROWS)].filter((row) => rowLink(row) !== null);
  if (all.length === 0) return false;
  const active = document.activeElement;
  let at = all.findIndex((row) => row.contains(active));
  if (at === -1) at = all.findIndex((row) => row.hasAttribute('data-open-row'));
  const next = all[at === -1 ? (step === 1 ? 0 : all.length - 1) : at + step];
  if (next === undefined) return false;
  rowLink(next)?.focus({ preventScroll: true });
  // `nearest` moves only as far as needed; the window's scroll padding keeps the row clear of
  // the masthead.
  next.scrollIntoView({ block: 'nearest' });
  return true;
}
