import { describe, expect, it } from 'vitest';
import { PaginationError } from '../core/errors';
import { instantPast, isAfter } from './keyset-walk';

describe('isAfter', () => {
  const a = {
    id: '0193a0c6-0000-7000-8000-000000000001',
    created_at: '2026-01-01T09:00:00.000000+00:00',
  };
  const b = { id: '0193a0c6-0000-7000-8000-000000000002', created_at: a.created_at };
  const later = {
    id: '0193a0c6-0000-7000-8000-000000000000',
    created_at: '2026-01-01T09:00:00.000001+00:00',
  };

  it('orders by created_at, then id, in the walk direction', () => {
    expect(isAfter(b, a, 1)).toBe(true);
    expect(isAfter(a, b, 1)).toBe(false);
    expect(isAfter(a, b, -1)).toBe(true);
    expect(isAfter(later, b, 1)).toBe(true); // a smaller id does not matter at a later instant
    expect(isAfter(b, later, -1)).toBe(true);
  });

  it('an entry is never after itself', () => {
    expect(isAfter(a, a, 1)).toBe(false);
    expect(isAfter(a, a, -1)).toBe(false);
  });
});

describe('instantPast', () => {
  it('steps one microsecond in the walk direction, in the service format', () => {
    expect(instantPast('2026-01-01T09:00:00.000005+00:00', 1)).toBe(
      '2026-01-01T09:00:00.000006+00:00',
    );
    expect(instantPast('2026-01-01T09:00:00.000005+00:00', -1)).toBe(
      '2026-01-01T09:00:00.000004+00:00',
    );
  });

  it('carries across seconds, days and years', () => {
    expect(instantPast('2026-01-01T00:00:00.000000+00:00', -1)).toBe(
      '2025-12-31T23:59:59.999999+00:00',
    );
    expect(instantPast('2026-02-28T23:59:59.999999+00:00', 1)).toBe(
      '2026-03-01T00:00:00.000000+00:00',
    );
  });

  it('reads other offsets and shorter fractions, and answers in UTC', () => {
    expect(instantPast('2026-01-01T10:00:00.5+01:00', 1)).toBe('2026-01-01T09:00:00.500001+00:00');
    expect(instantPast('2026-01-01T09:00:00Z', -1)).toBe('2026-01-01T08:59:59.999999+00:00');
  });

  it('refuses what is not a timestamp with a PaginationError', () => {
    for (const text of ['yesterday', '2026-01-01 09:00:00', '2026-01-01T09:00:00.1234567+00:00']) {
      expect(() => instantPast(text, 1)).toThrow(PaginationError);
    }
    expect(() => instantPast('2026-13-01T09:00:00Z', 1)).toThrow(/not an ISO 8601 timestamp/);
  });
});
