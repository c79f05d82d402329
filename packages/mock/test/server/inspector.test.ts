/**
 * The inspector page in real headless Chromium (Debian's `chromium`, driven by playwright-core):
 * a campaign sent through the API appears with its progress, completes when the virtual clock
 * moves, and a phone's thread shows each message's status history, segments and cost — all
 * without reloading the page. The phone list works from the keyboard. A screenshot is saved to
 * `.reports/inspector.png`.
 *
 * Chromium is required: in CI `.ci/run` installs it; when it is missing this test fails, loudly.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, type StartedCli, startCli } from './support/cli-process';
import { controlApi, publicApi } from './support/http';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOT = join(REPO_ROOT, '.reports', 'inspector.png');

let cli: StartedCli;
let context: BrowserContext;
let page: Page;
let profile: string;
const problems: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) to run the inspector test.`,
    );
  }
  cli = await startCli(['serve', '--port', '0', '--json', '--clock', 'virtual']);
  profile = mkdtempSync(join(tmpdir(), 'msgsvc-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1400, height: 1100 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
}, 60_000);

afterAll(async () => {
  await context?.close();
  await cli?.stop();
  if (profile !== undefined) rmSync(profile, { recursive: true, force: true });
});

describe('inspector page', { timeout: 60_000 }, () => {
  let campaignId: string;

  it('loads and polls the state', async () => {
    await page.goto(cli.info.inspector_url);
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/^Live · updated/);
    await expect
      .poll(() => page.locator('#campaign-list').textContent())
      .toContain('No campaigns yet');
    // A marker that a reload would erase.
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
  });

  it('shows a campaign sent through the API, then its progress to COMPLETED, without reload', async () => {
    const live = publicApi(cli.origin, cli.info.live_key);
    const accepted = await live.post('/campaigns/batch', {
      remitter_id: cli.info.sender_id.id,
      channel_type: 'SMS',
      name: 'Natal 2026',
      content: 'Promoção de Natal: 20% de desconto em todas as lojas até domingo. Válido só hoje!',
      recipients: ['+244923000001', '+244912000002', '+244951000003', '12345678'],
    });
    campaignId = accepted.body.campaign_id;
    const card = page.locator(`[data-campaign-id="${campaignId}"]`);
    await expect.poll(() => card.locator('h3').textContent()).toContain('PROCESSING');

    await controlApi(cli.origin).post('/clock/advance', { ms: 700 });
    await expect
      .poll(() => card.locator('h3').textContent(), { timeout: 5_000 })
      .toMatch(/SENDING|COMPLETED/);

    await controlApi(cli.origin).post('/clock/run-until-idle');
    await expect
      .poll(() => card.locator('h3').textContent(), { timeout: 5_000 })
      .toContain('COMPLETED');
    const progress = card.locator('progress');
    expect(await progress.getAttribute('max')).toBe('4');
    expect(await progress.getAttribute('value')).toBe('4');
    const steps = await card.locator('.steps li').allTextContents();
    expect(steps.map((step) => step.split(' ')[0])).toEqual(['PROCESSING', 'SENDING', 'COMPLETED']);
    expect(await card.locator('.meta').last().textContent()).toMatch(/FAILED 1/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });

  it("shows a phone's thread with status history, segments and cost", async () => {
    await expect
      .poll(() => page.locator('#phone-list [role="option"]').count())
      .toBeGreaterThanOrEqual(4);
    const option = page.locator('#phone-list [data-key="+244923000001"]');
    await option.click();
    await expect.poll(() => page.locator('#thread-title').textContent()).toContain('+244923000001');
    const bubble = page.locator('#thread .bubble.outbound').first();
    const text = await bubble.textContent();
    expect(text).toContain('Promoção de Natal');
    expect(text).toMatch(/2 segments \(UCS_2\)/);
    expect(text).toContain('cost 8.000000'); // 2 segments × 4.000000 on UNITEL (D26)
    const history = await bubble.locator('.history li').allTextContents();
    expect(history.map((step) => step.split(' ')[0]).slice(0, 2)).toEqual(['PENDING', 'SENT']);
    expect(history.length).toBeGreaterThanOrEqual(3);
  });

  it('shows an inbound reply in the thread and the webhook outbox, live', async () => {
    const control = controlApi(cli.origin);
    const hooks = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`;
      await control.post(`/organizations/${cli.info.organization_id}/webhook-endpoints`, { url });
      await control.post('/inbound', { from: '+244923000001', to: 'MSGSVC', body: 'Obrigado!' });
      await control.post('/clock/run-until-idle');
      const inbound = page.locator('#thread .bubble.inbound');
      await expect.poll(() => inbound.count()).toBe(1);
      expect(await inbound.textContent()).toContain('Obrigado!');
      await expect
        .poll(() => page.locator('#outbox-list').textContent())
        .toMatch(/message\.received.*delivered 204/);
    } finally {
      hooks.close();
    }
  });

  it('moves through the phone list with the keyboard', async () => {
    const options = page.locator('#phone-list [role="option"]');
    await options.first().click();
    const first = await options.first().getAttribute('data-key');
    const second = await options.nth(1).getAttribute('data-key');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-key'))).toBe(
      second,
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#thread-title').textContent()).toContain(second!);
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    await page.keyboard.press(' ');
    await expect.poll(() => page.locator('#thread-title').textContent()).toContain(first!);

    // Tab order: the phone list takes one stop (its selected option), then the scrollable panes.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('option');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).not.toBe(
      'option',
    );
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement!).outlineStyle,
    );
    expect(outline).toBe('solid');
  });

  it('never shows a full API key, and shows the request log by key prefix', async () => {
    await expect
      .poll(() => page.locator('#request-list').textContent())
      .toContain('svc_live_demo…');
    const body = (await page.locator('body').textContent()) + (await page.content());
    expect(body).not.toContain(cli.info.live_key);
    expect(body).not.toContain(cli.info.test_key);
  });

  it('shows the ledger and loads without console errors (CSP included)', async () => {
    expect(await page.locator('#ledger-list').textContent()).toMatch(/CAMPAIGN_DEBIT/);
    expect(problems).toEqual([]);
    mkdirSync(join(REPO_ROOT, '.reports'), { recursive: true });
    await page.locator('#phone-list [data-key="+244923000001"]').click();
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(existsSync(SCREENSHOT)).toBe(true);
  });
});
