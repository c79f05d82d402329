/**
 * Rate limits: the headers on every answer after the limiter, and the batch limit of 10 a minute
 * enforced exactly, on invalid bodies: rate limiting runs before validation, so nothing is sent
 * (spec Limits).
 */
import { type Api, codeOf, describeExchange, type Exchange } from '../check-kit/api';
import { checks } from '../check-kit/check';
import { expectThat } from '../check-kit/drift';

const INVALID_BATCH = { recipients: [] };

/** The three `X-RateLimit-*` headers of `answer`, each a whole number or `undefined`. */
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

/** Fails unless `answer` carries the three rate-limit headers with `limit`; returns them. */
export function expectLimitHeaders(answer: Exchange, limit: number) {
  const got = limitHeaders(answer);
  expectThat(
    got.limit === limit && got.remaining! < limit && got.reset! <= 60,
    `${answer.method} ${answer.path} → ${answer.status}: X-RateLimit-Limit ${limit}, X-RateLimit-Remaining below it, X-RateLimit-Reset in whole seconds ≤ 60`,
    () => `Limit ${got.limit}, Remaining ${got.remaining}, Reset ${got.reset}`,
  );
  return got;
}

/** The checks of this group. */
export const LIMIT_CHECKS = checks({
  'limits.headers': {
    title: 'X-RateLimit-* headers: 60 a minute for GET /messages, 10 for POST /campaigns/batch',
    cites: 'spec Limits; D8',
    async run({ api }) {
      for (const [method, path, limit, spec] of [
        ['GET', '/messages', 60, { query: { size: 1 } }],
        ['POST', '/campaigns/batch', 10, { body: INVALID_BATCH }],
      ] as const) {
        const first = expectLimitHeaders(await api.request(method, path, spec), limit);
        const second = expectLimitHeaders(await api.request(method, path, spec), limit);
        expectThat(
          second.remaining === first.remaining! - 1 ||
            // a new window opened between the two requests
            (second.remaining === limit - 1 && second.reset! >= first.reset!),
          `${method} ${path}: X-RateLimit-Remaining counting down by one`,
          () =>
            `remaining ${first.remaining} then ${second.remaining}, reset ${first.reset} then ${second.reset}`,
        );
      }
    },
  },
  'limits.batch-enforced': {
    title:
      'The batch limit refuses the request after the last one the window allows, with 429 and Retry-After',
    cites: 'spec Limits (10 per minute per API key); D8; D34',
    async run({ api }) {
      // A window that resets mid-count (seen on a fast clock) is recognised by its headers and
      // the count starts again in a new window; only one window's answers are judged.
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
});

/**
 * Spends the rest of the key's batch window on invalid bodies and one request more, all at once,
 * so they land in one window however fast the deployment's clock runs. Returns `'new-window'`
 * when the headers show a new window opened on the way (an answer with as many requests left as
 * the first one had: within one window every later answer has fewer); otherwise judges them:
 * the ones the window allows are 422s and exactly one is a 429 with Retry-After.
 */
async function countOutWindow(api: Api): Promise<'judged' | 'new-window'> {
  const first = await api.request('POST', '/campaigns/batch', { body: INVALID_BATCH });
  const left = limitHeaders(first).remaining;
  expectThat(first.status === 422 && left !== undefined, 'a 422 with X-RateLimit-Remaining', () =>
    describeExchange(first),
  );
  const burst = await Promise.all(
    Array.from({ length: left! + 1 }, () =>
      api.request('POST', '/campaigns/batch', { body: INVALID_BATCH, see429: true }),
    ),
  );
  if (burst.some((answer) => (limitHeaders(answer).remaining ?? -1) >= left!)) return 'new-window';
  const refused = burst.filter((answer) => answer.status === 429);
  const allowed = burst.filter((answer) => answer.status === 422);
  const after = refused[0]?.headers.get('retry-after') ?? null;
  expectThat(
    allowed.length === left &&
      refused.length === 1 &&
      codeOf(refused[0]!) === 'RATE_LIMIT_EXCEEDED' &&
      after !== null &&
      /^\d+$/.test(after) &&
      Number(after) >= 1,
    `${left} more 422s while the window allows them, then one 429 RATE_LIMIT_EXCEEDED with Retry-After ≥ 1`,
    () =>
      burst
        .map(
          (answer) =>
            `${describeExchange(answer)} Retry-After ${answer.headers.get('retry-after')}`,
        )
        .join(' / '),
  );
  return 'judged';
}
