/**
 * The page's single-key shortcuts, as in mail clients: `j`/`k` (and the arrows, once on a row) move
 * the focus to the row's own link, so `Enter` opens it; `Esc` goes back from a record to its list;
 * `/` focuses the search box; `?` opens the filter help. None acts while a field has the focus or
 * with Ctrl, Alt or Meta held, so typing `j` in the search box or a reply is text.
 */
import { openFilterHelp } from './filters';
import { backAddress, listShown, RECORD_KINDS, ROWS } from './layout';
import { currentRoute } from './router';

/** The keydown listener of the shortcuts. */
export function onLayoutKey(event: KeyboardEvent): void {
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
      const back = backAddress(currentRoute());
      if (back === undefined) return;
      event.preventDefault();
      location.hash = back;
      return;
    }
  }
}

/** Whether the target takes typed text or choices: then keys are its own. */
export function isField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || target.isContentEditable;
}

/** The rows of the list on screen, each with a link or button to move the focus to. */
function rows(): HTMLElement[] {
  const scope = document.querySelector('#view .pane-list') ?? document.querySelector('#view')!;
  return [...scope.querySelectorAll<HTMLElement>(ROWS)].filter((row) => rowLink(row) !== null);
}

/**
 * The row's own link: to a record of the list's kind (a campaign in the campaigns list), else of
 * the first kind in {@link RECORD_KINDS} (a message row also links its phone and its campaign).
 */
function rowLink(row: Element): HTMLElement | null {
  const list = listShown(currentRoute())?.parts[0];
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
  const all = rows();
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
