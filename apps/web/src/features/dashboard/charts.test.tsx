import type { DashboardAnalytics } from '@seamline/shared';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useChartAnimation, usePrefersReducedMotion } from '../../lib/use-reduced-motion';
import DashboardCharts from './components/DashboardCharts';

const charts: DashboardAnalytics['charts'] = {
  revenueByDay: [
    { date: '2026-11-20', revenue: 1250.5, orders: 4 },
    { date: '2026-11-21', revenue: 980, orders: 3 },
  ],
  orderTrends: [{ date: '2026-11-21', orders: 12, completed: 9, cancelled: 1 }],
  productSalesByCategory: [{ category: 'Shirts', units: 42, revenue: 840 }],
  topResellers: [
    { brandId: 'b1', brand: 'Northwind', revenue: 3000, orders: 20, units: 55, products: 6, averageRating: 4.5 },
  ],
};

/** A matchMedia whose "prefers-reduced-motion: reduce" answer the test flips. */
function stubReducedMotion(initial: boolean) {
  let reduce = initial;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && reduce;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return (next: boolean) => {
    reduce = next;
    for (const listener of listeners) listener();
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('chart text alternatives', () => {
  it('every dashboard chart carries a table of its figures, named after its title', () => {
    render(<DashboardCharts charts={charts} />);
    const cards = screen.getAllByTestId('chart-card');
    expect(cards).toHaveLength(4);
    for (const card of cards) {
      const title = within(card).getByRole('heading').textContent ?? '';
      expect(within(card).getByRole('table', { name: title })).toBeTruthy();
    }
    const revenue = screen.getByRole('table', { name: 'Revenue' });
    expect(
      within(revenue)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayRevenue', 'Nov 20$1,250.50', 'Nov 21$980.00']);
    const resellers = screen.getByRole('table', { name: 'Top Resellers' });
    expect(within(resellers).getByRole('cell', { name: 'Northwind' })).toBeTruthy();
    expect(within(resellers).getByRole('cell', { name: '$3,000.00' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Product Sales by Category' })).getByText('42')).toBeTruthy();
  });
});

describe('reduced motion', () => {
  it('follows the system setting, live', () => {
    const set = stubReducedMotion(false);
    const { result } = renderHook(() => ({ reduced: usePrefersReducedMotion(), animate: useChartAnimation() }));
    expect(result.current).toEqual({ reduced: false, animate: true });
    act(() => set(true));
    expect(result.current).toEqual({ reduced: true, animate: false });
  });
});
