// `createMockService({ startTime })` (D55): where the default virtual clock starts, and starts
// again after a reset; the default stays the fixed 2026-01-01T09:00:00Z of reproducible runs.
import { describe, expect, it } from 'vitest';
import { createMockService, DEFAULT_START_TIME } from '../src/index';

describe('startTime', () => {
  it('defaults to the fixed instant', () => {
    expect(createMockService().clock.now().getTime()).toBe(DEFAULT_START_TIME);
  });

  it('starts the virtual clock there, and a reset goes back there', () => {
    const start = new Date('2031-02-03T04:05:06Z');
    const mock = createMockService({ startTime: start });
    expect(mock.clock.now()).toEqual(start);
    mock.clock.advance(60_000);
    mock.reset();
    expect(mock.clock.now()).toEqual(start);
    expect(createMockService({ startTime: start.getTime() }).clock.now()).toEqual(start);
  });

  it('refuses an invalid date', () => {
    expect(() => createMockService({ startTime: new Date('not a date') })).toThrow(RangeError);
  });
});
