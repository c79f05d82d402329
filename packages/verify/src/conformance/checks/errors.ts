/**
 * The answers before any operation: unknown routes, wrong methods, wrong content types, bodies
 * that are not JSON (spec Errors).
 */
import { expectAnswer } from '../check-kit/api';
import { checks } from '../check-kit/check';
import { expectThat } from '../check-kit/drift';
import { expectEnvelope, expectTraced } from './envelope';

/** The checks of this group. */
export const ERROR_CHECKS = checks({
  'errors.envelope': {
    title: 'Errors carry code, message, status, trace_id (= X-Trace-Id), timestamp, service',
    cites: 'spec Errors; D3; D4; D32',
    async run({ api }) {
      const answer = await api.request('GET', '/messages', { query: { size: 0 } });
      expectAnswer(answer, 422, 'VALIDATION_ERROR', ['size']);
      expectEnvelope(answer, 422, 'VALIDATION_ERROR');
    },
  },
  'errors.trace-id-on-success': {
    title: 'Successful answers carry X-Trace-Id too',
    cites: 'D4',
    async run({ api }) {
      expectTraced(await api.request('GET', '/campaigns', { query: { size: 1 } }), 200);
    },
  },
  'errors.unknown-route': {
    title: 'An unknown path is a 404 NOT_FOUND in the envelope',
    cites: 'D2',
    async run({ api }) {
      expectAnswer(await api.request('GET', '/no-such-thing'), 404, 'NOT_FOUND');
    },
  },
  'errors.method-not-allowed': {
    title: 'A known path with another method is a 405 with Allow',
    cites: 'D2; D33',
    async run({ api }) {
      for (const [method, path, allow] of [
        ['DELETE', '/messages', 'GET'],
        ['GET', '/campaigns/batch', 'POST'],
      ] as const) {
        const answer = await api.request(method, path);
        expectAnswer(answer, 405, 'METHOD_NOT_ALLOWED');
        const header = answer.headers.get('allow') ?? '';
        expectThat(
          header.split(/,\s*/).includes(allow),
          `Allow naming ${allow} for ${method} ${path}`,
          () => `Allow: ${header || '(missing)'}`,
        );
      }
    },
  },
  'errors.content-type': {
    title: 'A POST body that is not application/json is a 415',
    cites: 'D2',
    async run({ api, numbers }) {
      const raw = JSON.stringify({ to: numbers.delivered, body: 'verify 415' });
      const headers = { 'content-type': 'text/plain' };
      const answer = await api.request('POST', '/messages', { raw, headers, sends: 1 });
      expectAnswer(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
    },
  },
  'errors.malformed-json': {
    title: 'A body that is not JSON, or not an object, is a 422 with fields.body',
    cites: 'D2',
    async run({ api }) {
      const headers = { 'content-type': 'application/json' };
      for (const raw of ['{"to":', '[1,2]']) {
        const answer = await api.request('POST', '/messages', { raw, headers, sends: 1 });
        expectAnswer(answer, 422, 'VALIDATION_ERROR', ['body']);
      }
    },
  },
});
