/**
 * Reads the built documentation site from disk: its HTML pages, the ids each one defines, and the
 * links each one makes, resolved to a file and an anchor. Static, so that every page of the site
 * (TypeDoc's hundreds included) is checked without a browser.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

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
  return ids(page).has(decodeURIComponent(link.anchor))
    ? undefined
    : `no #${link.anchor} in ${target}`;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
