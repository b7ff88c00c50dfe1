import { DEFAULT_LOCATION_ID, type LocationListItem, type ProductView } from '@seamline/shared';
import { Toaster } from '@seamline/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { exampleProduct, stockLocation } from '../../test/fixtures';
import { StockDialog } from './components/StockDialog';

const SHOP = 'e'.repeat(24);
const product: ProductView = {
  ...exampleProduct,
  inventory: [
    {
      _id: 'f'.repeat(24),
      id: 'f'.repeat(24),
      size: 'M',
      color: 'Green',
      quantity: 12,
      reserved: 2,
      available: 10,
      lowStockThreshold: 5,
      sku: 'LUX-JAC-1010-M-GRE',
      barcode: '2000000000017',
      priceOverride: null,
    },
  ],
};
const WAREHOUSE = stockLocation({ _id: DEFAULT_LOCATION_ID, name: 'Warehouse', priority: 1 });
const CITY_SHOP = stockLocation({ _id: SHOP, name: 'City Shop', kind: 'shop', priority: 2 });

/** The server: the given active locations, the product's levels (9 at the warehouse, 3 at the shop), stock changes. */
function serve(locations: LocationListItem[]) {
  const changes: { url: string; body: Record<string, unknown> }[] = [];
  const level = (location: LocationListItem, quantity: number, reserved: number) => ({
    locationId: location._id,
    locationName: location.name,
    quantity,
    reserved,
    available: quantity - reserved,
    lowStockThreshold: 5,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      let data: unknown;
      if (url === '/api/admin/locations?active=true') data = { locations };
      else if (url === `/api/admin/products/${product.id}/inventory` && !init?.body)
        data = {
          productId: product.id,
          variants: [
            {
              id: product.inventory[0]!.id,
              size: 'M',
              color: 'Green',
              quantity: 12,
              reserved: 2,
              available: 10,
              lowStockThreshold: 5,
              levels: [level(WAREHOUSE, 9, 2), level(CITY_SHOP, 3, 0)],
            },
          ],
        };
      else {
        changes.push({ url, body: JSON.parse(String(init?.body)) });
        data = { product };
      }
      return new Response(JSON.stringify({ success: true, data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return changes;
}

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StockDialog product={product} onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

const figures = () => screen.getAllByRole('definition').map((cell) => cell.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('Inventory Manage Stock: the location', { timeout: 20_000 }, () => {
  it('sets the chosen location, showing its figures and the stock per location with totals', async () => {
    const changes = serve([WAREHOUSE, CITY_SHOP]);
    const onOpenChange = renderDialog();
    const select = (await screen.findByLabelText('Location')) as HTMLSelectElement;
    expect(select.value).toBe(DEFAULT_LOCATION_ID);
    await userEvent.selectOptions(screen.getByLabelText('Size'), 'M');
    await userEvent.selectOptions(screen.getByLabelText('Color'), 'Green');
    await waitFor(() => expect(figures()).toEqual(['9', '2', '5', '7']));
    const table = await screen.findByRole('region', { name: 'Stock per location' });
    expect(table.textContent).toContain('M / Green9312');
    await userEvent.selectOptions(select, 'City Shop');
    expect(figures()).toEqual(['3', '0', '5', '3']);
    await userEvent.selectOptions(screen.getByLabelText('Operation'), 'set');
    await userEvent.type(screen.getByLabelText('Quantity'), '6');
    expect(screen.getByTestId('stock-preview').textContent).toBe('6');
    await userEvent.click(screen.getByRole('button', { name: 'Update Stock' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(changes).toEqual([
      {
        url: `/api/admin/products/${product.id}/inventory`,
        body: { size: 'M', color: 'Green', quantity: 6, operation: 'set', locationId: SHOP },
      },
    ]);
  });

  it('looks as before with one location: no select, no per-location table, the totals', async () => {
    const changes = serve([WAREHOUSE]);
    const onOpenChange = renderDialog();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await userEvent.selectOptions(screen.getByLabelText('Size'), 'M');
    await userEvent.selectOptions(screen.getByLabelText('Color'), 'Green');
    expect(figures()).toEqual(['12', '2', '5', '10']);
    expect(screen.queryByLabelText('Location')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Stock per location' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Quantity'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Update Stock' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(changes).toEqual([
      {
        url: `/api/admin/products/${product.id}/inventory`,
        body: { size: 'M', color: 'Green', quantity: 1, operation: 'add' },
      },
    ]);
  });
});
