/**
 * Rate limits: the headers on every answer after the limiter, and the batch limit of 10 a minute
 * enforced exactly. The enforcement check runs last and spends the key's batch window on invalid
 * bodies (rate limiting runs before validation, so nothing is sent), following the headers
 * through a window that resets on the way (spec Limits; D8; D34).
 */
import { type Api, codeOf, describeExchange, type Exchange } from '../api';
import type { Check } from '../check';
import { expectThat } from '../drift';

const INVALID_BATCH = { recipients: [] };

function limitHeaders(answer: Exchange) {
  const read = (name: string) => {
    const value = answer.headers.get(name);
    return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
  };
  return {
    limit: read('x-ratelimit-limit'),
    remaining: read('x-ratelimit-remaining'),
    reset: read('x-ratelimit-reset'),
  };
}

/** The checks of this group. */
export const LIMIT_CHECKS: readonly Check[] = [
  {
    id: 'limits.headers',
    title: 'X-RateLimit-* headers: 60 a minute for GET /messages, 10 for POST /campaigns/batch',
    cites: 'spec Limits; D8',
    async run({ api }) {
      for (const [method, path, limit, spec] of [
        ['GET', '/messages', 60, { query: { size: 1 } }],
        ['POST', '/campaigns/batch', 10, { body: INVALID_BATCH }],
      ] as const) {
        const first = limitHeaders(await api.request(method, path, spec));
        const second = limitHeaders(await api.request(method, path, spec));
        expectThat(
          first.limit === limit &&
            second.limit === limit &&
            first.remaining !== undefined &&
            first.remaining < limit &&
            second.remaining !== undefined &&
            (second.remaining === first.remaining - 1 ||
              // a new window opened between the two requests
              (second.remaining === limit - 1 && second.reset! > first.reset!)) &&
            first.reset !== undefined &&
            first.reset <= 60,
          `${method} ${path}: X-RateLimit-Limit ${limit}, Remaining counting down by one, Reset in whole seconds ≤ 60`,
          () =>
            `limit ${first.limit}/${second.limit}, remaining ${first.remaining} then ${second.remaining}, reset ${first.reset}`,
        );
      }
    },
  },
  {
    id: 'limits.batch-enforced',
    title:
      'The batch limit refuses the request after the last one the window allows, with 429 and Retry-After',
    cites: 'spec Limits (10 per minute per API key); D8; D34',
    async run({ api }) {
      // A window that resets mid-count (seen on a fast clock) is recognised by its headers and
      // the count starts again in the new window; only the same window's answers are judged.
      for (let attempt = 1; ; attempt++) {
        if ((await countOutWindow(api)) === 'judged') return;
        expectThat(
          attempt < 10,
          'a window that lasts long enough to count down (10 windows tried)',
          () => 'X-RateLimit-Reset said a new window opened before the count reached 0 each time',
        );
      }
    },
  },
];

/**
 * Spends the rest of the key's batch window on invalid bodies and asks once more. Returns
 * `'new-window'` when the headers show a new window opened on the way (Remaining went up, or the
 * last request came back as the first of a window whose Reset is longer than the one before);
 * otherwise judges the last answer.
 */
async function countOutWindow(api: Api): Promise<'judged' | 'new-window'> {
  const first = await api.request('POST', '/campaigns/batch', { body: INVALID_BATCH });
  let last = limitHeaders(first);
  expectThat(
    first.status === 422 && last.remaining !== undefined && last.limit !== undefined,
    'a 422 with X-RateLimit-Limit and X-RateLimit-Remaining',
    () => describeExchange(first),
  );
  while (last.remaining! > 0) {
    const next = await api.request('POST', '/campaigns/batch', {
      body: INVALID_BATCH,
      see429: true,
    });
    expectThat(
      next.status === 422,
      `422 while ${last.remaining} requests remain in the window`,
      () => describeExchange(next),
    );
    const now = limitHeaders(next);
    if (now.remaining !== undefined && now.remaining >= last.remaining!) return 'new-window';
    last = now;
  }
  const refused = await api.request('POST', '/campaigns/batch', {
    body: INVALID_BATCH,
    see429: true,
  });
  const now = limitHeaders(refused);
  if (
    refused.status === 422 &&
    now.remaining === last.limit! - 1 &&
    now.reset !== undefined &&
    last.reset !== undefined &&
    now.reset > last.reset
  ) {
    return 'new-window';
  }
  const after = refused.headers.get('retry-after');
  expectThat(
    refused.status === 429 &&
      codeOf(refused) === 'RATE_LIMIT_EXCEEDED' &&
      after !== null &&
      /^\d+$/.test(after) &&
      Number(after) >= 1,
    '429 RATE_LIMIT_EXCEEDED with Retry-After ≥ 1 once Remaining is 0',
    () => `${describeExchange(refused)} Retry-After ${after}`,
  );
  return 'judged';
}
