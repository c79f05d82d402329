/**
 * The whole error envelope on every error the suite can provoke, `X-Trace-Id` on every answer, and
 * the `X-RateLimit-*` headers on every answer after the limiter (spec Errors, Limits).
 */
import { type Exchange, type RequestSpec, sendMessage } from '../check-kit/api';
import { checks } from '../check-kit/check';
import { expectThat, expectValues } from '../check-kit/drift';
import { campaign, sentMessage } from '../check-kit/fixtures';
import { ABSENT_ID } from '../check-kit/lists';
import { operationOf, patternOf } from './contract';
import { expectLimitHeaders } from './limits';

/** A trace id: 32 lowercase hex digits. */
export const TRACE_ID = /^[0-9a-f]{32}$/;

/** A request to send: method, path and what it carries. */
type Probe = readonly [method: string, path: string, spec?: RequestSpec];

/** What the envelope checks read of an answer: its body's fields, its status and two headers. */
function seen(answer: Exchange): Record<string, unknown> {
  return {
    ...(answer.json as object),
    'HTTP status': answer.status,
    'X-Trace-Id': answer.headers.get('x-trace-id'),
    'Content-Type': answer.headers.get('content-type'),
  };
}

const JSON_TYPE = /^application\/json/;

/** Fails unless `answer` is `status` with the whole error envelope. */
export function expectEnvelope(
  answer: Exchange,
  status: number,
  code: string,
  service = 'core',
): void {
  const got = seen(answer);
  expectValues(`${answer.method} ${answer.path}: the envelope`, got, {
    'HTTP status': status,
    code,
    message: /./,
    status,
    trace_id: got['X-Trace-Id'],
    'X-Trace-Id': TRACE_ID,
    timestamp: patternOf('Timestamp'),
    service,
    // `fields` only on validation errors and the scope error (spec Errors).
    ...(status !== 422 && status !== 403 && { fields: undefined }),
    'Content-Type': JSON_TYPE,
  });
}

/** The checks of this group. */
export const ENVELOPE_CHECKS = checks({
  'envelope.every-error': {
    title:
      'Every error status (401, 404, 405, 415, 422) carries the whole envelope, trace_id = X-Trace-Id',
    cites: 'spec Errors; D1; D2; D3; D4; D32; D33',
    async run(context) {
      const { api, numbers } = context;
      const { id } = await campaign(context);
      const raw = JSON.stringify({ to: numbers.delivered, body: 'verify 415' });
      const text = { 'content-type': 'text/plain' };
      const invalid = { body: { to: 'abc', body: '' }, sends: 1 };
      const probes: [Probe, number, string][] = [
        [['GET', '/messages', { key: null }], 401, 'AUTH_INVALID_API_KEY'],
        [['POST', '/campaigns/batch', { key: 'svc_test_', body: {} }], 401, 'AUTH_INVALID_API_KEY'],
        [['GET', `/messages/${ABSENT_ID}`], 404, 'NOT_FOUND'],
        [['GET', `/campaigns/${ABSENT_ID}`], 404, 'RESOURCE_NOT_FOUND'],
        [['GET', `/campaigns/${ABSENT_ID}/messages`], 404, 'RESOURCE_NOT_FOUND'],
        [['GET', '/no-such-thing'], 404, 'NOT_FOUND'],
        [['DELETE', `/campaigns/${id}`], 405, 'METHOD_NOT_ALLOWED'],
        [['POST', '/messages', { raw, headers: text, sends: 1 }], 415, 'UNSUPPORTED_MEDIA_TYPE'],
        [['GET', '/campaigns', { query: { size: 201 } }], 422, 'VALIDATION_ERROR'],
        [['GET', `/campaigns/${id}/messages`, { query: { page: 0 } }], 422, 'VALIDATION_ERROR'],
        [['GET', '/messages/not-a-uuid'], 422, 'VALIDATION_ERROR'],
        [['POST', '/messages', invalid], 422, 'VALIDATION_ERROR'],
      ];
      for (const [[method, path, spec], status, code] of probes) {
        expectEnvelope(await api.request(method, path, spec), status, code);
      }
    },
  },
  'envelope.credential-errors': {
    title: 'The 402 (service billing) and the 403 carry the whole envelope too',
    cites: 'spec Errors; spec Authentication 7; D3; D4; D14',
    needs: ['poor', 'restricted'],
    async run(context) {
      const unscoped = await context.restricted!.request('GET', '/campaigns');
      expectEnvelope(unscoped, 403, 'AUTH_INVALID_SCOPE');
      const refused = await sendMessage(context.poor!, context.numbers.delivered, 'verify 402');
      expectEnvelope(refused, 402, 'BILLING_INSUFFICIENT_FUNDS', 'billing');
    },
  },
  'envelope.success-headers': {
    title: 'Every 2xx (200, 201, 202) carries X-Trace-Id and application/json',
    cites: 'D4; spec Endpoints (JSON)',
    async run(context) {
      const message = await sentMessage(context);
      const { id } = await campaign(context);
      const { api } = context;
      const body = { to: context.numbers.delivered, body: `verify headers ${context.runId}` };
      const probes: [Probe, number][] = [
        [['GET', '/messages', { query: { size: 1 } }], 200],
        [['GET', `/messages/${message.id}`], 200],
        [['GET', '/campaigns', { query: { size: 1 } }], 200],
        [['GET', `/campaigns/${id}`], 200],
        [['GET', `/campaigns/${id}/messages`, { query: { size: 1 } }], 200],
        [['POST', '/messages', { body, sends: 1 }], 201],
      ];
      const ids = new Set<string | null>();
      for (const [[method, path, spec], status] of probes) {
        const answer = await api.request(method, path, spec);
        ids.add(answer.headers.get('x-trace-id'));
        expectValues(`${method} ${path}`, seen(answer), {
          'HTTP status': status,
          'X-Trace-Id': TRACE_ID,
          'Content-Type': JSON_TYPE,
        });
      }
      expectThat(ids.size === probes.length, 'a new X-Trace-Id for every request', () =>
        [...ids].join(', '),
      );
    },
  },
  'envelope.rate-limit-headers': {
    title:
      'Every answer after the limiter carries X-RateLimit-* with its operation limit: 2xx, 404, 415, 422',
    cites: 'spec Limits; D8; D34',
    async run(context) {
      const { api, numbers } = context;
      const message = await sentMessage(context);
      const { id } = await campaign(context);
      const json = { 'content-type': 'application/json' };
      const text = { 'content-type': 'text/plain' };
      const raw = JSON.stringify({ to: numbers.delivered, body: 'x' });
      const probes: Probe[] = [
        ['GET', '/messages', { query: { size: 1 } }],
        ['GET', '/messages', { query: { size: 0 } }],
        ['GET', `/messages/${message.id}`],
        ['GET', `/messages/${ABSENT_ID}`],
        ['GET', '/messages/not-a-uuid'],
        ['GET', '/campaigns', { query: { size: 1 } }],
        ['GET', `/campaigns/${id}`],
        ['GET', `/campaigns/${ABSENT_ID}`],
        ['GET', `/campaigns/${ABSENT_ID}/messages`],
        ['POST', '/campaigns/batch', { body: { recipients: [] } }],
        ['POST', '/messages', { raw: '{"to":', headers: json, sends: 1 }],
        ['POST', '/messages', { raw, headers: text, sends: 1 }],
      ];
      for (const [method, path, spec] of probes) {
        const { limit } = operationOf(method, path)['x-rate-limit'];
        expectLimitHeaders(await api.request(method, path, spec), limit);
      }
    },
  },
});
