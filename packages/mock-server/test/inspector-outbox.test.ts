/**
 * The outbox, the badges and every fault kind, in real headless Chromium (issue 25 items 6 and 7):
 * the failed-only filter and its links, each attempt's latency and the receiver's answer shown as
 * text, "Redeliver all failed" pressed twice while its attempts run (each delivery sent once more),
 * the channel, environment and opt-out badges with their links, every fault kind armed from the
 * page and seen through the public API, every webhook event triggered from the page, snapshots by
 * world time, and axe-core clean at 390 and 1920 px. Screenshots go to `.reports/`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlApi, publicApi } from './support/http';
import { type InspectorBrowser, startInspectorBrowser, XSS } from './support/inspector-browser';

let browser: InspectorBrowser;
let cli: InspectorBrowser['cli'];
let page: InspectorBrowser['page'];
let receiver: Server;
let received = 0;
/** While set, the receiver holds its answers (the attempts are still running). */
let held: (() => void)[] | undefined;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      const answer = () =>
        response.writeHead(503, { 'content-type': 'text/plain' }).end(`down for now ${XSS}`);
      if (held === undefined) answer();
      else held.push(answer);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  browser = await startInspectorBrowser();
  ({ cli, page } = browser);
}, 60_000);

afterAll(async () => {
  await browser?.stop();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

const live = () => publicApi(cli.origin, cli.info.live_key);
const control = () => controlApi(cli.origin);
const viewText = () => browser.viewText();
const notice = () => page.locator('#notice').textContent();
const open = (hash: string, expected: string | RegExp) => browser.open(hash, expected);

async function failedCount(): Promise<number> {
  return (await control().get('/webhooks/outbox', 'state=failed')).body.entries.length;
}

describe('inspector outbox, badges and faults', { timeout: 90_000 }, () => {
  let messageId: string;

  it('lists the failed deliveries only, each linked to its message, with the answer as text', async () => {
    const endpoint = await control().post(
      `/organizations/${cli.info.organization_id}/webhook-endpoints`,
      { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks` },
    );
    expect(endpoint.status).toBe(201);
    const sent = await live().post('/messages', { to: '+244923000001', body: 'Olá' });
    messageId = sent.body.id;
    await control().post('/clock/run-until-idle');
    const failed = await failedCount();
    expect(failed).toBeGreaterThan(0);

    await page.goto(cli.info.inspector_url);
    await open('#/webhooks', 'Webhook outbox');
    await expect
      .poll(() => page.locator('#redeliver-failed').textContent())
      .toBe(`Redeliver all failed (${failed})`);
    await page.getByRole('link', { name: `Failed only (${failed})` }).click();
    await expect.poll(() => browser.title()).toBe('Webhook outbox: failed');
    const rows = page.locator('#view tbody tr');
    await expect.poll(() => rows.count()).toBe(failed);
    for (const state of await rows.locator('.chip').allTextContents()) expect(state).toBe('failed');
    expect(await browser.axeProblems()).toEqual([]);
    await browser.screenshot('outbox-failed');

    // From a delivery to the message it is about.
    await rows.first().getByRole('link', { name: 'message', exact: true }).click();
    await expect.poll(() => browser.title()).toBe('Message to +244923000001');
    expect(page.url()).toContain(`#/messages/${messageId}`);

    // A delivery's attempts: latency, and the receiver's answer as text.
    await open('#/webhooks?state=failed', 'Webhook outbox: failed');
    await rows.first().getByRole('link', { name: 'message.status_updated' }).click();
    await expect.poll(() => browser.title()).toBe('Webhook message.status_updated');
    await expect.poll(viewText).toMatch(/Latency \d+ ms/);
    expect(await page.locator('pre.answer').first().textContent()).toBe(`down for now ${XSS}`);
    await browser.expectInert();
    expect(await browser.axeProblems()).toEqual([]);
    await browser.screenshot('delivery-answer');
  });

  it('redelivers every failed delivery once, however often the button is pressed', async () => {
    const failed = await failedCount();
    await open('#/webhooks?state=failed', 'Webhook outbox: failed');
    const button = page.locator('#redeliver-failed');
    await expect.poll(() => button.isEnabled()).toBe(true);
    const before = received;
    held = [];
    await button.click();
    // Pressed again while the attempts wait on the receiver: the page sends nothing more, and the
    // server would find nothing failed.
    await button.click({ force: true }).catch(() => undefined);
    await expect.poll(() => received - before).toBe(failed);
    await expect.poll(notice).toBe(`Redelivered ${failed} failed deliveries`);
    const again = await control().post('/webhooks/outbox/redeliver-failed');
    expect(again.body).toEqual({ redelivered: [], skipped: 0, remaining: 0 });
    for (const answer of held) answer();
    held = undefined;
    await expect.poll(failedCount).toBe(failed);
    expect(received - before).toBe(failed);
  });

  it('shows channel, environment and opt-out badges, each a link to its filtered list', async () => {
    const whatsapp = await live().post('/messages', {
      to: '+244923000088',
      body: 'Pelo WhatsApp',
      channel_type: 'WHATSAPP',
    });
    expect(whatsapp.status).toBe(201);
    await control().post('/inbound', { from: '+244923000088', to: 'MSGSVC', body: 'PARAR' });
    await open('#/messages', 'Messages');
    const row = page.locator('#view tbody tr', { hasText: 'Pelo WhatsApp' });
    await expect.poll(() => row.count()).toBe(1);
    const hrefs = await row
      .locator('a.badge')
      .evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(hrefs).toEqual([
      ['WhatsApp', '#/messages?q=channel%3Awhatsapp'],
      ['live', '#/messages?q=env%3Alive'],
      ['opted out', '#/messages?q=is%3Aopted-out'],
    ]);
    // A message to a number that never said STOP has no opt-out badge.
    const other = page.locator('#view tbody tr', { hasText: 'Olá' }).first();
    expect(await other.locator('a.badge').allTextContents()).toEqual(['SMS', 'live']);

    // The phone says where it opted out; the badge links to its messages.
    await open(`#/phones/${encodeURIComponent('+244923000088')}`, 'Phone +244923000088');
    const phoneBadge = page.locator('#view p.badges a.badge');
    expect(await phoneBadge.textContent()).toMatch(/^opted out of .+ \(live\)$/);
    expect(await phoneBadge.getAttribute('href')).toBe(
      '#/messages?q=to%3A244923000088+is%3Aopted-out',
    );
    // The message's own view carries the badges too, and following one changes the address.
    await open(`#/messages/${whatsapp.body.id}`, 'Message to +244923000088');
    const badges = page.locator('#view dd a.badge');
    expect(await badges.allTextContents()).toEqual(['WhatsApp', 'live', 'opted out']);
    expect(await browser.axeProblems()).toEqual([]);
    await badges.first().click();
    await expect.poll(() => page.url()).toMatch(/#\/messages\?q=channel%3Awhatsapp$/);
    await browser.screenshot('badges');
  });

  it('arms every fault kind from the page; the public API shows each', async () => {
    await open('#/actions', 'Snapshots & faults');
    const arm = async (button: string) => {
      await page.getByRole('button', { name: button }).click();
      await expect.poll(notice).toBe('Fault armed');
      await page.locator('#notice').evaluate((n) => n.replaceChildren());
    };

    // Request failure.
    await page.locator('#fault-operation').selectOption('listMessages');
    await page.locator('#fault-status').selectOption('503');
    await arm('Arm request failure');
    expect((await live().get('/messages')).status).toBe(503);

    // Latency: the next retrieveMessage answers at least that much later (a lower bound only).
    await page.locator('#latency-operation').selectOption('retrieveMessage');
    await page.locator('#latency-ms').fill('700');
    await arm('Arm latency');
    const started = performance.now();
    expect((await live().get(`/messages/${messageId}`)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(690);

    // Campaign failure: the next campaign fails to dispatch.
    await page.locator('#dispatch-count').fill('1');
    await arm('Arm campaign failure');
    const campaign = await live().post('/campaigns/batch', {
      remitter_id: cli.info.sender_id.id,
      content: 'Promo',
      channel_type: 'SMS',
      recipients: ['+244923000101', '+244923000102'],
    });
    expect(campaign.status).toBe(202);

    // Carrier outage: UNITEL down for the next hour of world time.
    const now = (await control().get('/clock')).body.now as string;
    const later = new Date(Date.parse(now) + 3_600_000).toISOString();
    await page.locator('#outage-destination').fill('UNITEL');
    await page.locator('#outage-from').fill(now);
    await page.locator('#outage-to').fill(later);
    await arm('Arm carrier outage');
    const toUnitel = await live().post('/messages', { to: '+244923000202', body: 'Falha' });

    // The request failure fired already; the others wait for their moment.
    await expect.poll(viewText).toContain('carrier outage');
    const armed = await control().get('/faults');
    expect(armed.body.carrier_outages).toHaveLength(1);
    expect(armed.body.dispatch_failures).toHaveLength(1);
    expect(await browser.axeProblems()).toEqual([]);
    await browser.screenshot('faults');

    await control().post('/clock/run-until-idle');
    const failedCampaign = await live().get(`/campaigns/${campaign.body.campaign_id}`);
    expect(failedCampaign.body.status).toBe('FAILED');
    const outage = await live().get(`/messages/${toUnitel.body.id}`);
    expect(outage.body).toMatchObject({ status: 'UNDELIVERED', error_code: 'CARRIER_OUTAGE' });
    await control().delete('/faults');
  });

  it('triggers every webhook event type from the page', async () => {
    await open('#/actions', 'Snapshots & faults');
    const types = await page
      .locator('#trigger-type option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(types.sort()).toEqual([
      'campaign.completed',
      'message.received',
      'message.status_updated',
    ]);
    for (const type of types) {
      const count = async () =>
        (await control().get('/webhooks/outbox', `type=${type}`)).body.entries.length as number;
      const before = await count();
      await page.locator('#trigger-type').selectOption(type);
      await page.getByRole('button', { name: 'Trigger event' }).click();
      await expect.poll(notice).toBe(`Triggered ${type}`);
      await page.locator('#notice').evaluate((n) => n.replaceChildren());
      expect(await count()).toBeGreaterThan(before);
    }
    // The fields the contract adds reach the server: a test-environment message, its own error code.
    await page.locator('#trigger-type').selectOption('message.status_updated');
    await page.locator('#trigger-status').selectOption('UNDELIVERED');
    await page.locator('#trigger-error-code').fill('ABSENT_SUBSCRIBER');
    await page.locator('#trigger-environment').selectOption('test');
    await page.locator('#trigger-to').fill('+244923000303');
    await page.getByRole('button', { name: 'Trigger event' }).click();
    await expect.poll(notice).toBe('Triggered message.status_updated');
    const testMessages = await publicApi(cli.origin, cli.info.test_key).get('/messages');
    // The test key sees it: it was created in the test environment (the only test message).
    expect(testMessages.body.entries).toHaveLength(1);
    const created = await publicApi(cli.origin, cli.info.test_key).get(
      `/messages/${testMessages.body.entries[0].id}`,
    );
    expect(created.body).toMatchObject({
      e164_format: '+244923000303',
      status: 'UNDELIVERED',
      error_code: 'ABSENT_SUBSCRIBER',
    });
  });

  it("shows a snapshot's world time in its Taken (world) column", async () => {
    await open('#/actions', 'Snapshots & faults');
    const now = (await control().get('/clock')).body.now as string;
    await page.getByRole('button', { name: 'Take snapshot' }).click();
    await expect.poll(notice).toBe('Snapshot taken');
    const [snapshot] = (await control().get('/snapshots')).body.entries;
    expect(snapshot.world_time).toBe(now); // a virtual clock stands still
    const cell = page.locator('#view section[aria-label="Snapshots"] tbody tr time').first();
    await expect.poll(() => cell.getAttribute('datetime')).toBe(now);
    expect(await cell.textContent()).toBe(now.replace('T', ' ').slice(0, 23));
    // The world's day is not today's: the wall clock is nowhere in the row.
    const today = new Date().toISOString().slice(0, 10);
    expect(now.startsWith(today)).toBe(false);
    const row = page.locator('#view section[aria-label="Snapshots"] tbody tr').first();
    expect(await row.textContent()).not.toContain(today);
    expect(snapshot.name).toBe(`inspector ${now}`);
  });

  it('is axe-clean and usable at 390 and 1920 px', async () => {
    for (const width of [390, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [hash, title] of [
        ['#/webhooks', 'Webhook outbox'],
        ['#/actions', 'Snapshots & faults'],
        ['#/messages', 'Messages'],
      ] as const) {
        await open(hash, title);
        expect(await browser.axeProblems(), `${hash} at ${width}`).toEqual([]);
      }
      await open('#/webhooks', 'Webhook outbox');
      await browser.screenshot(`outbox-${width}`);
    }
    await page.setViewportSize({ width: 1300, height: 1000 });
    await browser.expectInert();
    expect(browser.problems.filter((p) => !p.includes('status of 503'))).toEqual([]);
  });
});
