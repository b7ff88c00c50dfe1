import { describe, expect, it } from 'vitest';
import { analyticsRangeQuery, lastDaysQuery, previousRange, resolveRange } from './analytics.js';
import { ratio, relativeChange } from './kpis.js';

describe('analytics ranges', () => {
  it('takes the end day whole (half-open interval up to the next midnight UTC)', () => {
    const range = resolveRange({ startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(range.from?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(range.to?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('leaves missing bounds open', () => {
    expect(resolveRange({ startDate: '2026-03-01' })).toEqual({ from: new Date('2026-03-01T00:00:00Z'), to: null });
    expect(resolveRange({})).toEqual({ from: null, to: null });
  });

  it('puts the previous period of equal length just before', () => {
    const previous = previousRange(resolveRange({ startDate: '2026-03-01', endDate: '2026-03-31' }));
    expect(previous?.from?.toISOString()).toBe('2026-01-29T00:00:00.000Z');
    expect(previous?.to?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(previousRange({ from: null, to: new Date() })).toBeNull();
  });

  it('rejects dates that do not exist, other formats and a start after the end', () => {
    const valid = (startDate: string) => analyticsRangeQuery.safeParse({ startDate }).success;
    expect(valid('2024-02-29')).toBe(true);
    expect(valid('2026-02-29')).toBe(false);
    expect(valid('03/01/2026')).toBe(false);
    // A date-time is accepted as well (taken as that instant).
    expect(valid('2026-03-01T00:00:00Z')).toBe(true);
    expect(analyticsRangeQuery.safeParse({ startDate: '2026-03-02', endDate: '2026-03-01' }).success).toBe(false);
    expect(analyticsRangeQuery.safeParse({ startDate: '2026-03-01', endDate: '2026-03-01' }).success).toBe(true);
  });

  it('builds the screens’ "last N days" query: end today, start today minus N', () => {
    expect(lastDaysQuery(30, new Date('2026-03-31T15:00:00Z'))).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
  });

  it('computes changes and ratios without dividing by zero', () => {
    expect(relativeChange(150, 100)).toBe(0.5);
    expect(relativeChange(0, 0)).toBe(0);
    expect(relativeChange(5, 0)).toBeNull();
    expect(ratio(1, 3)).toBe(0.3333);
    expect(ratio(1, 0)).toBe(0);
  });
});
