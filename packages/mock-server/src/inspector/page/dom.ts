/**
 * The page's one way to build DOM: markup written as `html` templates (htm reads them once; every
 * element is made by `h(tag, props, ...children)`), where every interpolated value becomes a text
 * node or an attribute set with `setAttribute`. No HTML is ever parsed from a value, so service
 * data — a message body, a campaign name, a request body — is always shown as text, whatever it
 * contains.
 */
import htm from 'htm';

/** What can be a child: nodes, text, or nothing (skipped); arrays are flattened. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

/** Attributes (strings, or booleans for present/absent) and event listeners (`onclick`, …). */
export interface Props {
  readonly [attribute: string]: string | number | boolean | null | undefined | Listener;
}

type Listener = (event: Event) => void;

/** Creates an element; see the module comment. */
export function h<K extends keyof HTMLElementTagNameMap>(
  this: unknown,
  tag: K,
  props?: Props | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  // htm would keep a static subtree's element for the next render; a node can be in one place only.
  if (Array.isArray(this)) this[0] = 3;
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

/** Markup with one root element: `html\`<p class="meta">${text}</p>\``. */
export const html = htm.bind(h) as (
  strings: TemplateStringsArray,
  ...values: unknown[]
) => HTMLElement;

/** Appends children (text as text nodes). */
function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else if (child instanceof Node) parent.appendChild(child);
    else parent.appendChild(document.createTextNode(String(child)));
  }
}

/** Replaces an element's content. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** A link to a view of the page: the parts are encoded, so an id can never leave the `#/` route. */
export function link(text: Child, ...parts: string[]): HTMLElement {
  return html`<a href=${route(...parts)} data-key=${route(...parts)}>${text}</a>`;
}

/** The hash of a view: `#/messages/<id>`. */
export function route(...parts: string[]): string {
  return `#/${parts.map(encodeURIComponent).join('/')}`;
}

/** A status chip. */
export function chip(status: string): HTMLElement {
  return html`<span class="chip s-${status.replace(/[^A-Za-z_]/g, '')}">${status}</span>`;
}

/** A world time, shown compactly (`2026-01-01 09:00:03.250`), full in its `datetime`. */
export function time(iso: string | null): Child {
  if (iso === null) return '—';
  const shown = iso
    .replace('T', ' ')
    .replace(/(\.\d{3})\d*/, '$1')
    .replace(/(Z|[+]00:00)$/, '');
  return html`<time datetime=${iso}>${shown}</time>`;
}

/**
 * A part of a view, named `label` for assistive technology, under the heading `heading` (none when
 * null).
 */
export function section(label: string, heading: Child, ...children: Child[]): HTMLElement {
  return html`<section aria-label=${label}>
    ${heading === null ? null : html`<h3>${heading}</h3>`}${children}
  </section>`;
}

/** A definition list from label/value pairs. */
export function fields(pairs: readonly (readonly [string, Child])[]): HTMLElement {
  const pair = ([label, value]: readonly [string, Child]) => [
    html`<dt>${label}</dt>`,
    html`<dd>${value}</dd>`,
  ];
  return html`<dl>${pairs.map(pair)}</dl>`;
}

/** A table's columns, in order: each header with the cell it shows for a row. */
export type Columns<Row> = Readonly<Record<string, (row: Row) => Child>>;

/**
 * A table of `rows` with a caption, a column per entry of `columns`, and `empty` said instead when
 * there are no rows. Each value is in a cell of its own (a cell without a value, `—`, is marked, so
 * a narrow screen can leave it out), a `<td>` as it is.
 */
export function table<Row>(
  caption: string,
  rows: readonly Row[],
  empty: string,
  columns: Columns<Row>,
): HTMLElement {
  if (rows.length === 0) return html`<p class="empty">${empty}</p>`;
  const cells = Object.values(columns);
  const cell = (value: Child) =>
    value instanceof HTMLTableCellElement
      ? value
      : html`<td class=${value === '—' && 'none'}>${value}</td>`;
  return html`<table>
    <caption class="visually-hidden">${caption}</caption>
    <thead><tr>${Object.keys(columns).map((text) => html`<th scope="col">${text}</th>`)}</tr></thead>
    <tbody>${rows.map((row) => html`<tr>${cells.map((shown) => cell(shown(row)))}</tr>`)}</tbody>
  </table>`;
}

/** The {@link table} of rows of one kind, for every view that lists them. */
export function tableOf<Row>(caption: string, empty: string, columns: Columns<Row>) {
  return (rows: readonly Row[]): HTMLElement => table(caption, rows, empty, columns);
}

/** JSON text pretty-printed when it parses, as written when it does not. */
export function pretty(text: string | null): string {
  if (text === null) return '(none)';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
