/**
 * A list's pager: first, newer, "x–y of n", older, last, and the page size (20, 50 or 100, kept
 * in the address as `limit`). The server moves an offset past the end to the last page and
 * says where the page it answered starts; the pager counts from there.
 */
import type { ListPage } from '../api';
import { type Child, html } from './dom';
import { type Route, withQuery } from './router';

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
 * The pager of `view`'s list, on the page the server answered (its `total`, and the `offset` it
 * starts at). Its links keep the address's filters (`q`, `state`, `class`, …).
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
