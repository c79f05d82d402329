/**
 * The browser guard in a real page (D47, D115): the SDK, bundled for the browser and loaded into
 * headless Chromium, refuses to build a client without `dangerouslyAllowBrowser`, so an API key is
 * not shipped to a page by mistake. (Under jsdom or happy-dom in Node it builds one; see
 * client.test.ts and the mock's DOM environment tests.)
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

const CHROMIUM = '/usr/bin/chromium';

let browser: Browser;
let bundle: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  const built = await build({
    entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'msgsvc',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  bundle = built.outputFiles[0]!.text;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

it('a real page gets the guard; dangerouslyAllowBrowser lifts it', async () => {
  const page = await browser.newPage();
  try {
    await page.setContent('<!doctype html><title>guard</title>');
    await page.addScriptTag({ content: bundle });
    const outcome = await page.evaluate(() => {
      const sdk = (globalThis as unknown as { msgsvc: typeof import('@msgsvc/sdk') }).msgsvc;
      const options = { apiKey: 'svc_live_abc', baseUrl: 'https://api.example.com' };
      const attempt = (extra: object) => {
        try {
          new sdk.MessagingClient({ ...options, ...extra });
          return 'built';
        } catch (error) {
          return `${(error as Error).name}: ${(error as Error).message}`;
        }
      };
      return { plain: attempt({}), allowed: attempt({ dangerouslyAllowBrowser: true }) };
    });
    expect(outcome.plain).toMatch(/^TypeError: .*dangerouslyAllowBrowser/);
    expect(outcome.allowed).toBe('built');
  } finally {
    await page.close();
  }
}, 60_000);
