import { describe, expect, it } from 'vitest';
import { memoByQuery } from '../src/http/response-text';

describe('memoByQuery', () => {
  it('derives once per query string and hands out the same frozen value', () => {
    let calls = 0;
    const derive = memoByQuery((query) => {
      calls++;
      return { query, list: [query], nested: { at: 1 } };
    });
    const first = derive('size=5');
    expect(derive('size=5')).toBe(first);
    expect(calls).toBe(1);
    expect(
      Object.isFrozen(first) && Object.isFrozen(first.list) && Object.isFrozen(first.nested),
    ).toBe(true);
    expect(() => (first.list as string[]).push('x')).toThrow(TypeError);
    derive('size=6');
    expect(calls).toBe(2);
  });

  it('does not remember a refusal: the next call derives (and refuses) again', () => {
    let calls = 0;
    const derive = memoByQuery((query): object => {
      calls++;
      throw new Error(`bad ${query}`);
    });
    expect(() => derive('x')).toThrow('bad x');
    expect(() => derive('x')).toThrow('bad x');
    expect(calls).toBe(2);
  });

  it('forgets the oldest query past its bound, never growing without limit', () => {
    let calls = 0;
    const derive = memoByQuery((query) => {
      calls++;
      return { query };
    });
    for (let i = 0; i < 300; i++) derive(`page=${i}`);
    expect(calls).toBe(300);
    derive('page=299'); // recent: remembered
    expect(calls).toBe(300);
    derive('page=0'); // evicted: derived again
    expect(calls).toBe(301);
  });
});
