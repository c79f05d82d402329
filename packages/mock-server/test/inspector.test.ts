/**
 * The inspector page in real headless Chromium (Debian's `chromium`, driven by playwright-core):
 * every view and deep link, every action (clock, snapshot and restore, reset, simulated reply,
 * fault, redelivery), live updates without reload, keyboard-only use, hostile text shown as text
 * in every field, and axe-core finding no serious or critical problem. One server and one browser
 * for the file. Screenshots of each view go to `.reports/inspector-*.png` (not committed).
 *
 * Chromium is required: in CI `.ci/run` installs it; when it is missing this test fails, loudly.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlApi, publicApi } from './support/http';
import { type InspectorBrowser, startInspectorBrowser, XSS } from './support/inspector-browser';

let browser: InspectorBrowser;
let cli: InspectorBrowser['cli'];
let page: InspectorBrowser['page'];
let problems: string[];
let dialogs: string[];

beforeAll(async () => {
  browser = await startInspectorBrowser();
  ({ cli, page, problems, dialogs } = browser);
}, 60_000);

afterAll(async () => {
  await browser?.stop();
});

const live = () => publicApi(cli.origin, cli.info.live_key);
const control = () => controlApi(cli.origin);
const title = () => browser.title();
const viewText = () => browser.viewText();
const open = (hash: string, expected: string | RegExp) => browser.open(hash, expected);
const screenshot = (name: string) => browser.screenshot(name);
const axeProblems = () => browser.axeProblems();
const expectInert = () => browser.expectInert();

describe('inspector page', { timeout: 60_000 }, () => {
  let messageId: string;
  let campaignId: string;

  it('opens on the messages list and shows a message sent through the API without reload', async () => {
    await page.goto(cli.info.inspector_url);
    await expect.poll(() => page.locator('#status').textContent()).toBe('Live');
    await expect.poll(title).toBe('Messages');
    expect(await viewText()).toContain('No messages.');
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    const sent = await live().post('/messages', { to: '+244923000001', body: `Olá ${XSS}` });
    messageId = sent.body.id;
    await expect.poll(viewText).toContain(`Olá ${XSS}`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    // World time in the header, and the wall clock beside it (the virtual clock is in 2026-01-01).
    expect(await page.locator('#clock').textContent()).toMatch(
      /^World 2026-01-01 09:00:00 \(virtual\) · wall /,
    );
    await expectInert();
  });

  it('shows a message as the public API returns it, with its timeline, cost and segments (deep link)', async () => {
    await control().post('/clock/run-until-idle');
    await open(`#/messages/${messageId}`, 'Message to +244923000001');
    const retrieved = await live().get(`/messages/${messageId}`);
    const json = JSON.parse((await page.locator('pre').first().textContent()) ?? '');
    expect(json).toEqual(retrieved.body);
    const text = await viewText();
    // "á" needs UCS-2, and the hostile text makes it two segments: 2 × 4.000000 on UNITEL (D26).
    expect(text).toContain('Segments2 (UCS_2)');
    expect(text).toContain('Cost8.000000');
    const steps = await page.locator('ol.timeline li').allTextContents();
    expect(steps.map((step) => step.split(' ')[0])).toEqual(['PENDING', 'SENT', 'DELIVERED']);
    await expectInert();
    expect(await axeProblems()).toEqual([]);
    await screenshot('message');
  });

  it('simulates a reply from the message page; the phone thread shows both ways', async () => {
    await page.locator('#reply-body').fill(`Obrigado ${XSS}`);
    // A change arriving while the form is being filled in does not wipe what was typed.
    await live().post('/messages', { to: '+244923000099', body: 'Outra' });
    await expect.poll(() => page.locator('#clock').textContent()).toContain(' 2 messages');
    expect(await page.locator('#reply-body').inputValue()).toBe(`Obrigado ${XSS}`);
    // The page holds the change while the field has the focus and renders it when the focus
    // leaves; a click that moves the focus starts that render, and a click that lands on the form
    // the render replaces submits nothing. So the field is left first and the render awaited.
    await page.locator('#reply-body').blur();
    await browser.settled();
    expect(await page.locator('#reply-body').inputValue()).toBe(`Obrigado ${XSS}`);
    await page.getByRole('button', { name: 'Simulate reply' }).click();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('Reply simulated');
    await expect.poll(viewText).toContain(`Obrigado ${XSS}`);
    await page.locator('dd a', { hasText: '+244923000001' }).click();
    await expect.poll(title).toBe('Phone +244923000001');
    const bubbles = page.locator('ol.thread li');
    expect(await bubbles.count()).toBe(2);
    expect(await bubbles.nth(0).getAttribute('class')).toBe('bubble outbound');
    expect(await bubbles.nth(1).textContent()).toContain(`Obrigado ${XSS}`);
    await expectInert();
    expect(await axeProblems()).toEqual([]);
    await screenshot('phone');
  });

  it('submits a form pressed while a change is held for its field (the render waits for the release)', async () => {
    const sent = await live().post('/messages', { to: '+244923000097', body: 'Responde' });
    await page.goto(`${cli.info.inspector_url}#/messages/${sent.body.id}`);
    await expect.poll(title).toBe('Message to +244923000097');
    await browser.settled();
    await page.locator('#reply-body').fill('Segunda resposta');
    const clock = (await page.locator('#clock').textContent()) ?? '';
    await live().post('/messages', { to: '+244923000098', body: 'Mais uma' });
    await expect.poll(() => page.locator('#clock').textContent()).not.toBe(clock);
    // The press moves the focus out of the field, which starts the held render; the release comes
    // only once that render is done (or was never started), so the click lands on what is there.
    const button = page.getByRole('button', { name: 'Simulate reply' });
    const box = await button.boundingBox();
    if (box === null) throw new Error('the Simulate reply button is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await browser.settled();
    await page.mouse.up();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('Reply simulated');
    await expect.poll(viewText).toContain('Segunda resposta');
  });

  it('shows a campaign with per-state counts and its messages; hostile names stay text', async () => {
    const accepted = await live().post('/campaigns/batch', {
      remitter_id: cli.info.sender_id.id,
      channel_type: 'SMS',
      name: `Natal ${XSS}`,
      content: 'Promoção de Natal: 20% de desconto em todas as lojas até domingo. Válido só hoje!',
      recipients: ['+244923000001', '+244912000002', '+244951000003', '12345678'],
    });
    campaignId = accepted.body.campaign_id;
    await control().post('/organizations', { name: `Org ${XSS}` });
    await control().post('/clock/run-until-idle');
    await open('#/campaigns', 'Campaigns');
    await browser.settled();
    await page.locator('#view a', { hasText: 'Natal' }).click();
    await expect.poll(title).toBe(`Campaign Natal ${XSS}`);
    const text = await viewText();
    expect(text).toContain('COMPLETED');
    // Per-state counts add up to the four recipients; the invalid number failed. (The exact
    // statuses a count takes in follow it in brackets.)
    const perState = [
      ...(text.match(/Per state(.*?)Organization/)?.[1] ?? '')
        .replace(/\(of which [^)]*\)/g, '')
        .matchAll(/([A-Z_]+) (\d+)/g),
    ];
    expect(perState.reduce((sum, [, , n]) => sum + Number(n), 0)).toBe(4);
    expect(perState.find(([, status]) => status === 'FAILED')?.[2]).toBe('1');
    expect(await page.locator('progress').getAttribute('max')).toBe('4');
    expect(await page.locator('section[aria-label="Campaign messages"] tbody tr').count()).toBe(4);
    expect(page.url()).toContain(`#/campaigns/${campaignId}`);
    await expectInert();
    expect(await axeProblems()).toEqual([]);
    await screenshot('campaign');

    await open('#/organizations', 'Organizations');
    expect(await viewText()).toContain(`Org ${XSS}`);
    expect(await viewText()).toContain('svc_live_demo…');
    await expectInert();
    expect(await axeProblems()).toEqual([]);
    await screenshot('organizations');
  });

  it('finds by partial number, text and campaign name from the one search box, keyboard only', async () => {
    await page.locator('body').press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search');
    await page.keyboard.type('912 000');
    await page.keyboard.press('Enter');
    await expect.poll(title).toBe('Search: “912 000”');
    expect(await page.locator('section[aria-label="Matching phones"]').textContent()).toContain(
      '+244912000002',
    );
    // The view takes focus; Tab reaches the first result, arrows move through the rows.
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement?.textContent);
    expect(first).toBe('+244912000002');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(title).toBe('Phone +244912000002');
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement!).outlineStyle,
    );
    expect(['solid', 'auto']).toContain(outline);

    await open('#/search?q=natal', 'Search: “natal”');
    expect(await page.locator('section[aria-label="Matching campaigns"] h3').textContent()).toBe(
      'Campaigns (1)',
    );
    await open('#/search?q=obrigado', 'Search: “obrigado”');
    expect(await page.locator('section[aria-label="Matching messages"] h3').textContent()).toBe(
      'Messages (0)',
    );
    expect(await page.locator('section[aria-label="Matching replies"]').textContent()).toContain(
      `Obrigado ${XSS}`,
    );
    await open('#/search?q=promo%C3%A7%C3%A3o', 'Search: “promoção”');
    expect(await page.locator('section[aria-label="Matching messages"] h3').textContent()).toBe(
      'Messages (4)',
    );
    await page.locator('section[aria-label="Matching messages"] tbody a').first().focus();
    await page.keyboard.press('ArrowDown');
    const second = await page.evaluate(() => document.activeElement?.closest('tr')?.rowIndex);
    expect(second).toBe(2);
    await expectInert();
    expect(await axeProblems()).toEqual([]);
    await screenshot('search');
  });

  it('shows a request with headers and both bodies, keys by prefix everywhere, in world time', async () => {
    await control().post('/clock/advance', { ms: 3_600_000 });
    await publicApi(cli.origin, cli.info.live_key).get(
      `/messages/${messageId}`,
      `api_key=${cli.info.live_key}`,
    );
    await open('#/requests', 'Request log');
    const firstRow = page.locator('#view tbody tr').first();
    expect(await firstRow.textContent()).toMatch(
      /^2026-01-01 10:00:\d\d[\d.]* · wall \d\d:\d\d:\d\dGET/,
    );
    await firstRow.locator('a').click();
    await expect.poll(title).toMatch(/^GET \/c\/v1\/messages\//);
    const text = await viewText();
    expect(text).toContain('api_key=svc_live_demo…');
    expect(text).toContain('x-api-key');
    expect(text).toContain(messageId);
    const whole = (await page.content()) + text;
    expect(whole).not.toContain(cli.info.live_key);
    expect(whole).not.toContain(cli.info.test_key);

    // The request that carried hostile text shows it, inert, in its body.
    await open('#/requests?q=%2Fmessages', 'Request log');
    await page
      .locator('#view tbody tr a', { hasText: /^\/c\/v1\/messages$/ })
      .last()
      .click();
    await expect.poll(viewText).toContain('window.__xss=2');
    await expectInert();
    expect(await axeProblems()).toEqual([]);
    await screenshot('request');
  });

  it('shows a webhook delivery with payload, signed headers and attempts, and redelivers it', async () => {
    let hits = 0;
    const hooks = createServer((req, res) => {
      hits++;
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`;
      await control().post(`/organizations/${cli.info.organization_id}/webhook-endpoints`, { url });
      await control().post('/inbound', {
        from: '+244923000001',
        to: 'MSGSVC',
        body: `Mais ${XSS}`,
      });
      await control().post('/clock/run-until-idle');
      await open('#/webhooks', 'Webhook outbox');
      // The delivery's live updates may still be re-rendering the list (seen once in a loaded gate:
      // the click landed while the view was replaced, and the record never opened).
      await browser.settled();
      await page.locator('#view tbody a', { hasText: 'message.received' }).first().click();
      await expect.poll(title).toBe('Webhook message.received');
      const text = await viewText();
      expect(text).toContain('HTTP 204');
      expect(text).toMatch(/webhook-signaturev1,/);
      expect(text).toContain(`Mais ${XSS}`.replace(/"/g, '\\"'));
      const before = hits;
      await page.getByRole('button', { name: 'Redeliver now' }).click();
      await expect.poll(() => page.locator('#notice').textContent()).toBe('Redelivery scheduled');
      await control().post('/clock/run-until-idle');
      await expect
        .poll(() => page.locator('section[aria-label="Attempts"] h3').textContent())
        .toBe('Attempts (2)');
      expect(hits).toBe(before + 1);
      await expectInert();
      expect(await axeProblems()).toEqual([]);
      await screenshot('webhook');
    } finally {
      hooks.close();
    }
  });

  it('moves the clock from the toolbar: +1 min, +1 h, run until idle', async () => {
    const now = async () => Date.parse((await control().get('/clock')).body.now);
    const start = await now();
    await page.getByRole('button', { name: '+1 min' }).click();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('Clock moved 1 minute');
    expect(await now()).toBe(start + 60_000);
    await page.getByRole('button', { name: '+1 h' }).click();
    await expect.poll(now).toBe(start + 3_660_000);
    await live().post('/messages', { to: '+244923000009', body: 'Pendente' });
    await page.getByRole('button', { name: 'Run until idle' }).click();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('Ran until idle');
    expect((await control().get('/counts')).body.pending_tasks).toBe(0);
    await expect.poll(() => page.locator('#clock').textContent()).toMatch(/ 0 pending tasks$/);
  });

  it('keeps a choice made in a form when a live update re-renders the view', async () => {
    await open('#/actions', 'Snapshots & faults');
    await page.locator('#fault-operation').selectOption('retrieveCampaign');
    await page.locator('#search').focus(); // the focus leaves the form: updates are not held back
    const renders = () =>
      page.evaluate(() => performance.getEntriesByName('inspector:rendered').length);
    const before = await renders();
    await live().post('/messages', { to: '+244923000123', body: 'a change' });
    await expect.poll(renders).toBeGreaterThan(before);
    expect(await page.locator('#fault-operation').inputValue()).toBe('retrieveCampaign');
    await page.locator('#fault-operation').selectOption('');
  });

  it('arms a fault from the page; the next request fails with it', async () => {
    await open('#/actions', 'Snapshots & faults');
    await page.locator('#fault-operation').selectOption('listMessages');
    await page.locator('#fault-status').selectOption('503');
    await page.getByRole('button', { name: 'Arm request failure' }).click();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('Fault armed');
    await expect.poll(viewText).toContain('listMessages → 503');
    expect((await live().get(`/messages/${messageId}`)).status).toBe(200); // another operation
    const failed = await live().get('/messages');
    expect(failed.status).toBe(503);
    expect(await axeProblems()).toEqual([]);
    await screenshot('actions');
  });

  it('triggers a webhook event from the page, and shows the reason when it cannot happen', async () => {
    await open('#/actions', 'Snapshots & faults');
    const sent = await live().post('/messages', { to: '+244923000321', body: 'Trigger me' });
    const notice = () => page.locator('#notice').textContent();
    const submit = async (status: string) => {
      await page.locator('#trigger-type').selectOption('message.status_updated');
      await page.locator('#trigger-subject').fill(sent.body.id);
      await page.locator('#trigger-status').selectOption(status);
      await page.getByRole('button', { name: 'Trigger event' }).click();
    };
    // Each submit waits for the live re-renders of what came before (the send, then the trigger)
    // to settle: a loaded gate once filled the form while it was being replaced.
    await browser.settled();
    await submit('UNDELIVERED');
    await expect.poll(notice).toBe('Triggered message.status_updated');
    expect((await live().get(`/messages/${sent.body.id}`)).body.status).toBe('UNDELIVERED');
    // A final status changes no more (D135): the server's reason is the notice.
    const seen = problems.length;
    await browser.settled();
    await submit('DELIVERED');
    await expect.poll(notice).toMatch(/UNDELIVERED, a final status/);
    // The browser logs the refused request; that one line is the point of this step, not a fault.
    expect(problems.splice(seen)).toEqual([
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
    expect((await live().get(`/messages/${sent.body.id}`)).body.status).toBe('UNDELIVERED');
    expect(await axeProblems()).toEqual([]);
  });

  it('takes a snapshot, resets (asking twice) and restores the snapshot', async () => {
    const messages = async () => (await control().get('/counts')).body.messages as number;
    const count = await messages();
    expect(count).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Take snapshot' }).click();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('Snapshot taken');
    await expect.poll(() => page.locator('#view button', { hasText: 'Restore' }).count()).toBe(1);

    const reset = page.locator('button[data-action="reset"]');
    await reset.click();
    expect(await reset.textContent()).toBe('Confirm reset');
    expect(await messages()).toBe(count);
    await reset.click();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('World reset');
    expect(await messages()).toBe(0);

    await page.locator('#view button', { hasText: 'Restore' }).click();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('Snapshot restored');
    expect(await messages()).toBe(count);
    await open('#/messages', 'Messages');
    await expect.poll(viewText).toContain('Pendente');
    expect(await axeProblems()).toEqual([]);
    await screenshot('messages');
  });

  it('lists the worlds and shows one at a time: its messages, its clock, its toolbar (D130)', async () => {
    const world = (await control().post('/worlds', { name: 'checkout' })).body;
    await publicApi(cli.origin, world.live_key).post('/messages', {
      to: '+244923000777',
      body: 'Only in the checkout world',
    });
    await page.goto(cli.info.inspector_url);
    await expect.poll(() => page.locator('#status').textContent()).toBe('Live');
    const options = () => page.locator('#world option').allTextContents();
    await expect.poll(options).toEqual(['default world', `checkout (${world.id})`]);
    await expect.poll(viewText).not.toContain('Only in the checkout world');
    await page.locator('#world').selectOption(world.id);
    await page.waitForURL(`**/?world=${world.id}*`);
    await expect.poll(() => page.locator('#status').textContent()).toBe('Live');
    await expect.poll(viewText).toContain('Only in the checkout world');
    expect(await page.locator('#world').inputValue()).toBe(world.id);
    // The toolbar acts on the world shown, not the default one.
    const clockOf = async (prefix: string) =>
      Date.parse((await controlApi(cli.origin, undefined, prefix).get('/clock')).body.now);
    const [before, defaultBefore] = [await clockOf(world.id), await clockOf('default')];
    await page.getByRole('button', { name: '+1 min' }).click();
    await expect.poll(() => clockOf(world.id)).toBe(before + 60_000);
    expect(await clockOf('default')).toBe(defaultBefore);
    // Live updates follow the world shown.
    await publicApi(cli.origin, world.live_key).post('/messages', {
      to: '+244923000778',
      body: 'Second in checkout',
    });
    await expect.poll(viewText).toContain('Second in checkout');
    await page.locator('#world').selectOption('default');
    await page.waitForURL((url) => !url.search.includes('world='));
    await expect.poll(viewText).not.toContain('Only in the checkout world');
    expect(await axeProblems()).toEqual([]);
  });

  it('loaded every view without a console error, CSP violation or dialog', () => {
    expect(problems).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});
