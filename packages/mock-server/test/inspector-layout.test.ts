/**
 * The inspector's layout in real headless Chromium, at the three widths people use it at (a 390 px
 * phone, a 1280 px laptop, a 1920 px monitor): every view without a serious or critical axe-core
 * problem and without sideways scrolling, with a screenshot each (`.reports/inspector-<view>-<width>.png`,
 * not committed); the masthead in view on opening and after navigating (D152); list and record
 * side by side from 1200 px, the list keeping its page and scroll (D153); compact rows at 390 px
 * (D155); `j`/`k`/`Enter`/`Esc` and the skip link (D154).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlApi, publicApi, send } from './support/http';
import { type InspectorBrowser, startInspectorBrowser, XSS } from './support/inspector-browser';

let browser: InspectorBrowser;
let page: InspectorBrowser['page'];
let hooks: Server;
const ids = { message: '', phone: '+244923000007', campaign: '', request: '', delivery: '' };
const MESSAGES = 60;

beforeAll(async () => {
  browser = await startInspectorBrowser({ viewport: { width: 1280, height: 900 } });
  page = browser.page;
  const { cli } = browser;
  const live = publicApi(cli.origin, cli.info.live_key);
  const control = controlApi(cli.origin);
  hooks = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`;
  await control.post(`/organizations/${cli.info.organization_id}/webhook-endpoints`, { url });
  for (let i = 0; i < MESSAGES; i++) {
    const long =
      i % 7 === 0 ? ` ${'Promoção de Natal em todas as lojas, só hoje! '.repeat(8)}` : '';
    const sent = await live.post('/messages', {
      to: `+2449230000${String(i).padStart(2, '0')}`,
      body: `Mensagem ${i}${long}${i === 7 ? ` ${XSS}` : ''}`,
    });
    if (i === 7) ids.message = sent.body.id;
  }
  const campaign = await live.post('/campaigns/batch', {
    remitter_id: cli.info.sender_id.id,
    channel_type: 'SMS',
    name: `Natal ${XSS}`,
    content: 'Promoção de Natal: 20% de desconto em todas as lojas até domingo.',
    recipients: ['+244923000001', '+244912000002', '12345678'],
  });
  ids.campaign = campaign.body.campaign_id;
  await control.post('/inbound', { from: ids.phone, to: 'MSGSVC', body: `Obrigado ${XSS}` });
  await control.post('/clock/run-until-idle');
  const inspectorApi = async (path: string) =>
    (await send(cli.origin, 'GET', `/__mock/inspector/api/${path}`)).body;
  ids.request = String((await inspectorApi('requests?limit=1')).entries[0].seq);
  ids.delivery = (await inspectorApi('deliveries?limit=1')).entries[0].id;
  await page.goto(cli.info.inspector_url);
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'Live');
}, 120_000);

afterAll(async () => {
  await browser?.stop();
  hooks?.close();
});

/** Every view of the page: its name in screenshots, its address, its title. */
function views(): [string, string, string | RegExp][] {
  const message = `#/messages/${ids.message}`;
  return [
    ['messages', '#/messages', 'Messages'],
    ['message', message, /^Message to \+244923000007$/],
    ['message-beside-list', `${message}?list=messages`, /^Message to /],
    ['phones', '#/phones', 'Phones'],
    ['phone', `#/phones/${encodeURIComponent(ids.phone)}`, `Phone ${ids.phone}`],
    ['campaigns', '#/campaigns', 'Campaigns'],
    ['campaign', `#/campaigns/${ids.campaign}`, `Campaign Natal ${XSS}`],
    ['organizations', '#/organizations', 'Organizations'],
    ['requests', '#/requests', 'Request log'],
    ['request', `#/requests/${ids.request}`, /^(GET|POST) /],
    ['webhooks', '#/webhooks', 'Webhook outbox'],
    ['webhook', `#/webhooks/${ids.delivery}`, /^Webhook /],
    ['search', `#/search?q=${encodeURIComponent('Natal')}`, 'Search: “Natal”'],
    ['actions', '#/actions', 'Snapshots & faults'],
  ];
}

const geometry = () =>
  page.evaluate(() => {
    const rect = (selector: string) => {
      const r = document.querySelector(selector)?.getBoundingClientRect();
      return r === undefined
        ? null
        : { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    return {
      scrollY: window.scrollY,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      masthead: rect('#masthead'),
      search: rect('#search'),
      title: rect('#view-title'),
      list: rect('.pane-list'),
      record: rect('.pane-record'),
    };
  });

const active = () =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { id: el?.id ?? '', href: el?.getAttribute('href') ?? null, text: el?.textContent };
  });

/** The message link of the list's nth row (0-based). */
const rowLink = (n: number) =>
  page.locator('#view tbody tr').nth(n).locator('a[href^="#/messages/"]');

async function atWidth(width: number, height = 900): Promise<void> {
  await page.setViewportSize({ width, height });
  // The page re-renders when the window crosses the two-pane width.
  await browser.settled();
}

/** Waits until the record at `href` (`#/messages/<id>`) is on screen, and nothing else renders. */
async function showsRecord(href: string | null): Promise<void> {
  const id = href?.split('/').pop() ?? '';
  await expect.poll(() => page.locator('#view dd code', { hasText: id }).count()).toBe(1);
  await browser.settled();
}

describe('inspector layout', { timeout: 240_000 }, () => {
  it.each([390, 1280, 1920])(
    'shows every view at %i px: axe-clean, no sideways scroll, screenshot',
    async (width) => {
      await atWidth(width, width === 390 ? 844 : 900);
      const failures: string[] = [];
      for (const [name, hash, title] of views()) {
        await browser.open(hash, title);
        const shape = await geometry();
        if (shape.overflow > 0) failures.push(`${name}: ${shape.overflow}px sideways scroll`);
        // A list's cells may be cut to one line; a record's never are (D155).
        const cut = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('#view td')]
            .filter((td) => td.closest('.pane-list, main[data-shape="list"]') === null)
            .filter((td) => td.scrollWidth > td.clientWidth + 1)
            .map((td) => td.textContent?.slice(0, 40)),
        );
        if (cut.length > 0) failures.push(`${name}: record cells cut: ${cut.join(' | ')}`);
        for (const problem of await browser.axeProblems()) failures.push(`${name}: ${problem}`);
        await browser.screenshot(`${name}-${width}`);
      }
      expect(failures).toEqual([]);
      await browser.expectInert();
    },
  );

  it('opens at the top and keeps the masthead (navigation, search) in view after navigating', async () => {
    await atWidth(1440, 900);
    await page.goto('about:blank');
    await page.goto(`${browser.cli.info.inspector_url}#/phones`);
    await expect.poll(() => browser.title()).toBe('Phones');
    // A hash change after load used to focus the view with scrolling: the page opened 152 px down.
    await page.locator('#nav a', { hasText: 'Messages' }).click();
    await expect.poll(() => browser.title()).toBe('Messages');
    // The focus moves once the view is on screen, after its title: a live update may have drawn
    // the new address first (a loaded gate once read the focus still on the link, E69).
    await expect.poll(active).toMatchObject({ id: 'view' });
    let shape = await geometry();
    expect(shape.scrollY).toBe(0);
    // Far down the list, the masthead is still at the top of the window…
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    shape = await geometry();
    expect(shape.scrollY).toBeGreaterThan(500);
    expect(shape.masthead?.top).toBe(0);
    expect(shape.search?.top).toBeGreaterThanOrEqual(0);
    // …and a view opened from there starts at its top, under it.
    await page.locator('#nav a', { hasText: 'Campaigns' }).click();
    await expect.poll(() => browser.title()).toBe('Campaigns');
    await expect.poll(active).toMatchObject({ id: 'view' });
    shape = await geometry();
    expect(shape.scrollY).toBe(0);
    expect(shape.masthead?.top).toBe(0);
    expect(shape.title?.top).toBeGreaterThanOrEqual(shape.masthead?.bottom ?? Number.NaN);
  });

  it('at 390 px shows list rows as compact cards, several to a screen, without sideways scroll', async () => {
    await atWidth(390, 844);
    for (const [hash, title] of [
      ['#/messages', 'Messages'],
      ['#/phones', 'Phones'],
      ['#/campaigns', 'Campaigns'],
      ['#/requests', 'Request log'],
      ['#/webhooks', 'Webhook outbox'],
    ] as const) {
      await browser.open(hash, title);
      const rows = await page
        .locator('#view tbody tr')
        .evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
      expect(rows.length, hash).toBeGreaterThan(0);
      expect(Math.max(...rows), hash).toBeLessThanOrEqual(80);
      expect((await geometry()).overflow, hash).toBe(0);
    }
    await browser.open('#/messages', 'Messages');
    // Halfway down the list the masthead is still at the top, and leaves room for six rows or more.
    await page.evaluate(() => window.scrollTo(0, 1_500));
    expect((await geometry()).masthead?.top).toBe(0);
    expect(await rowsOnScreen()).toBeGreaterThanOrEqual(6);
  });

  it('from 1200 px opens a row beside its list; the list keeps its page, scroll and row in place', async () => {
    for (const width of [1280, 1920]) {
      await atWidth(width, 900);
      await browser.open('#/messages?offset=5', 'Messages');
      await browser.settled();
      const row = rowLink(30);
      await row.scrollIntoViewIfNeeded();
      // The row's top, not its link's: a row laid out as a card in the narrower pane may wrap its
      // cells (a status chip with its badges) differently, moving the link within the row.
      const before = (await row.locator('xpath=ancestor::tr[1]').boundingBox())?.y ?? Number.NaN;
      const href = (await row.getAttribute('href')) ?? '';
      await row.click();
      await expect.poll(() => browser.title()).toMatch(/^Message to /);
      expect(page.url()).toContain(`${href}?list=${encodeURIComponent('messages?offset=5')}`);
      const shape = await geometry();
      expect(shape.list).not.toBeNull();
      expect(shape.record?.left).toBeGreaterThanOrEqual(shape.list?.right ?? Number.NaN);
      expect(Math.abs((shape.record?.top ?? 0) - (shape.list?.top ?? 0))).toBeLessThan(2);
      expect(shape.overflow).toBe(0);
      // The list is the same page (offset 5: its first row is the sixth newest message)…
      expect(await page.locator('#list-title').textContent()).toBe('Messages');
      // Chips and badges in the list pane stay chips: not stretched to the cell like a clamped link.
      const chipWidths = await page
        .locator('.pane-list tbody tr a.chip')
        .evaluateAll((chips) => chips.slice(0, 12).map((c) => c.getBoundingClientRect().width));
      expect(chipWidths.length).toBeGreaterThan(0);
      expect(Math.max(...chipWidths)).toBeLessThan(120);
      const opened = page.locator('.pane-list tbody tr[aria-current="true"]');
      expect(await opened.locator('a[href^="#/messages/"]').getAttribute('href')).toBe(href);
      // …with the opened row where it was on screen, and the focus still on it.
      expect(Math.abs(((await opened.boundingBox())?.y ?? 0) - before)).toBeLessThan(3);
      expect((await active()).href).toBe(href);
      const paneScroll = () => page.locator('.pane-list').evaluate((el) => el.scrollTop);
      const scrolled = await paneScroll();
      expect(scrolled).toBeGreaterThan(0);
      // Opening the next row, and a live update, leave the list where it is.
      await page.locator('.pane-list tbody tr').nth(31).locator('a[href^="#/messages/"]').click();
      await expect
        .poll(() => page.locator('.pane-list tbody tr[aria-current="true"]').count())
        .toBe(1);
      await expect
        .poll(() => page.locator('.pane-list tbody tr').nth(31).getAttribute('aria-current'))
        .toBe('true');
      expect(await paneScroll()).toBe(scrolled);
      const title = await browser.title();
      const count = async () =>
        Number((await page.locator('#clock').textContent())?.match(/(\d+) messages/)?.[1]);
      const counted = await count();
      await publicApi(browser.cli.origin, browser.cli.info.live_key).post('/messages', {
        to: '+244923000099',
        body: 'Chegou agora',
      });
      await expect.poll(count).toBe(counted + 1);
      expect(await paneScroll()).toBe(scrolled);
      expect(await browser.title()).toBe(title);
    }
    // Narrower than 1200 px the same address shows the record alone; wider again, both.
    await atWidth(1100, 900);
    expect(await page.locator('.pane').count()).toBe(0);
    expect(await browser.title()).toMatch(/^Message to /);
    await atWidth(1280, 900);
    expect(await page.locator('.pane').count()).toBe(2);
  });

  it('below 1200 px a row opens alone, and Esc goes back to the same row of the same page', async () => {
    for (const width of [1100, 390]) {
      await atWidth(width, 844);
      await browser.open('#/messages?offset=3', 'Messages');
      await browser.settled();
      const row = rowLink(25);
      await row.scrollIntoViewIfNeeded();
      const scrollY = await page.evaluate(() => window.scrollY);
      const href = (await row.getAttribute('href')) ?? '';
      await row.click();
      await expect.poll(() => browser.title()).toMatch(/^Message to /);
      expect(await page.locator('.pane').count()).toBe(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => browser.title()).toBe('Messages');
      expect(page.url()).toMatch(/#\/messages\?offset=3$/);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
      expect((await active()).href).toBe(href);
    }
  });

  it('moves through rows with j and k, opens with Enter and closes with Esc; not while typing', async () => {
    for (const width of [1280, 390]) {
      await atWidth(width, 844);
      // Arriving at a view puts the focus on it (not in the search box, where j is a letter).
      await browser.open('#/phones', 'Phones');
      await browser.open('#/messages', 'Messages');
      await browser.settled();
      const first = await rowLink(0).getAttribute('href');
      const second = await rowLink(1).getAttribute('href');
      await page.keyboard.press('j');
      expect((await active()).href).toBe(first);
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      await page.keyboard.press('k');
      expect((await active()).href).toBe(second);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.url()).toContain(`${second}?list=messages`);
      await showsRecord(second);
      expect(await page.locator('.pane-list').count()).toBe(width >= 1200 ? 1 : 0);
      if (width >= 1200) {
        // Beside the list, j and k go on through the list's rows.
        await page.keyboard.press('k');
        expect((await active()).href).toBe(first);
        await page.keyboard.press('Enter');
        await expect.poll(() => page.url()).toContain(`${first}?list=messages`);
        await showsRecord(first);
      }
      // Typing j in a field of the record is text, and Esc there does not leave the view.
      await page.locator('#reply-body').fill('');
      await page.locator('#reply-body').press('j');
      await page.locator('#reply-body').press('Escape');
      expect(await page.locator('#reply-body').inputValue()).toBe('j');
      await expect.poll(() => browser.title()).toMatch(/^Message to /);
      await page.locator('#view-title').click();
      await page.keyboard.press('Escape');
      await expect.poll(() => browser.title()).toBe('Messages');
      await browser.settled();
      expect((await active()).href).toBe(width >= 1200 ? first : second);
      // Nor in the search box.
      await page.keyboard.press('/');
      await page.keyboard.type('jk');
      expect(await page.locator('#search').inputValue()).toBe('jk');
      expect((await active()).id).toBe('search');
      await page.locator('#search').fill('');
    }
  });

  it('has a skip link, first in the tab order, that moves to the view and keeps the address', async () => {
    await atWidth(1280, 900);
    await page.goto('about:blank');
    await page.goto(`${browser.cli.info.inspector_url}#/campaigns`);
    await expect.poll(() => browser.title()).toBe('Campaigns');
    await page.keyboard.press('Tab');
    expect(await active()).toMatchObject({ text: 'Skip to content' });
    const link = await page.locator('#skip-link').boundingBox();
    expect(link?.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect((await active()).id).toBe('view');
    expect(page.url()).toMatch(/#\/campaigns$/);
    expect(await browser.title()).toBe('Campaigns');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.getElementById('view')?.contains(document.activeElement)),
    ).toBe(true);
    expect(await browser.axeProblems()).toEqual([]);
  });

  it('saw no console error, page error or dialog', () => {
    expect(browser.problems).toEqual([]);
    expect(browser.dialogs).toEqual([]);
  });
});

/** List rows wholly on screen, below the masthead. */
function rowsOnScreen(): Promise<number> {
  return page.evaluate(() => {
    const top = document.getElementById('masthead')?.getBoundingClientRect().bottom ?? 0;
    return [...document.querySelectorAll('#view tbody tr')].filter((tr) => {
      const r = tr.getBoundingClientRect();
      return r.top >= top && r.bottom <= window.innerHeight;
    }).length;
  });
}
