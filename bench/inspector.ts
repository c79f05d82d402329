/**
 * Benchmark of the inspector (issue 14) on a world of 100,000 messages: the page's first paint
 * (navigation until the newest messages are on screen, in headless Chromium) and a search by
 * partial number and by text (typed in the page until the results are shown, and the server's
 * answer alone), and a list filtered by words of the filter language (issue 25, D156: a hash change
 * to `#/messages?q=…` until the rows are shown, and the server's answer alone). Targets: first
 * paint < 1 s, search < 200 ms, filtered list ≤ 100 ms. Floors measured in the same run:
 * the same first paint on an empty world, and a round trip to `GET /__mock/clock` (the cheapest
 * control request), so a slow machine shows as a slow floor, not as a regression.
 */
import { existsSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { sendBatch } from '../packages/mock/src/domain/campaigns/campaigns';
import { runUntilIdle } from '../packages/mock/src/domain/engine/engine';
import { createMockService, type MockService } from '../packages/mock/src/index';
import { createMockServer } from '../packages/mock-server/src/server/node-server';
import { fmt, median, report } from './harness';

const CHROMIUM = '/usr/bin/chromium';
const MESSAGES = 100_000;

function world(messages: number): MockService {
  const mock = createMockService({ rateLimits: false });
  const demo = mock.seedDemo();
  mock.control.fundAccount(demo.organization.id, '100000000.000000');
  const caller = {
    organizationId: demo.organization.id,
    environment: 'live' as const,
    apiKeyId: 'bench',
  };
  for (let c = 0; c < messages / 1000; c++) {
    const recipients = Array.from(
      { length: 1000 },
      (_, i) =>
        `+2449${[2, 3, 4, 5, 1][(i + c) % 5]}${String(1000000 + ((c * 7919 + i * 104729) % 9000000)).slice(-7)}`,
    );
    sendBatch(mock.world, caller, {
      senderId: demo.sender.id,
      channelType: 'SMS',
      content: `Campaign ${c}: your monthly statement is ready.`,
      recipients,
    });
    if (c % 20 === 19) runUntilIdle(mock.world);
  }
  runUntilIdle(mock.world);
  return mock;
}

async function timeHttp(url: string, times: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    const response = await fetch(url);
    await response.text();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    samples.push(Number(process.hrtime.bigint() - start));
  }
  return median(samples);
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.log(`inspector bench skipped: ${CHROMIUM} is missing`);
    return;
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    // Times are read from the page's own marks (`inspector:rendered` when a view's data is on
    // screen, `inspector:search` when a search is submitted), relative to the navigation's start:
    // what a person waits for, without the test driver's polling.
    const rendered = async (page: Page, view: string, after = 0) =>
      Number(
        await (
          await page.waitForFunction(
            ([name, from]) =>
              performance
                .getEntriesByName('inspector:rendered')
                .filter((entry) => (entry as PerformanceMark).detail?.view === name)
                .map((entry) => entry.startTime)
                .find((time) => time > from) ?? false,
            [view, after] as const,
            { polling: 'raf' },
          )
        ).jsonValue(),
      );
    const measure = async (mock: MockService) => {
      const server = createMockServer({ mock });
      const { origin } = await server.listen(0, '127.0.0.1');
      try {
        const page = await browser.newPage();
        await page.goto('about:blank');
        const paints: number[] = [];
        // The first load also pays for building the server's catalogue of the world; it is kept.
        for (let i = 0; i < 6; i++) {
          await page.goto('about:blank');
          await page.goto(`${origin}/#/messages`);
          paints.push(await rendered(page, 'messages'));
        }
        const searches: Record<string, number> = {};
        for (const [name, query] of [
          ['number', '923 45'],
          ['text', 'campaign 77:'],
        ] as const) {
          const samples: number[] = [];
          for (let i = 0; i < 5; i++) {
            await page.goto('about:blank');
            await page.goto(`${origin}/#/messages`);
            await rendered(page, 'messages');
            await page.locator('#search').fill(`${query}${' '.repeat(i)}`);
            await page.locator('#search').press('Enter');
            const start = await page.evaluate(
              () => performance.getEntriesByName('inspector:search').at(-1)?.startTime ?? 0,
            );
            samples.push((await rendered(page, 'search', start)) - start);
          }
          // The first search after the server started: its joined strings are built once the first
          // view is answered (D102), before anyone has typed.
          if (name === 'number') searches['number, first after the page opened'] = samples[0]!;
          searches[name] = median(samples);
          searches[`${name} (server)`] =
            (await timeHttp(
              `${origin}/__mock/inspector/api/search?q=${encodeURIComponent(query)}`,
              9,
            )) / 1e6;
        }
        // A filtered list, as a click on a status chip or a per-state count opens it (D156).
        const campaign =
          [...mock.world.campaigns.all()][50]?.id ?? '00000000-0000-7000-8000-000000000000';
        const filters: Record<string, number> = {};
        for (const [name, query] of [
          ['status', 'status:failed'],
          ['campaign and status', `campaign:${campaign} status:delivered`],
          ['text and channel', 'statement channel:sms'],
        ] as const) {
          const samples: number[] = [];
          for (let i = 0; i < 5; i++) {
            await page.goto('about:blank');
            await page.goto(`${origin}/#/messages`);
            await rendered(page, 'messages');
            const start = await page.evaluate((q) => {
              const now = performance.now();
              location.hash = `#/messages?q=${encodeURIComponent(q)}`;
              return now;
            }, query);
            samples.push((await rendered(page, 'messages', start)) - start);
          }
          filters[name] = median(samples);
          filters[`${name} (server)`] =
            (await timeHttp(
              `${origin}/__mock/inspector/api/messages?q=${encodeURIComponent(query)}&limit=50`,
              9,
            )) / 1e6;
        }
        const floor = (await timeHttp(`${origin}/__mock/clock`, 21)) / 1e6;
        await page.close();
        return { first: paints[0]!, warm: median(paints.slice(1)), searches, filters, floor };
      } finally {
        await server.close();
      }
    };
    const empty = await measure(world(0));
    const filled = Date.now();
    const big = world(MESSAGES);
    report(
      `world of ${big.world.messages.size} messages built`,
      `${((Date.now() - filled) / 1000).toFixed(1)} s`,
    );
    const full = await measure(big);
    const ms = (value: number) => fmt(value * 1e6);
    report('inspector floor: first paint, empty world', ms(empty.first));
    report('inspector floor: GET /__mock/clock round trip', ms(full.floor));
    report('inspector floor: first paint, empty world (warm)', ms(empty.warm));
    report(
      'inspector first paint, 100k messages (cold server)',
      `${ms(full.first)} (×${(full.first / empty.first).toFixed(1)} floor)`,
      '< 1 s',
      full.first < 1_000,
    );
    report(
      'inspector first paint, 100k messages (warm)',
      `${ms(full.warm)} (×${(full.warm / empty.warm).toFixed(1)} floor)`,
      '< 1 s',
      full.warm < 1_000,
    );
    for (const [name, value] of Object.entries(full.searches)) {
      const floor = empty.searches[name.replace(', first after the page opened', '')]!;
      report(`inspector floor: search by ${name}, empty world`, ms(floor));
      report(
        `inspector search by ${name}, 100k messages`,
        `${ms(value)} (×${(value / floor).toFixed(1)} floor)`,
        '< 200 ms',
        value < 200,
      );
    }
    for (const [name, value] of Object.entries(full.filters)) {
      const floor = empty.filters[name]!;
      report(`inspector floor: filtered list (${name}), empty world`, ms(floor));
      report(
        `inspector filtered list (${name}), 100k messages`,
        `${ms(value)} (×${(value / floor).toFixed(1)} floor)`,
        '≤ 100 ms',
        value <= 100,
      );
    }
  } finally {
    await browser.close();
  }
}

console.log('\n## Inspector (issue 14)');
await main();
