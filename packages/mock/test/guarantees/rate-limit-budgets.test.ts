// Rate-limit budgets (D8), complementing ../rate-limits.test.ts (limits per operation, windows,
// what counts): a live and a test key of one organization spend separate budgets, the reset
// counts down on the virtual clock, Retry-After always equals the seconds to the reset, limits can
// be changed while a window is open, and windows are part of the world.
import { describe, expect, it } from 'vitest';
import { DEFAULT_START_TIME } from '../../src/index';
import { type ApiResponse, api } from '../support/api';
import { createMockService } from '../support/mock';

function setup() {
  const mock = createMockService();
  const demo = mock.seedDemo();
  return { mock, demo, live: api(mock, demo.liveKey), test: api(mock, demo.testKey) };
}

function budget(response: ApiResponse) {
  return {
    status: response.status,
    limit: response.headers.get('x-ratelimit-limit'),
    remaining: response.headers.get('x-ratelimit-remaining'),
    reset: response.headers.get('x-ratelimit-reset'),
    retryAfter: response.headers.get('retry-after'),
  };
}

describe('live and test keys of one organization (D8)', () => {
  it('spend separate budgets, whichever runs out first', async () => {
    const { mock, live, test } = setup();
    mock.control.configureRateLimits({ listMessages: 3 });
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      for (const [name, client] of [
        ['live', live],
        ['test', test],
      ] as const) {
        const { status, remaining } = budget(await client.get('/messages'));
        seen.push(`${name} ${status} ${remaining}`);
      }
    }
    expect(seen).toEqual([
      'live 200 2',
      'test 200 2',
      'live 200 1',
      'test 200 1',
      'live 200 0',
      'test 200 0',
      'live 429 0',
      'test 429 0',
    ]);
  });

  it('a test key that used up its batch budget leaves the live key untouched', async () => {
    const { demo, live, test } = setup();
    const body = {
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Promo',
      recipients: ['+244923000001', '+244923000002'],
    };
    for (let i = 0; i < 10; i++)
      expect((await test.post('/campaigns/batch', body)).status).toBe(202);
    expect(budget(await test.post('/campaigns/batch', body))).toMatchObject({
      status: 429,
      remaining: '0',
    });
    expect(budget(await live.post('/campaigns/batch', body))).toMatchObject({
      status: 202,
      limit: '10',
      remaining: '9',
    });
  });
});

describe('on the virtual clock', () => {
  it('X-RateLimit-Reset counts down the whole seconds left in the window', async () => {
    const { mock, live } = setup();
    const steps: [advance: number, reset: string, remaining: string][] = [
      [0, '60', '59'],
      [1, '60', '58'], // 59.999 s left: rounded up
      [999, '59', '57'],
      [14_500, '45', '56'], // 44.5 s left
      [44_000, '1', '55'],
      [499, '1', '54'], // 1 ms left
      [1, '60', '59'], // a new window opens with this request
    ];
    for (const [advance, reset, remaining] of steps) {
      mock.clock.advance(advance);
      expect(budget(await live.get('/messages'))).toEqual({
        status: 200,
        limit: '60',
        remaining,
        reset,
        retryAfter: null,
      });
    }
  });

  it('Retry-After equals X-RateLimit-Reset, the seconds until the window resets', async () => {
    const { mock, live } = setup();
    mock.control.configureRateLimits({ listCampaigns: 1 });
    expect((await live.get('/campaigns')).status).toBe(200);
    const elapsed = [0, 1, 999, 29_500, 58_999, 59_999];
    const answers: [number, string | null, string | null][] = [];
    for (const at of elapsed) {
      mock.clock.advance(DEFAULT_START_TIME + at - mock.clock.now().getTime());
      const response = budget(await live.get('/campaigns'));
      expect(response).toMatchObject({ status: 429, limit: '1', remaining: '0' });
      answers.push([at, response.reset, response.retryAfter]);
    }
    expect(answers).toEqual([
      [0, '60', '60'],
      [1, '60', '60'],
      [999, '60', '60'],
      [29_500, '31', '31'],
      [58_999, '2', '2'],
      [59_999, '1', '1'], // at least 1
    ]);
    // Waiting exactly Retry-After seconds is enough.
    mock.clock.advance(1);
    expect(budget(await live.get('/campaigns'))).toMatchObject({ status: 200, remaining: '0' });
  });
});

describe('configureRateLimits while a window is open', () => {
  it('tightening below what was spent refuses at once; relaxing lets the same window go on', async () => {
    const { mock, live } = setup();
    for (let i = 0; i < 5; i++) await live.get('/messages');
    mock.clock.advance(10_000);

    mock.control.configureRateLimits({ listMessages: 3 });
    expect(budget(await live.get('/messages'))).toEqual({
      status: 429,
      limit: '3',
      remaining: '0',
      reset: '50',
      retryAfter: '50',
    });
    // A refused request is not counted: 5 spent, so a limit of 10 leaves 4 after this one.
    mock.control.configureRateLimits({ listMessages: 10 });
    expect(budget(await live.get('/messages'))).toMatchObject({
      status: 200,
      limit: '10',
      remaining: '4',
      reset: '50',
    });
  });

  it('a change applies to every key and only to the operation named', async () => {
    const { mock, live, test } = setup();
    mock.control.configureRateLimits({ retrieveCampaign: 2 });
    const id = '0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3';
    expect(budget(await live.get(`/campaigns/${id}`)).limit).toBe('2');
    expect(budget(await test.get(`/campaigns/${id}`)).limit).toBe('2');
    expect(budget(await live.get('/campaigns')).limit).toBe('600');
    expect(budget(await live.get(`/messages/${id}`)).limit).toBe('600');
  });

  it('false disables every limit, and the responses keep their X-RateLimit-* headers', async () => {
    const { mock, demo, live } = setup();
    mock.control.configureRateLimits(false);
    let last: ApiResponse | undefined;
    for (let i = 0; i < 61; i++) {
      last = await live.get('/messages');
      expect(last.status).toBe(200);
    }
    // The contract requires the headers on every success: an unlimited budget is a huge one.
    const { limit, remaining, reset } = budget(last!);
    expect(Number(limit)).toBeGreaterThan(1_000_000);
    expect(Number(limit) - Number(remaining)).toBe(61);
    expect(reset).toBe('60');
    const body = {
      remitter_id: demo.sender.id,
      channel_type: 'SMS',
      content: 'Promo',
      recipients: ['+244923000001', '+244923000002'],
    };
    for (let i = 0; i < 11; i++)
      expect((await live.post('/campaigns/batch', body)).status).toBe(202);
  });
});

describe('windows are part of the world', () => {
  it('a restored snapshot continues the same window', async () => {
    const { mock, live, demo } = setup();
    mock.control.configureRateLimits({ listMessages: 2 });
    await live.get('/messages');
    await live.get('/messages');
    mock.clock.advance(20_000);
    const snapshot = mock.snapshot();

    const copy = createMockService();
    copy.restore(JSON.parse(JSON.stringify(snapshot)));
    expect(budget(await api(copy, demo.liveKey).get('/messages'))).toMatchObject({
      status: 429,
      limit: '2',
      reset: '40',
      retryAfter: '40',
    });
    copy.clock.advance(40_000);
    expect((await api(copy, demo.liveKey).get('/messages')).status).toBe(200);
  });
});
