import { describe, expect, it } from 'vitest';
import { mutableFilterOf, withoutMutableFilters } from './keyset-walk';

describe('the mutable filters', () => {
  it('are dropped from the query, and nothing else is', () => {
    const query = {
      status: ['SENT'],
      error_code: ['EXPIRED'],
      campaign_id: ['c'],
      q: '923',
      order: 'asc' as const,
    };
    expect(withoutMutableFilters(query)).toEqual({ campaign_id: ['c'], q: '923', order: 'asc' });
    expect(query.status).toEqual(['SENT']); // the caller's query is left alone
  });

  it('match any of their values, both together, as the service does', () => {
    const matches = mutableFilterOf({
      status: ['SENT', 'FAILED'],
      error_code: ['REJECTED_BY_CARRIER'],
    });
    expect(matches({ status: 'FAILED', error_code: 'REJECTED_BY_CARRIER' })).toBe(true);
    expect(matches({ status: 'FAILED', error_code: 'CANCELLED' })).toBe(false);
    expect(matches({ status: 'PENDING', error_code: 'REJECTED_BY_CARRIER' })).toBe(false);
    expect(matches({ status: 'SENT', error_code: null })).toBe(false);
  });

  it('filter nothing when absent or empty', () => {
    expect(mutableFilterOf({})({ status: 'SENT', error_code: null })).toBe(true);
    expect(mutableFilterOf({ status: [], error_code: [] })({ status: 'PENDING' })).toBe(true);
  });
});
