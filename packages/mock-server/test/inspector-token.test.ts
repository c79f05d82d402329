/**
 * The inspector behind an admin token (D106), in real headless Chromium: without the token the
 * page, its data and its live feed are refused (its script, code without data, is not); opened
 * with `?token=`, the page reads and acts with it — each request carries it as a Bearer header.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedCli, startCli } from './support/cli-process';

const CHROMIUM = '/usr/bin/chromium';
const TOKEN = 'inspector-admin-token-0123456789';

let cli: StartedCli;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  cli = await startCli([
    'serve',
    '--port',
    '0',
    '--json',
    '--clock',
    'virtual',
    '--admin-token',
    TOKEN,
  ]);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await cli?.stop();
});

describe('inspector with an admin token', { timeout: 60_000 }, () => {
  it('refuses the page, its data and its feed without the token, but serves its script', async () => {
    for (const path of [
      '/',
      '/__mock/inspector',
      '/__mock/inspector/api/summary',
      '/__mock/inspector/api/events',
    ]) {
      const response = await fetch(`${cli.origin}${path}`);
      expect([path, response.status, (await response.json()).code]).toEqual([
        path,
        401,
        'ADMIN_TOKEN_REQUIRED',
      ]);
    }
    const wrong = await fetch(`${cli.origin}/__mock/inspector/api/summary`, {
      headers: { authorization: 'Bearer not-the-token-0123456789' },
    });
    expect(wrong.status).toBe(401);
    const script = await fetch(`${cli.origin}/__mock/inspector/assets/inspector.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).not.toContain(TOKEN);
  });

  it('opened with ?token=, reads, listens and acts with it', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const unauthorized: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) unauthorized.push(response.url());
    });
    await page.goto(`${cli.origin}/?token=${encodeURIComponent(TOKEN)}#/organizations`);
    await expect.poll(() => page.locator('#status').textContent()).toBe('Live');
    await expect.poll(() => page.locator('#view-title').textContent()).toBe('Organizations');
    expect(await page.locator('#view').textContent()).toContain('Demo Organization');

    const clock = async () => {
      const response = await fetch(`${cli.origin}/__mock/clock`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      return Date.parse((await response.json()).now);
    };
    const before = await clock();
    await page.getByRole('button', { name: '+1 min' }).click();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('Clock moved 1 minute');
    expect(await clock()).toBe(before + 60_000);
    expect(unauthorized).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
