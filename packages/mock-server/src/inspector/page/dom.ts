/**
 * The page's one way to build DOM: `h(tag, props, ...children)` creates elements, and every string
 * child becomes a text node, every prop an attribute set with `setAttribute`. No HTML is
 * ever parsed from a string, so service data — a message body, a campaign name, a request body —
 * is always shown as text, whatever it contains.
 */

/** What can be a child: nodes, text, or nothing (skipped); arrays are flattened. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

/** Attributes (strings, or booleans for present/absent) and event listeners (`on`). */
export interface Props {
  readonly [attribute: string]:
    | string
    | number
    | boolean
    | null
    | undefined
    | { readonly [event: string]: (event: Event) => void };
}

/** Creates an element; see the module comment. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Props | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'on' && typeof value === 'object') {
      for (const [event, listener] of Object.entries(value))
        element.addEventListener(event, listener);
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(element, children);
  return element;
}

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
export function link(text: Child, ...parts: string[]): HTMLAnchorElement {
  return h('a', { href: route(...parts), 'data-key': route(...parts) }, text);
}

/** The hash of a view: `#/messages/<id>`. */
export function route(...parts: string[]): string {
  return `#/${parts.map(encodeURIComponent).join('/')}`;
}

/** A status chip. */
export function chip(status: string): HTMLSpanElement {
  return h('span', { class: `chip s-${status.replace(/[^A-Za-z_]/g, '')}` }, status);
}

/** A world time, shown compactly (`2026-01-01 09:00:03.250`), full in its `datetime`. */
export function time(iso: string | null): Child {
  if (iso === null) return '—';
  return h(
    'time',
    { datetime: iso },
    iso
      .replace('T', ' ')
      .replace(/(\.\d{3})\d*/, '$1')
      .replace(/(Z|[+]00:00)$/, ''),
  );
}

/**
 * A part of a view, named `label` for assistive technology, under the heading `heading` (none when
 * null).
 */
export function section(label: string, heading: Child, ...children: Child[]): HTMLElement {
  return h(
    'section',
    { 'aria-label': label },
    heading === null ? null : h('h3', null, heading),
    children,
  );
}

/** A definition list from label/value pairs. */
export function fields(pairs: readonly (readonly [string, Child])[]): HTMLDListElement {
  return h(
    'dl',
    null,
    pairs.map(([label, value]) => [h('dt', null, label), h('dd', null, value)]),
  );
}

/** A table with a caption, header cells and rows. */
export function table(
  caption: string,
  headers: readonly string[],
  rows: readonly (readonly Child[])[],
  empty = 'Nothing yet.',
): HTMLElement {
  if (rows.length === 0) return h('p', { class: 'empty' }, empty);
  return h(
    'table',
    null,
    h('caption', { class: 'visually-hidden' }, caption),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        headers.map((text) => h('th', { scope: 'col' }, text)),
      ),
    ),
    h(
      'tbody',
      null,
      rows.map((cells) =>
        h(
          'tr',
          null,
          // A cell without a value (`—`) is marked, so a narrow screen can leave it out.
          cells.map((cell) => h('td', cell === '—' ? { class: 'none' } : null, cell)),
        ),
      ),
    ),
  );
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
