/**
 * The built documentation site (site/, from `npm run docs`, which `npm test` runs before vitest):
 * every internal link of every page resolves to a file and an anchor inside the site; the search
 * puts the right guide first; the HTTP reference is readable from 1280 to 1920 px (a content column
 * of at least 60 % of the window, a title that breaks only between words, request samples inside
 * the window) and has a curl and a TypeScript sample on every operation. Layout and search run in
 * headless Chromium (Debian's `chromium`, driven by playwright-core), as a reader sees them.
 *
 * A missing site/ or Chromium fails the file with what to do; it never skips.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linkProblem,
  pageIds,
  pageLinks,
  sitePages,
  typedocHierarchyAnchors,
} from './support/site-files';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SITE = join(ROOT, 'site');
const CHROMIUM = '/usr/bin/chromium';
const WIDTHS = [1280, 1680, 1920];

let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(SITE, 'index.html'))) {
    throw new Error(
      `${SITE} is missing: build it first with \`npm run docs\` (node scripts/docs.mjs); npm test runs it before vitest.`,
    );
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) to run the docs site test.`,
    );
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Opens a page of the site from disk at a window width, and waits for its scripts. */
async function open(path: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const [file = '', hash] = path.split('#');
  await page.goto(pathToFileURL(join(SITE, file)).href + (hash === undefined ? '' : `#${hash}`));
  return page;
}

describe('links', { timeout: 120_000 }, () => {
  it('every internal link of every page resolves to a file and an anchor inside the site', () => {
    const pages = sitePages(SITE);
    expect(pages.length).toBeGreaterThan(20);
    const ids = new Map<string, Set<string>>();
    // TypeDoc's class hierarchy is drawn by its script from compressed data; its anchors name a
    // reflection (`#@msgsvc/sdk.ErrorEnvelope`), not an element.
    const hierarchy = join(SITE, 'api', 'hierarchy.html');
    if (existsSync(hierarchy)) ids.set(hierarchy, typedocHierarchyAnchors(join(SITE, 'api')));
    const idsOf = (file: string) => {
      let found = ids.get(file);
      if (found === undefined) {
        found = pageIds(readFileSync(file, 'utf8'));
        ids.set(file, found);
      }
      return found;
    };
    const problems: string[] = [];
    let checked = 0;
    for (const page of pages) {
      for (const link of pageLinks(SITE, page)) {
        if (link.file === undefined) {
          if (/github\.com|\.md(#|$)|\.ya?ml(#|$)/i.test(link.href)) {
            problems.push(`${page}: ${link.href} leaves the site for a repository file`);
          }
          continue;
        }
        checked++;
        const problem = linkProblem(SITE, link, idsOf);
        if (problem !== undefined) problems.push(`${page}: ${link.href} ${problem}`);
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(problems).toEqual([]);
  });

  it("the navigation keeps the project's pages (both records too) out of the Guides menu", () => {
    const html = readFileSync(join(SITE, 'guides', 'getting-started.html'), 'utf8');
    const menu = (name: string) =>
      new RegExp(`<summary[^>]*>${name}</summary><ul>(.*?)</ul>`).exec(html)?.[1] ?? '';
    const projectPages = /decisions\.html|engineering-log\.html|contributing\.html/;
    expect(menu('Guides')).toContain('testing-with-jest.html');
    expect(menu('Guides')).not.toMatch(projectPages);
    for (const page of ['decisions', 'engineering-log', 'contributing']) {
      expect(menu('Project')).toContain(`guides/${page}.html`);
    }
  });

  it('the search ranks both records as project pages, after the guides', () => {
    const script = readFileSync(join(SITE, 'search-index.js'), 'utf8');
    const index: Array<{ kind: string; href: string }> = JSON.parse(
      script.slice(script.indexOf('['), script.lastIndexOf(']') + 1),
    );
    for (const page of ['decisions', 'engineering-log']) {
      const kinds = new Set(
        index
          .filter((entry) => entry.href.startsWith(`guides/${page}.html`))
          .map((entry) => entry.kind),
      );
      expect([page, [...kinds]]).toEqual([page, ['project']]);
    }
  });
});

describe('search', { timeout: 60_000 }, () => {
  const FIRST: Array<[query: string, page: string]> = [
    ['jest', 'guides/testing-with-jest.html'],
    ['webhook', 'guides/webhooks.html'],
    ['idempotency', 'guides/errors-and-retries.html'],
    ['waitFor', 'guides/getting-started.html'],
    ['mocha', 'guides/testing-with-any-other-runner.html'],
  ];

  it.each(FIRST)('"%s" lists %s first', async (query, expected) => {
    const page = await open('index.html');
    try {
      await page.fill('#site-search', query);
      const first = page.locator('#site-search-results li a').first();
      await first.waitFor();
      const href = (await first.getAttribute('href')) ?? '';
      expect(new URL(href, page.url()).pathname).toBe(
        new URL(pathToFileURL(join(SITE, expected))).pathname,
      );
    } finally {
      await page.close();
    }
  });

  it('finds the HTTP reference: an operation links to its route in Redoc', async () => {
    const page = await open('index.html');
    try {
      await page.fill('#site-search', 'Send a message');
      const hrefs = await page
        .locator('#site-search-results li a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(hrefs).toContain('./http/public.html#/messages/sendmessage');
    } finally {
      await page.close();
    }
  });
});

describe('the HTTP reference', { timeout: 90_000 }, () => {
  it.each(WIDTHS)(
    'at %i px: the content column is at least 60 percent wide, no word of the title broken',
    async (width) => {
      const page = await open('http/public.html', width);
      try {
        const column = page.locator('#redoc .panel-api-docs').first();
        await column.waitFor();
        const box = await column.boundingBox();
        const measured = Math.round(box?.width ?? 0);
        console.log(
          `HTTP reference at ${width} px: content column ${measured} px (${Math.round((100 * measured) / width)} %)`,
        );
        expect(measured).toBeGreaterThanOrEqual(0.6 * width);

        // Each word of the title on one line: its characters' boxes share one top.
        const broken = await page
          .locator('#redoc h1')
          .first()
          .evaluate((title) => {
            const node = [...title.childNodes].find(
              (child) => child.nodeType === Node.TEXT_NODE && child.textContent?.trim(),
            );
            if (node === undefined) return ['no text in the title'];
            const text = node.textContent ?? '';
            const words: string[] = [];
            for (const match of text.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
              if (tops.size > 1) words.push(match[0]);
            }
            return words;
          });
        expect(broken).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );

  it.each(WIDTHS)(
    'at %i px: the request sample of Send a message is inside the window',
    async (width) => {
      const page = await open('http/public.html#/messages/sendmessage', width);
      try {
        const command = page.locator('#redoc .th-command').first();
        await command.waitFor();
        await command.scrollIntoViewIfNeeded();
        const sample = await command.evaluate((node) => {
          const block = node.closest('pre') ?? node.parentElement;
          const rect = block?.getBoundingClientRect();
          return {
            left: rect?.left ?? -1,
            right: rect?.right ?? Number.POSITIVE_INFINITY,
            overflow: (block?.scrollWidth ?? 0) - (block?.clientWidth ?? 0),
            text: block?.textContent ?? '',
          };
        });
        expect(sample.text).toContain('$MSGSVC_BASE_URL/messages');
        expect(sample.left).toBeGreaterThanOrEqual(0);
        expect(sample.right).toBeLessThanOrEqual(width);
        expect(sample.overflow).toBeLessThanOrEqual(1);
      } finally {
        await page.close();
      }
    },
  );

  it.each(['public.html', 'control.html'])(
    '%s: every operation has a curl and a TypeScript sample',
    (file) => {
      const html = readFileSync(join(SITE, 'http', file), 'utf8');
      const json = /const __redoc_definition = (.*);\n/.exec(html)?.[1];
      expect(json, 'the page embeds its definition').toBeDefined();
      const definition = JSON.parse(json ?? '{}') as {
        paths: Record<
          string,
          Record<
            string,
            { operationId?: string; 'x-codeSamples'?: Array<{ lang: string; source: string }> }
          >
        >;
      };
      const missing: string[] = [];
      let operations = 0;
      for (const item of Object.values(definition.paths)) {
        for (const operation of Object.values(item)) {
          if (operation?.operationId === undefined) continue;
          operations++;
          const langs = (operation['x-codeSamples'] ?? []).map((sample) => sample.lang);
          if (!langs.includes('curl') || !langs.includes('TypeScript'))
            missing.push(operation.operationId);
        }
      }
      expect(operations).toBeGreaterThan(5);
      expect(missing).toEqual([]);
    },
  );

  it('shows the TypeScript sample when chosen, calling the SDK', async () => {
    const page = await open('http/public.html#/messages/sendmessage');
    try {
      const command = page.locator('#redoc .th-command').first();
      await command.waitFor();
      await command.scrollIntoViewIfNeeded();
      await page.getByText('curl', { exact: true }).first().click();
      await page.getByText('TypeScript', { exact: true }).first().click();
      // Visible, not merely in the DOM: the curl sample is swapped for the SDK call.
      await page
        .locator('#redoc')
        .getByText('await client.messages.send(')
        .first()
        .waitFor({ state: 'visible' });
    } finally {
      await page.close();
    }
  });
});
