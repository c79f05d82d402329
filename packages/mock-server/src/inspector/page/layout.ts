/**
 * Where the page stands after each navigation. The masthead (header, search and views) stays at
 * the top of the window; its height is published as `--masthead-h` so sticky panes and the
 * browser's own scrolling (`scroll-padding-top`) keep clear of it. A new view opens at its top with
 * the keyboard focus on it, without scrolling the page (a plain `focus()` would scroll the header
 * away). Opening a row beside its list, and going back from a record to its list, leave the row
 * where it was on screen and the focus on it.
 */
import { onLayoutKey } from './keyboard';
import { currentRoute, parseRoute, type Route } from './router';
import {
  addressOf,
  isList,
  isRecord,
  listShown,
  openBesideList,
  ROWS,
  recordAddress,
  rowLinkTo,
  WIDE,
} from './split-view';

/**
 * The row kept in place across a render: the record it links to, its top on screen, and whether
 * the focus was on it (then it keeps the focus).
 */
interface Anchor {
  readonly record: string;
  readonly top: number;
  readonly focused: boolean;
}

/** A list left for one of its records: how far the window was scrolled, and which row. */
interface LeftList {
  readonly address: string;
  readonly scrollY: number;
  readonly record: string;
}

let anchor: Anchor | undefined;
let leftList: LeftList | undefined;
/** The list left for a record, when the new address goes back to it from a record. */
let back: LeftList | undefined;

const view = () => document.getElementById('view') as HTMLElement;

/**
 * Starts the layout's behaviour: the masthead's height, the skip link, the keyboard, opening rows
 * beside their list, and a new render (through `refresh`) when the window crosses {@link WIDE}.
 * Call before the page adds its own `hashchange` listener, so the view being left is measured
 * before anything replaces it.
 */
export function startLayout(refresh: () => Promise<void>): void {
  const masthead = document.getElementById('masthead');
  if (masthead !== null) {
    // A property set through the CSSOM, which the page's Content-Security-Policy allows.
    const publish = () =>
      document.documentElement.style.setProperty('--masthead-h', `${masthead.offsetHeight}px`);
    new ResizeObserver(publish).observe(masthead);
    publish();
  }
  document.getElementById('skip-link')?.addEventListener('click', (event) => {
    // The address is the page's router: following `#view` would leave the view for "Not found".
    event.preventDefault();
    view().focus();
  });
  document.addEventListener('keydown', onLayoutKey);
  view().addEventListener('click', openBesideList);
  window.addEventListener('hashchange', (event) => leaving(event.oldURL));
  window.matchMedia(`(min-width: ${WIDE}px)`).addEventListener('change', () => {
    const kept = measure(currentRoute());
    void refresh().then(() => {
      const link = kept === undefined ? null : rowLinkTo(view(), kept.record);
      if (link !== null && kept !== undefined) place(link, kept.top);
      else window.scrollTo(0, 0);
    });
  });
}

/** Measures the view being left: the row to keep in place, and the list to come back to. */
function leaving(oldUrl: string): void {
  const old = parseRoute(new URL(oldUrl).hash);
  const next = currentRoute();
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
 * list) and its top.
 */
function measure(shown: Route): Anchor | undefined {
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

/** Call once the view of a new address is on screen: scroll and focus as the module says. */
export function arrived(): void {
  const root = view();
  const route = currentRoute();
  const link = anchor === undefined ? null : rowLinkTo(root, anchor.record);
  if (link !== null && anchor !== undefined) {
    place(link, anchor.top);
    // Back on the list (`Esc`), or a row opened from it: the row has the focus. A link followed
    // in the record's pane: the new record has it.
    if (anchor.focused || isList(route)) {
      if (!link.closest(ROWS)?.contains(document.activeElement)) focus(link);
    } else {
      const record = root.querySelector<HTMLElement>('.pane-record');
      if (record !== null) focus(record);
    }
    return;
  }
  window.scrollTo(0, back?.scrollY ?? 0);
  const opened = back === undefined ? null : rowLinkTo(root, back.record);
  focus(opened ?? root.querySelector<HTMLElement>('.pane-record') ?? root);
}

/** Scrolls the pane of the link's row, then the window, until the row's top is at `top` again. */
function place(link: HTMLElement, top: number): void {
  const row = link.closest(ROWS) ?? link;
  const pane = row.closest<HTMLElement>('.pane');
  if (pane !== null) pane.scrollTop += row.getBoundingClientRect().top - top;
  window.scrollBy(0, row.getBoundingClientRect().top - top);
}

/** Focuses without scrolling: the layout has put everything in place. */
function focus(element: HTMLElement): void {
  element.focus({ preventScroll: true });
}
