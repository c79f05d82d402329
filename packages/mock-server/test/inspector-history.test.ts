/**
 * The status timeline in real headless Chromium (issue 25, item 3; D167): after a snapshot, a
 * reset and a restore — the moment the old inspector said "No status changes seen since the server
 * started" — a message's and a campaign's detail views show every step, in world time, with the
 * time between steps and each failure's error code; axe-core finds no serious or critical problem.
 * Screenshots go to `.reports/inspector-history-*.png` (not committed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlApi, publicApi } from './support/http';
import { type InspectorBrowser, startInspectorBrowser } from './support/inspector-browser';

let browser: InspectorBrowser;

beforeAll(async () => {
  browser = await startInspectorBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.stop();
});

/** The timeline's items as their text, one per step. */
async function steps(): Promise<string[]> {
  const items = browser.page.locator('ol.timeline').first().locator('li');
  return (await items.allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
}

describe('status timelines after a restore', { timeout: 60_000 }, () => {
  it('show every step of a message and a campaign in world time', async () => {
    const { cli, page } = browser;
    const live = publicApi(cli.origin, cli.info.live_key);
    const control = controlApi(cli.origin);
    const delivered = (await live.post('/messages', { to: '+244900000001', body: 'Olá' })).body.id;
    const absent = (await live.post('/messages', { to: '+244900000002', body: 'Olá' })).body.id;
    const batch = await live.post('/campaigns/batch', {
      remitter_id: cli.info.sender_id.id,
      channel_type: 'SMS',
      content: 'Promo',
      recipients: ['+244900000001', '+244923000002'],
    });
    const campaign = batch.body.campaign_id as string;
    expect((await control.post('/clock/run-until-idle')).status).toBe(200);
    const snapshot = (await control.post('/snapshots', { name: 'before reset' })).body.id;
    expect((await control.post('/reset')).status).toBe(200);
    expect((await control.post(`/snapshots/${snapshot}/restore`)).status).toBe(200);

    await page.goto(cli.info.inspector_url);
    await browser.open(`#/messages/${delivered}`, /^Message/);
    await expect.poll(steps).toHaveLength(3);
    const shown = await steps();
    // PENDING at creation (the pinned virtual clock), SENT after dispatch, DELIVERED 1 s later.
    expect(shown[0]).toBe('PENDING 2026-01-01 09:00:00.000');
    expect(shown[1]).toMatch(/^SENT 2026-01-01 09:00:0\d\.\d{3} \+\d\.\d{3} s$/);
    expect(shown[2]).toMatch(/^DELIVERED 2026-01-01 09:00:0\d\.\d{3} \+1\.000 s$/);
    expect(await browser.viewText()).not.toContain('No status');
    await browser.screenshot('history-message');
    expect(await browser.axeProblems()).toEqual([]);

    // Polled until it holds: both views are titled "Message", so the previous message's timeline
    // may still be on the page when the title matches.
    await browser.open(`#/messages/${absent}`, /^Message/);
    await expect.poll(async () => (await steps())[2]).toMatch(/^UNDELIVERED .* ABSENT_SUBSCRIBER$/);
    expect(await steps()).toHaveLength(3);

    await browser.open(`#/campaigns/${campaign}`, /^Campaign/);
    await expect
      .poll(async () => (await steps()).map((step) => step.split(' ')[0]))
      .toEqual(['PROCESSING', 'SENDING', 'COMPLETED']);
    expect((await steps())[0]).toBe('PROCESSING 2026-01-01 09:00:00.000');
    await browser.screenshot('history-campaign');
    expect(await browser.axeProblems()).toEqual([]);
    expect(browser.problems).toEqual([]);
    await browser.expectInert();
  });
});
