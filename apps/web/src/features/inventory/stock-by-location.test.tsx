import { DEFAULT_LOCATION_ID, type InventoryAnalyticsView, inventoryContracts } from '@seamline/shared';
import { failure, isCallTo, ok, stubApi } from '@seamline/ui/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import InventoryAnalyticsPage from './pages/InventoryAnalyticsPage';

const WAREHOUSE = {
  _id: DEFAULT_LOCATION_ID,
  name: 'Warehouse',
  units: 1200,
  reserved: 30,
  available: 1170,
  lowStock: 4,
};
const CITY_SHOP = { _id: 'e'.repeat(24), name: 'City Shop', units: 85, reserved: 5, available: 80, lowStock: 2 };
const change = { previous: 0, percent: null };

const analytics = (byLocation: InventoryAnalyticsView['byLocation']): InventoryAnalyticsView => ({
  totalProducts: 3,
  lowStockProducts: 1,
  outOfStockProducts: 0,
  totalValue: 500,
  averageStockLevel: 428.3,
  totalStockUnits: 1285,
  productsNeedingRestock: [],
  topCategories: [],
  byLocation,
  recentMovements: [],
  changes: {
    comparedTo: '2026-01-01T00:00:00.000Z',
    totalProducts: change,
    lowStockProducts: change,
    outOfStockProducts: change,
    totalValue: change,
  },
});

/** The page against a server with the given locations' stock (no low-stock alerts). */
async function renderPage(byLocation: InventoryAnalyticsView['byLocation']) {
  stubApi((request) => {
    if (isCallTo(request, inventoryContracts.analytics)) return ok(analytics(byLocation));
    if (isCallTo(request, inventoryContracts.lowStock))
      return ok({ alerts: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } });
    return failure(404, 'Not found');
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InventoryAnalyticsPage />
    </QueryClientProvider>,
  );
  await screen.findByText('1 low stock');
}

afterEach(() => vi.unstubAllGlobals());

describe('Inventory Analytics: stock by location', () => {
  it('lists each location’s units, reserved, available and low-stock levels with two or more locations', async () => {
    await renderPage([WAREHOUSE, CITY_SHOP]);
    const table = screen.getByRole('table', { name: 'Stock by location' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Location', 'Units', 'Reserved', 'Available', 'Low-stock levels'],
      ['Warehouse', '1,200', '30', '1,170', '4'],
      ['City Shop', '85', '5', '80', '2'],
    ]);
  });

  it('shows no table with one location', async () => {
    await renderPage([WAREHOUSE]);
    expect(screen.queryByRole('table', { name: 'Stock by location' })).toBeNull();
    expect(screen.queryByText('Stock by location')).toBeNull();
  });
});
