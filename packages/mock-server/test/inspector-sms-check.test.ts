/**
 * The inspector's SMS check in real Chromium (issue 25, item 2): a message's detail shows where its
 * text splits, which characters forced UCS-2 and their GSM-7 replacements, segments × the price the
 * mock charged = its cost, and the cost with the replacements; the "SMS check" view does the same
 * for a pasted text, live. Both are counted by the SDK's explainSegments, so the numbers are
 * checked here against the SDK and against the message's own cost.
 */
import { explainSegments } from '@msgsvc/sdk/sms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlApi, publicApi } from './support/http';
import { type InspectorBrowser, startInspectorBrowser, XSS } from './support/inspector-browser';

// 179 characters; á, ç, í and ã make it UCS-2: three segments (67 + 67 + 45 units). Folded, it is
// GSM-7 (é of "até" is GSM-7 and stays): two segments of 153 and 26 septets.
const PORTUGUESE =
  'Olá Maria, a sua fatura de março está disponível. O pagamento não foi recebido até hoje; por favor regularize a situação para evitar a suspensão do serviço. Obrigado pela atenção.';

let browser: InspectorBrowser;
let page: InspectorBrowser['page'];

beforeAll(async () => {
  browser = await startInspectorBrowser();
  ({ page } = browser);
}, 60_000);

afterAll(async () => {
  await browser?.stop();
});

const live = () => publicApi(browser.cli.origin, browser.cli.info.live_key);
const check = (name: string) => page.locator(`[data-check="${name}"]`).textContent();
const segmentBlocks = () => page.locator('ol.sms-segments > li').allTextContents();
const marked = () => page.locator('ol.sms-segments mark.ucs2').allTextContents();

async function sendAndOpen(to: string, body: string): Promise<string> {
  const sent = await live().post('/messages', { to, body });
  expect(sent.status).toBe(201);
  await controlApi(browser.cli.origin).post('/clock/run-until-idle');
  await browser.open(`#/messages/${sent.body.id}`, `Message to ${to}`);
  return sent.body.id;
}

describe('SMS check', { timeout: 60_000 }, () => {
  it('opens the inspector', async () => {
    await page.goto(browser.cli.info.inspector_url);
    await expect.poll(() => page.locator('#status').textContent()).toBe('Live');
  });

  it('shows why a Portuguese SMS costs three segments, and what GSM-7 would cost', async () => {
    const id = await sendAndOpen('+244923000001', PORTUGUESE);
    const message = await live().get(`/messages/${id}`);
    // UNITEL, 4.000000 per segment (D26): the message itself was charged 12.000000.
    expect(await browser.viewText()).toContain('Cost12.000000');
    expect(await check('cost')).toBe('3 segments × 4.000000 AOA = 12.000000 AOA');
    const blocks = await segmentBlocks();
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toMatch(/^Segment 1 of 3 · 67\/67 units · characters 1–67/);
    expect(blocks[2]).toMatch(/^Segment 3 of 3 · 45\/67 units · characters 135–179/);
    // The boundaries are the SDK's, and the blocks hold the text exactly.
    // The text as drawn, without the words read out for each mark.
    const texts = await page.locator('ol.sms-segments .sms-text').evaluateAll((els) =>
      els.map((el) => {
        const copy = el.cloneNode(true) as HTMLElement;
        for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
        return copy.textContent;
      }),
    );
    expect(texts).toEqual(explainSegments(PORTUGUESE).spans.map((s) => s.text));
    // Each character that forced UCS-2 is marked, named in words (not by colour alone).
    expect(await marked()).toHaveLength(11);
    expect(await page.locator('ol.sms-segments mark.ucs2').first().textContent()).toContain('á');
    expect(
      await page.locator('ol.sms-segments mark.ucs2 .visually-hidden').first().textContent(),
    ).toBe(' (U+00E1 forces UCS-2; GSM-7 replacement: a)');
    // One row per distinct character, with every place it occurs.
    const rows = await page.locator('table.sms-offenders tbody tr').allInnerTexts();
    const offenders = explainSegments(PORTUGUESE).forcingUcs2;
    expect(rows).toHaveLength(new Set(offenders.map((c) => c.char)).size);
    const cedillas = offenders.filter((c) => c.char === 'ç');
    expect(rows[1]?.split('\t')).toEqual([
      'ç',
      'c',
      String(cedillas.length),
      cedillas.map((c) => c.codePointIndex + 1).join(', '),
      [...new Set(cedillas.map((c) => c.segment + 1))].join(', '),
      'U+00E7',
    ]);
    // The alternative: folded to GSM-7, two segments, one fewer.
    expect(await check('replaced-cost')).toBe('2 segments × 4.000000 AOA = 8.000000 AOA');
    const text = await browser.viewText();
    expect(text).toContain('1 segment fewer (saves 4.000000 AOA per message)');
    expect(text).toContain(
      'Ola Maria, a sua fatura de marco esta disponivel. O pagamento nao foi recebido até hoje',
    );
    expect(message.body.content).toBe(PORTUGUESE);
    expect(await browser.axeProblems()).toEqual([]);
    await browser.screenshot('sms-check-message');
  });

  it('costs with the price the mock charged on the number’s route', async () => {
    // AFRICELL_AO: 3.500000 per segment (D26).
    await sendAndOpen('+244953000001', PORTUGUESE);
    expect(await browser.viewText()).toContain('Cost10.500000');
    expect(await check('cost')).toBe('3 segments × 3.500000 AOA = 10.500000 AOA');
    expect(await check('replaced-cost')).toBe('2 segments × 3.500000 AOA = 7.000000 AOA');
  });

  it('says a GSM-7 text has nothing to replace, extension characters counted twice', async () => {
    await sendAndOpen('+244923000002', 'Pague 5€ até {amanha}');
    expect(await check('cost')).toBe('1 segment × 4.000000 AOA = 4.000000 AOA');
    expect(await segmentBlocks()).toEqual([
      'Segment 1 of 1 · 24/160 septets · characters 1–21Pague 5€ até {amanha}',
    ]);
    expect(await browser.viewText()).toContain('nothing forces UCS-2');
    expect(await page.locator('mark.ucs2').count()).toBe(0);
  });

  it('keeps hostile text as text, invisible characters shown by code point', async () => {
    await sendAndOpen('+244923000003', `Olá ${XSS}\u200b`);
    expect(await marked()).toEqual([
      'á (U+00E1 forces UCS-2; GSM-7 replacement: a)',
      '⟨U+200B⟩ (U+200B forces UCS-2; GSM-7 replacement: drop it)',
    ]);
    expect(await browser.viewText()).toContain(`Ola ${XSS}`);
    await browser.expectInert();
  });

  it('checks a pasted text live in its own view, linked from the navigation', async () => {
    await page.locator('nav a', { hasText: 'SMS check' }).click();
    await expect.poll(() => browser.title()).toBe('SMS check');
    expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe('SMS check');
    await page.locator('#sms-check-text').fill(PORTUGUESE);
    await expect.poll(segmentBlocks).toHaveLength(3);
    // No price yet: segments only.
    expect(await check('cost')).toBe('3 segments');
    expect(await check('replaced-cost')).toBe('2 segments');
    await page.locator('#sms-check-price').fill('4');
    await expect.poll(() => check('cost')).toBe('3 segments × 4.000000 AOA = 12.000000 AOA');
    expect(await check('replaced-cost')).toBe('2 segments × 4.000000 AOA = 8.000000 AOA');
    // Cut to 134 units (two full UCS-2 segments), it is two at once.
    await page.locator('#sms-check-text').fill(PORTUGUESE.slice(0, 134));
    await expect.poll(() => check('cost')).toBe('2 segments × 4.000000 AOA = 8.000000 AOA');
    expect(await browser.axeProblems()).toEqual([]);
    await browser.screenshot('sms-check-form');
  });

  it('refuses a bad price in words and keeps counting', async () => {
    await page.locator('#sms-check-price').fill('4,5 kwanza');
    await expect
      .poll(() => page.locator('#sms-check-output [role="alert"]').textContent())
      .toBe('Write the price as a decimal with up to six places, e.g. 4.000000.');
    expect(await check('cost')).toBe('2 segments');
    await page.locator('#sms-check-price').fill('-1');
    await expect
      .poll(() => page.locator('#sms-check-output [role="alert"]').textContent())
      .toBe('The price cannot be negative.');
    await page.locator('#sms-check-price').fill('3.5');
    await expect.poll(() => check('cost')).toBe('2 segments × 3.500000 AOA = 7.000000 AOA');
    expect(await page.locator('#sms-check-output [role="alert"]').count()).toBe(0);
  });

  it('keeps the check in the address: a deep link, and a live update while typing, keep it', async () => {
    const hash = await page.evaluate(() => location.hash);
    expect(new URLSearchParams(hash.split('?')[1]).get('text')).toBe(PORTUGUESE.slice(0, 134));
    // The server says something changed while the text field has the focus: after leaving it,
    // the view is redrawn with the same text and breakdown.
    await page.locator('#sms-check-text').fill(`${XSS} Olá`);
    await expect.poll(marked).toEqual(['á (U+00E1 forces UCS-2; GSM-7 replacement: a)']);
    await page.locator('#sms-check-output').evaluate((el) => el.setAttribute('data-old', ''));
    await live().post('/messages', { to: '+244923000004', body: 'Hello' });
    await page.locator('#search').focus();
    // Redrawn (the old output is gone) with the same text and breakdown.
    await expect.poll(() => page.locator('#sms-check-output[data-old]').count()).toBe(0);
    expect(await page.locator('#sms-check-text').inputValue()).toBe(`${XSS} Olá`);
    expect(await check('cost')).toBe('2 segments × 3.500000 AOA = 7.000000 AOA');
    await page.reload();
    await expect.poll(() => browser.title()).toBe('SMS check');
    expect(await page.locator('#sms-check-text').inputValue()).toBe(`${XSS} Olá`);
    expect(await page.locator('#sms-check-price').inputValue()).toBe('3.5');
    expect(await check('cost')).toBe('2 segments × 3.500000 AOA = 7.000000 AOA');
    expect(await marked()).toEqual(['á (U+00E1 forces UCS-2; GSM-7 replacement: a)']);
    await browser.expectInert();
    expect(browser.problems).toEqual([]);
  });

  it('links a message to the SMS check of its text', async () => {
    await sendAndOpen('+244923000005', 'Até já — obrigado…');
    await page.locator('a', { hasText: 'Try variations in the SMS check' }).click();
    await expect.poll(() => browser.title()).toBe('SMS check');
    expect(await page.locator('#sms-check-text').inputValue()).toBe('Até já — obrigado…');
    expect(await browser.viewText()).toContain('Até ja - obrigado...');
  });

  it('fits a phone, a laptop and a wide screen without sideways scrolling', async () => {
    const sideways = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    const id = await sendAndOpen('+244923000006', `${PORTUGUESE} 😀 ${'ç'.repeat(80)}`);
    for (const width of [390, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await browser.open(`#/messages/${id}`, 'Message to +244923000006');
      await expect.poll(segmentBlocks).toHaveLength(4);
      // The check itself stays within the window (the rest of the message page is the layout's).
      const fits = await page.evaluate(() => {
        const section = document.querySelector('section.sms-check') as HTMLElement;
        return {
          right: Math.ceil(section.getBoundingClientRect().right) <= window.innerWidth,
          inside: section.scrollWidth <= section.clientWidth,
        };
      });
      expect(fits, `${width} px`).toEqual({ right: true, inside: true });
      await browser.screenshot(`sms-check-message-${width}`);
      await browser.open(`#/sms-check?text=${encodeURIComponent(PORTUGUESE)}&price=4`, 'SMS check');
      await expect.poll(() => check('cost')).toBe('3 segments × 4.000000 AOA = 12.000000 AOA');
      expect(await sideways(), `${width} px`).toBeLessThanOrEqual(0);
      await browser.screenshot(`sms-check-form-${width}`);
    }
    expect(await browser.axeProblems()).toEqual([]);
    await page.setViewportSize({ width: 1300, height: 1000 });
  });
});
