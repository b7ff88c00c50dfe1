import { describe, expect, it } from 'vitest';
import { changeLabel } from './inventory-rules';

describe('changeLabel', () => {
  it('formats the computed change', () => {
    expect(changeLabel({ previous: 100, percent: 2.5 })).toEqual({ text: '+2.5% vs 30 days ago', tone: 'up' });
    expect(changeLabel({ previous: 100, percent: -5.2 })).toEqual({ text: '-5.2% vs 30 days ago', tone: 'down' });
    expect(changeLabel({ previous: 0, percent: 0 })).toEqual({ text: '0.0% vs 30 days ago', tone: 'flat' });
    expect(changeLabel({ previous: 0, percent: null })).toEqual({ text: 'new vs 30 days ago', tone: 'up' });
  });
});
