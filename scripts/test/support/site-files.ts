/**
 * Reads the built documentation site from disk: its HTML pages, the ids each one defines, and the
 * links each one makes, resolved to a file and an anchor. Static, so that every page of the site
 * (TypeDoc's hundreds included) is checked without a browser.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { inflateSync } from 'node:zlib';

/** One `<a href>` of a page. */
export interface SiteLink {
  /** The page it is on, relative to the site. */
  from: string;
  /** The href as written. */
  href: string;
  /** The file it points to (absolute), or undefined for an external URL. */
  file: string | undefined;
  /** The fragment, without `#`, if any. */
  anchor: string | undefined;
}

/** Every `.html` file under `site`, relative to it, with `/` separators. */
export function sitePages(site: string): string[] {
  return readdirSync(site, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(site, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * The part of a page whose links are the site's: on the HTTP reference, everything but Redoc's
 * own markup, whose `/section/…` hrefs are routes its script handles (`#/section/…` once running).
 */
function linkedHtml(page: string, html: string): string {
  if (!page.startsWith('http/')) return html;
  const start = html.indexOf('<div id="redoc">');
  return start === -1 ? html : html.slice(0, start);
}

/** The ids a page defines (`id="…"` and `name="…"`), for its anchors. */
export function pageIds(html: string): Set<string> {
  const ids = new Set<string>();
  for (const match of html.matchAll(/\s(?:id|name)="([^"]*)"/g)) {
    ids.add(decodeEntities(match[1] ?? ''));
  }
  return ids;
}

/** Every link of a page, resolved against the page's place in the site. */
export function pageLinks(site: string, page: string): SiteLink[] {
  const html = linkedHtml(page, readFileSync(join(site, page), 'utf8'));
  const links: SiteLink[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const href = decodeEntities(match[1] ?? '');
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) {
      links.push({ from: page, href, file: undefined, anchor: undefined });
      continue;
    }
    const [path = '', anchor] = href.split('#');
    const file =
      path === '' ? join(site, page) : resolve(dirname(join(site, page)), decodeURI(path));
    links.push({ from: page, href, file, anchor });
  }
  return links;
}

/** What is wrong with one internal link, or undefined when it resolves. */
export function linkProblem(site: string, link: SiteLink, ids: (file: string) => Set<string>) {
  if (link.file === undefined) return undefined;
  const target = relative(site, link.file);
  if (target.startsWith('..')) return `leaves the site for ${target}`;
  if (/\.(md|ya?ml)$/i.test(target)) return `points at a raw file ${target}`;
  const file = existsSync(link.file) && !link.file.endsWith(sep) ? link.file : undefined;
  const page =
    file ?? (existsSync(join(link.file, 'index.html')) ? join(link.file, 'index.html') : undefined);
  if (page === undefined) return `no file ${target}`;
  // Redoc's routes (`#/messages/sendmessage`) are checked in the browser, not as ids.
  if (link.anchor === undefined || link.anchor === '' || link.anchor.startsWith('/')) {
    return undefined;
  }
  if (!page.endsWith('.html')) return undefined;
  const anchor = decodeURIComponent(link.anchor);
  const known = ids(page);
  if (known.has(anchor)) return undefined;
  if (target === join('api', 'hierarchy.html') && known.has(hierarchyKey(anchor))) return undefined;
  return `no #${link.anchor} in ${target}`;
}

/**
 * The anchors TypeDoc's hierarchy page answers (`@msgsvc/sdk.ErrorEnvelope`), one per reflection
 * in its compressed `hierarchyData`, in the form of {@link hierarchyKey}.
 */
export function typedocHierarchyAnchors(api: string): Set<string> {
  const script = readFileSync(join(api, 'assets', 'hierarchy.js'), 'utf8');
  const data = /"([^"]*)"/.exec(script)?.[1] ?? '';
  const { reflections } = JSON.parse(inflateSync(Buffer.from(data, 'base64')).toString()) as {
    reflections: Record<string, { url: string }>;
  };
  return new Set(Object.values(reflections).map(({ url }) => basename(url).replace(/\.html$/, '')));
}

/**
 * A hierarchy anchor in the form of its reflection's file name: TypeDoc makes every character
 * but letters, digits and dots `_` (`#@msgsvc/sdk/sms.Money` → `_msgsvc_sdk_sms.Money.html`).
 */
function hierarchyKey(anchor: string): string {
  return anchor.replace(/[^\w.]/g, '_');
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
