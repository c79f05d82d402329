import { API_KEY_PATTERN, decodeOrKeep } from '@msgsvc/sdk/contract';
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
