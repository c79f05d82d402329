/**
 * Envelopes and headers on every status class: each error the suite can provoke carries the
 * whole envelope (`status` equal to the HTTP status, `trace_id` equal to `X-Trace-Id`, a timestamp
 * in the service's format, the right `service`, `fields` only where the spec allows it) with a JSON
 * content type; every answer, 2xx and 4xx, carries `X-Trace-Id`; every answer after the rate
 * limiter carries the three `X-RateLimit-*` headers with its operation's limit (spec Errors,
 * Limits).
 */
import type { Api, Exchange, RequestSpec } from '../check-kit/api';
import type { Check } from '../check-kit/check';
import { brief, expectThat } from '../check-kit/drift';
import { campaign, sentMessage } from '../check-kit/fixtures';
import { ABSENT_ID } from './list-filters';

const TRACE_ID = /^[0-9a-f]{32}$/;
/** The contract's timestamp format: `YYYY-MM-DDTHH:MM:SS.ffffff+00:00`. */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/;

/** Fails unless `answer` is `status` with the whole error envelope. */
function expectEnvelope(answer: Exchange, status: number, code: string, service = 'core'): void {
  const body = (answer.json ?? {}) as Record<string, unknown>;
  const header = answer.headers.get('x-trace-id');
  const type = answer.headers.get('content-type') ?? '';
  // `fields` only on validation errors and the scope error (spec Errors).
  const fieldsAllowed = status === 422 || status === 403;
  expectThat(
    answer.status === status &&
      body.code === code &&
      typeof body.message === 'string' &&
      body.message !== '' &&
      body.status === status &&
      typeof body.trace_id === 'string' &&
      TRACE_ID.test(body.trace_id) &&
      body.trace_id === header &&
      typeof body.timestamp === 'string' &&
      TIMESTAMP.test(body.timestamp) &&
      body.service === service &&
      (fieldsAllowed || body.fields === undefined) &&
      type.startsWith('application/json'),
    `${answer.method} ${answer.path}: ${status} ${code} in the envelope (message, status ${status}, trace_id = X-Trace-Id, timestamp with microseconds and +00:00, service "${service}"${fieldsAllowed ? '' : ', no fields'}), application/json`,
    () => `${answer.status} ${type} X-Trace-Id ${header} ${brief(body)}`,
  );
}

/** Fails unless `answer` carries the three rate-limit headers with `limit`. */
function expectLimitHeaders(answer: Exchange, limit: number): void {
  const read = (name: string) => answer.headers.get(name);
  const whole = (value: string | null) => value !== null && /^\d+$/.test(value);
  const remaining = read('x-ratelimit-remaining');
  const reset = read('x-ratelimit-reset');
  expectThat(
    read('x-ratelimit-limit') === String(limit) &&
      whole(remaining) &&
      Number(remaining) < limit &&
      whole(reset) &&
      Number(reset) <= 60,
    `${answer.method} ${answer.path} → ${answer.status}: X-RateLimit-Limit ${limit}, X-RateLimit-Remaining below it, X-RateLimit-Reset in whole seconds ≤ 60`,
    () => `Limit ${read('x-ratelimit-limit')}, Remaining ${remaining}, Reset ${reset}`,
  );
}

async function ask(api: Api, method: string, path: string, spec: RequestSpec = {}) {
  return api.request(method, path, spec);
}

/** The checks of this group. */
export const ENVELOPE_CHECKS: readonly Check[] = [
  {
    id: 'envelope.every-error',
    title:
      'Every error status (401, 404, 405, 415, 422) carries the whole envelope, trace_id = X-Trace-Id',
    cites: 'spec Errors; D1; D2; D3; D4; D32; D33',
    async run(context) {
      const { api, numbers } = context;
      const { id } = await campaign(context);
      const probes: [Exchange, number, string][] = [
        [await ask(api, 'GET', '/messages', { key: null }), 401, 'AUTH_INVALID_API_KEY'],
        [
          await ask(api, 'POST', '/campaigns/batch', { key: 'svc_test_', body: {} }),
          401,
          'AUTH_INVALID_API_KEY',
        ],
        [await ask(api, 'GET', `/messages/${ABSENT_ID}`), 404, 'NOT_FOUND'],
        [await ask(api, 'GET', `/campaigns/${ABSENT_ID}`), 404, 'RESOURCE_NOT_FOUND'],
        [await ask(api, 'GET', `/campaigns/${ABSENT_ID}/messages`), 404, 'RESOURCE_NOT_FOUND'],
        [await ask(api, 'GET', '/no-such-thing'), 404, 'NOT_FOUND'],
        [await ask(api, 'DELETE', `/campaigns/${id}`), 405, 'METHOD_NOT_ALLOWED'],
        [
          await ask(api, 'POST', '/messages', {
            raw: JSON.stringify({ to: numbers.delivered, body: 'verify 415' }),
            headers: { 'content-type': 'text/plain' },
            sends: 1,
          }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        ],
        [await ask(api, 'GET', '/campaigns', { query: { size: 201 } }), 422, 'VALIDATION_ERROR'],
        [
          await ask(api, 'GET', `/campaigns/${id}/messages`, { query: { page: 0 } }),
          422,
          'VALIDATION_ERROR',
        ],
        [await ask(api, 'GET', '/messages/not-a-uuid'), 422, 'VALIDATION_ERROR'],
        [
          await ask(api, 'POST', '/messages', { body: { to: 'abc', body: '' }, sends: 1 }),
          422,
          'VALIDATION_ERROR',
        ],
      ];
      for (const [answer, status, code] of probes) expectEnvelope(answer, status, code);
    },
  },
  {
    id: 'envelope.credential-errors',
    title: 'The 402 (service billing) and the 403 carry the whole envelope too',
    cites: 'spec Errors; spec Authentication 7; D3; D4; D14',
    needs: ['poor', 'restricted'],
    async run(context) {
      expectEnvelope(
        await context.restricted!.request('GET', '/campaigns'),
        403,
        'AUTH_INVALID_SCOPE',
      );
      expectEnvelope(
        await context.poor!.request('POST', '/messages', {
          body: { to: context.numbers.delivered, body: 'verify 402 envelope' },
          sends: 1,
        }),
        402,
        'BILLING_INSUFFICIENT_FUNDS',
        'billing',
      );
    },
  },
  {
    id: 'envelope.success-headers',
    title: 'Every 2xx (200, 201, 202) carries X-Trace-Id and application/json',
    cites: 'D4; spec Endpoints (JSON)',
    async run(context) {
      const message = await sentMessage(context);
      const { id } = await campaign(context);
      const { api } = context;
      const answers = [
        await ask(api, 'GET', '/messages', { query: { size: 1 } }),
        await ask(api, 'GET', `/messages/${message.id}`),
        await ask(api, 'GET', '/campaigns', { query: { size: 1 } }),
        await ask(api, 'GET', `/campaigns/${id}`),
        await ask(api, 'GET', `/campaigns/${id}/messages`, { query: { size: 1 } }),
        await ask(api, 'POST', '/messages', {
          body: { to: context.numbers.delivered, body: `verify headers ${context.runId}` },
          sends: 1,
        }),
      ];
      const statuses = [200, 200, 200, 200, 200, 201];
      answers.forEach((answer, i) => {
        const header = answer.headers.get('x-trace-id');
        const type = answer.headers.get('content-type') ?? '';
        expectThat(
          answer.status === statuses[i] &&
            header !== null &&
            TRACE_ID.test(header) &&
            type.startsWith('application/json'),
          `${answer.method} ${answer.path}: ${statuses[i]} with X-Trace-Id of 32 hex digits and application/json`,
          () => `${answer.status}, X-Trace-Id ${header}, Content-Type ${type}`,
        );
      });
      // Two answers never share a trace id (one per request).
      const ids = new Set(answers.map((a) => a.headers.get('x-trace-id')));
      expectThat(ids.size === answers.length, 'a new X-Trace-Id for every request', () =>
        [...ids].join(', '),
      );
    },
  },
  {
    id: 'envelope.rate-limit-headers',
    title:
      'Every answer after the limiter carries X-RateLimit-* with its operation limit: 2xx, 404, 415, 422',
    cites: 'spec Limits; D8; D34',
    async run(context) {
      const { api, numbers } = context;
      const message = await sentMessage(context);
      const { id } = await campaign(context);
      const probes: [Exchange, number][] = [
        [await ask(api, 'GET', '/messages', { query: { size: 1 } }), 60],
        [await ask(api, 'GET', '/messages', { query: { size: 0 } }), 60],
        [await ask(api, 'GET', `/messages/${message.id}`), 600],
        [await ask(api, 'GET', `/messages/${ABSENT_ID}`), 600],
        [await ask(api, 'GET', '/messages/not-a-uuid'), 600],
        [await ask(api, 'GET', '/campaigns', { query: { size: 1 } }), 600],
        [await ask(api, 'GET', `/campaigns/${id}`), 600],
        [await ask(api, 'GET', `/campaigns/${ABSENT_ID}`), 600],
        [await ask(api, 'GET', `/campaigns/${ABSENT_ID}/messages`), 600],
        [await ask(api, 'POST', '/campaigns/batch', { body: { recipients: [] } }), 10],
        [
          await ask(api, 'POST', '/messages', {
            raw: '{"to":',
            headers: { 'content-type': 'application/json' },
            sends: 1,
          }),
          300,
        ],
        [
          await ask(api, 'POST', '/messages', {
            raw: JSON.stringify({ to: numbers.delivered, body: 'x' }),
            headers: { 'content-type': 'text/plain' },
            sends: 1,
          }),
          300,
        ],
      ];
      for (const [answer, limit] of probes) expectLimitHeaders(answer, limit);
    },
  },
];
