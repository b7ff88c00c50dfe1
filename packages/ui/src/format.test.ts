import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('formatCount', () => {
  it('shows an exact total to the unit with separators', () => {
    expect(formatCount({ total: 9876, exact: true })).toBe('9,876');
    expect(formatCount({ total: 12 })).toBe('12');
  });

  it('says "about" and rounds to three figures when the server estimated the total', () => {
    expect(formatCount({ total: 123_456, exact: false })).toBe('about 123,000');
    expect(formatCount({ total: 10_049, exact: false })).toBe('about 10,000');
    expect(formatCount({ total: 999, exact: false })).toBe('about 999');
  });

  it('shows 0 before the first answer', () => {
    expect(formatCount(undefined)).toBe('0');
  });
});
