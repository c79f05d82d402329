/** The errors a request meets before its operation runs: its key, scopes, route and body. */
import { expectAnswer } from '../check-kit/api';
import { checks, type VerifyContext } from '../check-kit/check';
import { expectThat } from '../check-kit/drift';
import { sentMessage } from '../check-kit/fixtures';
import { operationOf } from './contract';
import { expectEnvelope, TRACE_ID } from './envelope';

const UNKNOWN_KEY = 'svc_test_0000000000000000000000000000verify';

/** Fails unless the restricted key's `method path` is a 403 naming the operation's scope. */
async function expectScope(context: VerifyContext, method: string, path: string, body?: unknown) {
  // Bodies are invalid on purpose: scopes are checked before validation, so a service that
  // skipped the scope check answers 422 instead of sending anything.
  const sends = body !== undefined && path === '/messages' ? 1 : 0;
  const answer = await context.restricted!.request(method, path, { body, sends });
  const got = expectAnswer(answer, 403, 'AUTH_INVALID_SCOPE', ['apikey']);
  const named = (got.fields as Record<string, unknown>).apikey;
  const scope = operationOf(method, path)['x-required-scope'];
  expectThat(
    typeof named === 'string' && named.includes(scope),
    `fields.apikey naming ${scope} for ${method} ${path} (D5)`,
    () => `fields.apikey = ${JSON.stringify(named)}`,
  );
}

/**
 * Authentication and scopes (spec Authentication), then the answers before any operation: unknown
 * routes, wrong methods, wrong content types, bodies that are not JSON (spec Errors).
 */
export const ERROR_CHECKS = checks({
  'auth.missing-key': {
    title: 'A request without X-API-KEY is a 401 AUTH_INVALID_API_KEY',
    cites: 'spec Authentication 6',
    async run({ api }) {
      for (const path of ['/messages', '/campaigns']) {
        expectAnswer(await api.request('GET', path, { key: null }), 401, 'AUTH_INVALID_API_KEY');
      }
    },
  },
  'auth.malformed-key': {
    title: 'A malformed key is a 401 AUTH_INVALID_API_KEY',
    cites: 'spec Authentication 4, 6',
    async run({ api }) {
      for (const key of ['svc_test_', 'svc_prod_abcdefghijklmnop1234', 'not a key']) {
        expectAnswer(await api.request('GET', '/messages', { key }), 401, 'AUTH_INVALID_API_KEY');
      }
    },
  },
  'auth.unknown-key': {
    title: 'A well-formed key that was never issued is a 401',
    cites: 'spec Authentication 6',
    async run({ api }) {
      const answer = await api.request('GET', '/messages', { key: UNKNOWN_KEY });
      expectAnswer(answer, 401, 'AUTH_INVALID_API_KEY');
    },
  },
  'auth.scope-send': {
    title: 'A key without send scopes gets 403 naming apikey:campaign:send / apikey:messages:send',
    cites: 'spec Authentication 7; D5',
    needs: ['restricted'],
    async run(context) {
      await expectScope(context, 'POST', '/campaigns/batch', { recipients: [] });
      await expectScope(context, 'POST', '/messages', { to: '' });
    },
  },
  'auth.scope-read': {
    title: 'A key without read scopes gets 403 on every read, naming its scope',
    cites: 'spec Authentication 7; D5; D6',
    needs: ['restricted'],
    async run(context) {
      const message = await sentMessage(context);
      await expectScope(context, 'GET', '/messages');
      await expectScope(context, 'GET', `/messages/${message.id}`);
      await expectScope(context, 'GET', '/campaigns');
    },
  },
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
      const answer = await api.request('GET', '/campaigns', { query: { size: 1 } });
      expectAnswer(answer, 200);
      const header = answer.headers.get('x-trace-id');
      expectThat(
        header !== null && TRACE_ID.test(header),
        'X-Trace-Id of 32 lowercase hex digits',
        () => String(header),
      );
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
