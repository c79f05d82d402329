/**
 * The request journal in Chromium, as a tester uses it (issue 25 items 5 and 8): filter by status
 * class with a click and by operation with the select (each filter an address), see the near-miss
 * hint of a request that almost matched, follow a request to the message it created and back,
 * find a request by the words of the message it sent — at 390, 1300 and 1920 px, with hostile
 * text shown as text and axe-core finding no serious or critical problem.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlApi, publicApi } from './support/http';
import { type InspectorBrowser, startInspectorBrowser, XSS } from './support/inspector-browser';

let browser: InspectorBrowser;
let cli: InspectorBrowser['cli'];
let page: InspectorBrowser['page'];

beforeAll(async () => {
  browser = await startInspectorBrowser();
  ({ cli, page } = browser);
}, 60_000);

afterAll(async () => {
  await browser?.stop();
});

const live = () => publicApi(cli.origin, cli.info.live_key);
const rows = () => page.locator('#view tbody tr');

/** A request the contract would refuse (the test helpers check answers against the contract). */
function raw(method: string, path: string, body?: unknown) {
  return fetch(`${cli.origin}${path}`, {
    method,
    headers: { 'x-api-key': cli.info.live_key!, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('request journal', { timeout: 90_000 }, () => {
  let messageId: string;

  it('filters the journal by status class with a click, and by operation with the select', async () => {
    await page.goto(cli.info.inspector_url);
    await expect.poll(() => page.locator('#status').textContent()).toBe('Live');
    const sent = await live().post('/messages', {
      to: '+244923000001',
      body: `Renovação do crédito ${XSS}`,
    });
    messageId = sent.body.id;
    expect((await raw('POST', '/c/v1/messages', { to: '+244923000001', bdoy: XSS })).status).toBe(
      422,
    );
    expect((await raw('GET', '/c/v1/mesages')).status).toBe(404);
    expect((await raw('GET', `/c/v1/${encodeURIComponent(XSS)}`)).status).toBe(404);
    await controlApi(cli.origin).post('/clock/run-until-idle');

    await browser.open('#/requests', 'Request log');
    await expect.poll(() => rows().count()).toBe(4);
    await browser.settled();
    await page.getByRole('link', { name: '4xx', exact: true }).click();
    await expect.poll(() => browser.title()).toBe('Request log · 4xx');
    expect(await page.evaluate(() => location.hash)).toBe('#/requests?class=4xx');
    await expect.poll(() => rows().count()).toBe(3);
    const text = await browser.viewText();
    expect(text).toContain('"bdoy" is not a field of sendMessage\'s body: did you mean "body"?');
    expect(text).toContain('/c/v1/messages is one letter away');
    expect(await page.locator('.filters a[aria-current="true"]').textContent()).toBe('4xx');

    await page.selectOption('#journal-op', 'sendMessage');
    await expect.poll(() => browser.title()).toBe('Request log · 4xx · sendMessage');
    expect(await page.evaluate(() => location.hash)).toBe('#/requests?class=4xx&op=sendMessage');
    await expect.poll(() => rows().count()).toBe(1);
    // The address alone gives the same list (a deep link).
    await page.reload();
    await expect.poll(() => browser.title()).toBe('Request log · 4xx · sendMessage');
    expect(await page.locator('#journal-op').inputValue()).toBe('sendMessage');
    await browser.screenshot('journal-filtered');
    expect(await browser.axeProblems()).toEqual([]);
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect.poll(() => browser.title()).toBe('Request log');
    await browser.expectInert();
  });

  it('shows the near misses of a refused request', async () => {
    await browser.open('#/requests?op=sendMessage&class=4xx', 'Request log · 4xx · sendMessage');
    await rows().first().locator('a').first().click();
    await expect.poll(() => browser.title()).toBe('POST /c/v1/messages');
    const hints = page.getByRole('region', { name: 'Near misses' });
    await expect
      .poll(() => hints.textContent())
      .toContain('"bdoy" is not a field of sendMessage\'s body: did you mean "body"?');
    // The hostile field value, shown as the JSON text it was sent as.
    expect(await page.locator('#view').textContent()).toContain(JSON.stringify(XSS).slice(1, -1));
    await browser.screenshot('journal-near-miss');
    expect(await browser.axeProblems()).toEqual([]);
    await browser.expectInert();
  });

  it('links a request to the message it created, and the message back to the request', async () => {
    await browser.open('#/requests?op=sendMessage&class=2xx', 'Request log · 2xx · sendMessage');
    await rows().first().getByRole('link', { name: 'message', exact: true }).click();
    await expect.poll(() => browser.title()).toBe('Message to +244923000001');
    // On a wide screen the record opens beside the list it came from (D152): the address keeps it.
    expect(await page.evaluate(() => location.hash)).toMatch(
      new RegExp(`^#/messages/${messageId}(\\?list=|$)`),
    );
    const createdBy = page.getByRole('region', { name: 'Created by' });
    await createdBy.getByRole('link', { name: 'POST /c/v1/messages → 201' }).click();
    await expect.poll(() => browser.title()).toBe('POST /c/v1/messages');
    const request = page.getByRole('region', { name: 'Request', exact: true });
    expect(await request.textContent()).toContain('sendMessage');
    await request.getByRole('link', { name: 'message', exact: true }).click();
    await expect.poll(() => browser.title()).toBe('Message to +244923000001');
    expect(await browser.axeProblems()).toEqual([]);
    await browser.expectInert();
  });

  it('keeps the filters and hints usable at 390 and 1920 px wide', async () => {
    for (const width of [390, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await browser.open('#/requests?class=4xx', 'Request log · 4xx');
      await expect.poll(() => rows().count()).toBe(3);
      expect(await page.getByRole('link', { name: '5xx', exact: true }).isVisible()).toBe(true);
      expect(await page.locator('#journal-op').isVisible()).toBe(true);
      expect(await browser.viewText()).toContain('did you mean "body"?');
      await browser.screenshot(`journal-${width}`);
      expect(await browser.axeProblems(), `${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1300, height: 1000 });
  });

  it('finds the request that sent a message by the message’s words, accents aside', async () => {
    await page.fill('#search', 'renovacao do CREDITO');
    await page.press('#search', 'Enter');
    await expect.poll(() => browser.title()).toBe('Search: “renovacao do CREDITO”');
    const requests = page.getByRole('region', { name: 'Matching requests' });
    await expect.poll(() => requests.locator('h3').textContent()).toBe('Requests (1)');
    expect(await requests.locator('tbody tr').count()).toBe(1);
    await browser.expectInert();
    expect(browser.problems).toEqual([]);
  });

  it('pages a filtered journal at the size chosen, the filter kept on every page', async () => {
    // More than a page of 20 refused requests (with those of the tests before, if they ran).
    for (let i = 0; i < 21; i += 1) {
      expect((await raw('GET', `/c/v1/mesages-${i}`)).status).toBe(404);
    }
    await page.goto(`${cli.info.inspector_url}#/requests?class=4xx&limit=20`);
    await expect.poll(() => browser.title()).toBe('Request log · 4xx');
    await expect.poll(() => rows().count()).toBe(20);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    const total = Number(
      (await pager.locator('.meta').textContent())?.match(/^1–20 of (\d+)$/)?.[1],
    );
    expect(total).toBeGreaterThan(20);
    expect(await page.getByLabel('Per page').inputValue()).toBe('20');
    await browser.settled();
    await pager.getByRole('link', { name: 'Older →' }).click();
    await expect
      .poll(() => page.evaluate(() => location.hash))
      .toBe('#/requests?class=4xx&limit=20&offset=20');
    await expect.poll(() => rows().count()).toBe(Math.min(total - 20, 20));
    expect(await browser.title()).toBe('Request log · 4xx');
  });
});
