import { describe, expect, it } from 'vitest';
import { Correspondence, timeRelation } from '../../src/replay/by-rule';

describe('times compared by rule', () => {
  it('orders timestamps of different zones by the instant they name', () => {
    expect(timeRelation('2026-01-01T10:00:00+01:00', '2026-01-01T09:30:00Z')).toBe(-1);
    expect(timeRelation('2026-01-01T05:30:00-03:30', '2026-01-01T09:00:00Z')).toBe(0);
  });

  it('moves a recorded time by the latest offset, keeping its zone and fraction digits', () => {
    const ids = new Correspondence();
    ids.pairTime('2026-01-01T09:00:00Z', '2026-01-01T09:00:05Z');
    expect(ids.translate('2026-01-01T10:00:00.123+01:00')).toBe('2026-01-01T10:00:05.123+01:00');
    expect(ids.translate('2026-01-01T05:29:58-03:30')).toBe('2026-01-01T05:30:03-03:30');
  });
});
