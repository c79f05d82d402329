/**
 * One inspector in real headless Chromium for a test file: a `msgsvc-mock serve` process (virtual
 * clock pinned by default, so the page's times can be asserted) and a persistent Chromium context
 * (Debian's `chromium`, driven by playwright-core), with the helpers every inspector browser test
 * needs: open a view by address, screenshots to `.reports/`, axe-core's serious and critical
 * problems, and a check that hostile text never ran. Console errors, page errors and dialogs are
 * collected so a file can assert at its end that none happened.
 *
 * Chromium is required: in CI `.ci/run` installs it; when it is missing the file fails, loudly.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { expect } from 'vitest';
import { REPO_ROOT, type StartedCli, startCli } from './cli-process';

const CHROMIUM = '/usr/bin/chromium';
const REPORTS = join(REPO_ROOT, '.reports');
const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Would run if any of it were ever parsed as HTML. */
export const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

/** What {@link startInspectorBrowser} takes. */
export interface InspectorBrowserOptions {
  /** Arguments after `serve --port 0 --json` (default: a virtual clock pinned to 2026-01-01T09:00:00Z). */
  readonly serveArgs?: readonly string[];
  /** The window size (default 1300×1000). */
  readonly viewport?: { readonly width: number; readonly height: number };
}

/** A running server with a browser on it. */
export interface InspectorBrowser {
  readonly cli: StartedCli;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and page errors seen so far. */
  readonly problems: string[];
  /** Dialog messages seen so far (each is dismissed). */
  readonly dialogs: string[];
  /** The view's title text. */
  title(): Promise<string | null>;
  /** The view's whole text. */
  viewText(): Promise<string>;
  /** Goes to a view by its address (a hash change: no reload), waits for its render and title. */
  open(hash: string, expected: string | RegExp): Promise<void>;
  /**
   * Waits until the page has no request of its own in flight (its live event stream aside) and
   * has rendered nothing for a while: live updates (a run of the clock, a delivery) re-render the
   * view, and a click aimed at a row while that happens may land on the view being replaced. A
   * render fetches its view first, so one held up on a starved machine is still seen in flight.
   */
  settled(): Promise<void>;
  /** A full-page screenshot to `.reports/inspector-<name>.png`. */
  screenshot(name: string): Promise<void>;
  /** axe-core's serious and critical violations on the page as it is. */
  axeProblems(): Promise<string[]>;
  /** Nothing of {@link XSS} ran or became an element, and no dialog opened. */
  expectInert(): Promise<void>;
  /** Closes the browser and stops the server. */
  stop(): Promise<void>;
}

/** Starts a server and a Chromium on it; call `stop()` in `afterAll`. */
export async function startInspectorBrowser(
  options: InspectorBrowserOptions = {},
): Promise<InspectorBrowser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) to run the inspector tests.`,
    );
  }
  const serveArgs = options.serveArgs ?? [
    '--clock',
    'virtual',
    '--start-time',
    '2026-01-01T09:00:00Z',
  ];
  const cli = await startCli(['serve', '--port', '0', '--json', ...serveArgs]);
  const profile = mkdtempSync(join(tmpdir(), 'msgsvc-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-sync',
      ],
      viewport: { ...(options.viewport ?? { width: 1300, height: 1000 }) },
    });
  } catch (error) {
    await cli.stop();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // The page's requests not yet finished, but for its event stream (open for as long as it lives).
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (!request.url().includes('/inspector/api/events')) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  mkdirSync(REPORTS, { recursive: true });

  const title = () => page.locator('#view-title').textContent();
  return {
    cli,
    context,
    page,
    problems,
    dialogs,
    title,
    viewText: async () => (await page.locator('#view').textContent()) ?? '',
    async open(hash, expected) {
      const from = await page.evaluate((h) => {
        // Already there: no hash change, so no new render; the last one of this address counts.
        if (location.hash === new URL(h, location.href).hash) return Number.NEGATIVE_INFINITY;
        const now = performance.now();
        location.hash = h;
        return now;
      }, hash);
      // A render of this very address after the change: two records share a title ("Message"),
      // so a matching title alone may still be the view being left.
      await expect
        .poll(() =>
          page.evaluate(
            ([h, t]) =>
              performance
                .getEntriesByName('inspector:rendered')
                .some(
                  (mark) =>
                    mark.startTime > t &&
                    (mark as PerformanceMark).detail?.address === new URL(h, location.href).hash,
                ),
            [hash, from] as const,
          ),
        )
        .toBe(true);
      await expect.poll(title).toMatch(expected);
    },
    async settled() {
      const renders = () =>
        page.evaluate(() => performance.getEntriesByName('inspector:rendered').length);
      let last = -1;
      await expect
        .poll(
          async () => {
            const now = await renders();
            const still = now === last && inFlight.size === 0;
            last = now;
            return still;
          },
          { interval: 400 },
        )
        .toBe(true);
    },
    async screenshot(name) {
      await page.screenshot({ path: join(REPORTS, `inspector-${name}.png`), fullPage: true });
    },
    async axeProblems() {
      await page.evaluate(AXE);
      const results = await page.evaluate(() =>
        (
          window as unknown as {
            axe: {
              run(c: Document): Promise<{
                violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
              }>;
            };
          }
        ).axe.run(document),
      );
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    async expectInert() {
      const state = await page.evaluate(() => ({
        xss: (window as unknown as { __xss?: number }).__xss ?? null,
        images: document.querySelectorAll('img').length,
        inlineScripts: document.querySelectorAll('script:not([src])').length,
      }));
      expect(state).toEqual({ xss: null, images: 0, inlineScripts: 0 });
      expect(dialogs).toEqual([]);
    },
    async stop() {
      await context.close();
      await cli.stop();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
