import {
  API_KEY_PATTERN,
  decodeOrKeep,
  matchPath,
  pathSegments,
  pathTemplates,
  redactSecrets,
  splitUrl,
} from '@msgsvc/sdk/contract';
import { describe, expect, it } from 'vitest';

describe('API_KEY_PATTERN', () => {
  it.each([
    ['svc_live_a', 'live'],
    ['svc_test_a_b-c', 'test'],
    [`svc_live_${'x'.repeat(4096)}`, 'live'],
    ['svc_live_Ab12Cd34Ef56Gh78', 'live'],
  ])('accepts %s', (key, environment) => {
    expect(API_KEY_PATTERN.exec(key)?.[1]).toBe(environment);
  });

  it.each([
    'svc_live_',
    'svc_prod_abc',
    'SVC_live_abc',
    'svc_live_a b',
    'svc_live_é',
    ' svc_live_abc',
    'svc_live_abc\n',
    'Bearer svc_live_abc',
  ])('refuses %j', (key) => {
    expect(API_KEY_PATTERN.test(key)).toBe(false);
  });
});

describe('decodeOrKeep', () => {
  it('decodes valid percent-encoding, an encoded slash included', () => {
    expect(decodeOrKeep('a%20b')).toBe('a b');
    expect(decodeOrKeep('a%2Fb')).toBe('a/b');
    expect(decodeOrKeep('__proto__')).toBe('__proto__');
  });

  it.each(['%', '%zz', '%E0%A4%A', '%C0%AF'])('keeps %s as written', (text) => {
    expect(decodeOrKeep(text)).toBe(text);
  });
});

describe('pathTemplates and matchPath', () => {
  const templates = pathTemplates([
    ['/messages', 'GET messages'],
    ['/messages', 'POST messages'],
    ['/messages/{message_id}', 'GET message'],
    ['/campaigns/{campaign_id}', 'GET campaign'],
    ['/campaigns/batch', 'POST batch'],
    ['/campaigns/{campaign_id}/messages', 'GET campaign messages'],
  ]);
  const match = (path: string) => matchPath(templates, pathSegments(path, 1));

  it('gives every value of the template, in the order given, one per method', () => {
    expect(match('/messages')).toEqual({ values: ['GET messages', 'POST messages'], params: {} });
  });

  it('prefers the most literal template whatever the order they were given in', () => {
    expect(match('/campaigns/batch')?.values).toEqual(['POST batch']);
    expect(match('/campaigns/batch2')).toEqual({
      values: ['GET campaign'],
      params: { campaign_id: 'batch2' },
    });
  });

  it('decodes each segment after splitting: an encoded slash stays a parameter value', () => {
    expect(match('/messages/a%2Fb')?.params).toEqual({ message_id: 'a/b' });
    expect(match('/campaigns/%62atch')?.values).toEqual(['POST batch']);
    expect(match('/messages/%zz')?.params).toEqual({ message_id: '%zz' });
  });

  it('keeps prototype-named segments as plain values', () => {
    const params = match('/messages/__proto__')?.params;
    expect(params).toEqual({ message_id: '__proto__' });
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(match('/constructor')).toBeUndefined();
  });

  it.each(['/messages/', '/messages//', '/campaigns//messages', '/unknown', '/', ''])(
    'matches nothing for %j (a trailing slash names another path)',
    (path) => {
      expect(match(path)).toBeUndefined();
    },
  );
});

describe('splitUrl', () => {
  it.each([
    ['http://127.0.0.1:4780/c/v1/messages?page=2', '/c/v1/messages', 'page=2'],
    ['/c/v1/messages?page=2&q=a%20b', '/c/v1/messages', 'page=2&q=a%20b'],
    ['/c/v1/messages', '/c/v1/messages', ''],
    ['http://host/c/v1/messages#top', '/c/v1/messages', ''],
    ['http://host/c/v1/messages?a=1#top', '/c/v1/messages', 'a=1'],
    ['http://host', '/', ''],
  ])('splits %s', (url, path, query) => {
    expect(splitUrl(url)).toEqual({ path, query });
  });
});

describe('redactSecrets', () => {
  const KEY = 'svc_live_Ab12Cd34Ef56Gh78';
  const SECRET = 'whsec_ZGVtby13ZWJo/29rLXNp+25pbmc=';

  it.each([
    [KEY, 'svc_live_Ab12…'],
    [`X-Api-Key: ${KEY}`, 'X-Api-Key: svc_live_Ab12…'],
    [SECRET, 'whsec_ZGVt…'],
    [`/c/v1/messages/${KEY}`, '/c/v1/messages/svc_live_Ab12…'],
    [
      '/c/v1/messages?api_key=svc%5Flive%5FAb12Cd34Ef56&page=2',
      '/c/v1/messages?api_key=svc_live_Ab12…&page=2',
    ],
    ['q=svc%5ftest%5fAb12Cd34&a%20b=1', 'q=svc_test_Ab12…&a%20b=1'],
    ['No route for GET /c/v1/svc%5Flive%5FAb12Cd34.', 'No route for GET /c/v1/svc_live_Ab12….'],
    ['100% sure: svc%5Flive%5FAb12Cd34 leaked', '100% sure: svc_live_Ab12… leaked'],
    ['%E0%A4%A svc_test_Ab12Cd34 %zz', '%E0%A4%A svc_test_Ab12… %zz'],
  ])('cuts %j', (text, cut) => {
    expect(redactSecrets(text)).toBe(cut);
  });

  it('leaves text without a secret as it is, encoded pieces included', () => {
    for (const text of ['/c/v1/messages/a%2Fb?q=caf%C3%A9', '__proto__=constructor', '100%', '']) {
      expect(redactSecrets(text)).toBe(text);
    }
  });

  it('changes nothing when applied twice, and never keeps more than four characters', () => {
    for (const text of [KEY, SECRET, 'svc_live_Ab12', `?k=${encodeURIComponent(KEY)}`]) {
      const once = redactSecrets(text);
      expect(redactSecrets(once)).toBe(once);
      expect(once).not.toContain('Cd34');
      expect(once).not.toContain('29rLXNp');
    }
  });
});
