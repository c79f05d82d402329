/**
 * The inspector page's entry point: routes the address to a view, renders it, keeps it live
 * (refetching the view on screen when the server says something changed) and runs the toolbar.
 */
import type { InspectorSummary } from '../api';
import { actionsView, toolbar } from './actions';
import { ApiError, data, listen, shownWorld, worlds } from './api';
import { campaignView, deliveryView, messageView, phoneView } from './details';
import { html, replace } from './dom';
import { installFilterHelp, searchTarget } from './filters';
import { journalRequestView, journalView } from './journal';
import { arrived, isField, markView, splitList, splitView, startLayout } from './layout';
import {
  type Actions,
  campaignsView,
  messagesView,
  organizationsView,
  outboxView,
  phonesView,
  searchView,
  type View,
} from './lists';
import { parseRoute, type Route } from './router';
import { smsCheckView } from './sms-check';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const actions: Actions = {
  async run(label, action) {
    try {
      const result = await action();
      notice(typeof label === 'string' ? label : label(result), false);
    } catch (error) {
      notice(error instanceof Error ? error.message : String(error), true);
    }
    await refresh();
  },
};

/** Each view by the first part of its address: its list, and its record when an id follows. */
const VIEWS: Readonly<Record<string, (route: Route, id?: string) => Promise<View> | View>> = {
  messages: (route, id) => (id === undefined ? messagesView(route) : messageView(id, actions)),
  phones: (route, id) => (id === undefined ? phonesView(route) : phoneView(id)),
  campaigns: (route, id) => (id === undefined ? campaignsView(route) : campaignView(id, route)),
  organizations: organizationsView,
  requests: (route, id) => (id === undefined ? journalView(route) : journalRequestView(id)),
  webhooks: (route, id) =>
    id === undefined ? outboxView(route, actions) : deliveryView(id, actions),
  search: searchView,
  actions: () => actionsView(actions),
  'sms-check': smsCheckView,
};

async function viewFor(route: Route): Promise<View> {
  const [kind = '', id] = route.parts;
  const view = Object.hasOwn(VIEWS, kind) ? VIEWS[kind] : undefined;
  return view === undefined
    ? { title: 'Not found', content: [html`<p>No such view.</p>`] }
    : view(route, id);
}

let running = Promise.resolve();
let queued: Promise<void> | undefined;
let stale = false;

/** Renders the current view: one render at a time, calls during one share the next. */
function refresh(): Promise<void> {
  queued ??= running.then(() => {
    queued = undefined;
    running = render();
    return running;
  });
  return queued;
}

async function render(): Promise<void> {
  const address = location.hash;
  const route = parseRoute(location.hash);
  highlight(route);
  const view = $('view');
  try {
    const list = splitList(route);
    const [shown, summary] = await Promise.all([
      list === undefined ? viewFor(route) : splitView(route, list, viewFor),
      data<InspectorSummary>('summary'),
    ]);
    // The header (clock, counts) is no form: it stays live.
    showClock(summary);
    // Someone is typing in the view (or pressing a button of it): keep their text and the button
    // under the pointer, refresh when they leave.
    if (holding() && parseRoute(location.hash).parts.join('/') === route.parts.join('/')) {
      stale = true;
      return;
    }
    const kept = keep(view);
    replace(
      view,
      list === undefined && html`<h2 id="view-title">${shown.title}</h2>`,
      shown.content,
    );
    kept();
    markView(view, route);
    view.setAttribute('aria-labelledby', 'view-title');
    document.title = `${shown.title} · msgsvc mock inspector`;
    // For the bench, the tests (which address is on screen, not only that something rendered)
    // and the browser's performance panel: when a view's data is on screen.
    performance.mark('inspector:rendered', { detail: { view: route.parts[0], address } });
  } catch (error) {
    const title =
      error instanceof ApiError && error.status === 404 ? 'Not found' : 'Could not load this view';
    replace(
      view,
      html`<h2 id="view-title">${title}</h2>`,
      html`<p>${error instanceof Error ? error.message : String(error)}</p>`,
    );
  }
}

function showClock(summary: InspectorSummary): void {
  const world = summary.clock.now;
  const wall = summary.wall_clock;
  const differs = Math.abs(Date.parse(world) - Date.parse(wall)) >= 1_000;
  replace(
    $('clock'),
    `World ${world.replace('T', ' ').slice(0, 19)} (${summary.clock.kind})`,
    differs ? ` · wall ${wall.replace('T', ' ').slice(0, 19)}` : '',
    ` · ${summary.counts.messages} messages · ${summary.clock.pending_tasks} pending tasks`,
  );
}

function highlight(route: Route): void {
  for (const a of $('nav').querySelectorAll('a')) {
    if (a.getAttribute('href') === `#/${route.parts[0]}`) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * What a render must leave as the user had it, read before the view is replaced; the returned
 * function puts it back: each form control's value, by id (a choice made without keeping the focus
 * in the field, a select or a click elsewhere, must survive a live update), the scroll of each
 * pane that shows the same list or record, and the keyboard focus (the same link or button).
 */
function keep(view: HTMLElement): () => void {
  const focused = view.contains(document.activeElement)
    ? document.activeElement?.getAttribute('data-key')
    : null;
  const controls = view.querySelectorAll<FormControl>('input[id], select[id], textarea[id]');
  const values = [...controls].map((control) => [control.id, control.value] as const);
  const panes = view.querySelectorAll<HTMLElement>('.pane[data-pane]');
  const scrolls = [...panes].map((pane) => [pane.dataset.pane ?? '', pane.scrollTop] as const);
  return () => {
    for (const [id, value] of values) {
      const control = view.querySelector<FormControl>(`#${CSS.escape(id)}`);
      // A select keeps a value only if it still has that option.
      const offered =
        !(control instanceof HTMLSelectElement) ||
        [...control.options].some((o) => o.value === value);
      if (control !== null && offered) control.value = value;
    }
    for (const [address, top] of scrolls) {
      const pane = view.querySelector<HTMLElement>(`.pane[data-pane="${CSS.escape(address)}"]`);
      if (pane !== null) pane.scrollTop = top;
    }
    if (focused != null) {
      view.querySelector<HTMLElement>(`[data-key="${CSS.escape(focused)}"]`)?.focus();
    }
  };
}

function notice(text: string, error: boolean): void {
  replace($('notice'), html`<p class=${error ? 'notice error' : 'notice'}>${text}</p>`);
}

function setStatus(live: boolean): void {
  const status = $('status');
  status.textContent = live ? 'Live' : 'Disconnected — reconnecting…';
  status.className = live ? 'ok' : 'error';
}

/**
 * Whether a pointer is pressed in the view. Pressing a button moves the focus out of a field, which
 * renders a change held for it; a render that replaced the form between the press and the release
 * would take the click (and the submit) with it. So the render waits for the release.
 */
let pressing = false;

/** Whether a render now would replace what the user is working on (a field, a pressed button). */
function holding(): boolean {
  return (
    pressing || (isField(document.activeElement) && $('view').contains(document.activeElement))
  );
}

/** Renders the change held for the user, once they let go of the view. */
function renderHeld(): void {
  if (stale && !holding()) {
    stale = false;
    setTimeout(refresh, 0);
  }
}

/**
 * Fills the world selector: the default world and every created one; choosing one reloads
 * the page on it (`?world=<id>`, the token kept), so everything on screen is that world's.
 */
async function showWorlds(): Promise<void> {
  const select = $<HTMLSelectElement>('world');
  const list = await worlds().catch(() => undefined);
  if (list === undefined) return;
  const current = shownWorld ?? 'default';
  const option = (id: string, label: string) =>
    html`<option value=${id} selected=${id === current}>${label}</option>`;
  replace(
    select,
    list.map((w) => option(w.id, w.default ? 'default world' : `${w.name ?? 'world'} (${w.id})`)),
    !list.some((world) => world.id === current) && option(current, `${current} (gone)`),
  );
}

function onWorldChosen(): void {
  const chosen = $<HTMLSelectElement>('world').value;
  const params = new URLSearchParams(location.search);
  if (chosen === 'default') params.delete('world');
  else params.set('world', chosen);
  location.search = params.toString();
}

function boot(): void {
  $('world').addEventListener('change', onWorldChosen);
  $('world').addEventListener('focus', () => void showWorlds());
  void showWorlds();
  $('search-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const q = $<HTMLInputElement>('search').value.trim();
    performance.mark('inspector:search');
    location.hash = searchTarget(q, parseRoute(location.hash));
  });
  installFilterHelp($('search-form'));
  replace($('actions'), toolbar(actions));
  startLayout(refresh);
  $('view').addEventListener('pointerdown', () => {
    pressing = true;
  });
  for (const type of ['pointerup', 'pointercancel']) {
    // The click follows the release in the same task, so the render queued here comes after it.
    window.addEventListener(type, () => {
      pressing = false;
      renderHeld();
    });
  }
  $('view').addEventListener('focusout', () => setTimeout(renderHeld, 0));
  window.addEventListener('hashchange', () => {
    replace($('notice'));
    $<HTMLInputElement>('search').value = parseRoute(location.hash).params.get('q') ?? '';
    void refresh().then(arrived);
  });
  $<HTMLInputElement>('search').value = parseRoute(location.hash).params.get('q') ?? '';
  void refresh();
  void listen(() => void refresh(), setStatus);
}

boot();
