import { DEFAULT_LOCATION_ID, type LocationListItem, type ProductView } from '@seamline/shared';
import { Toaster } from '@seamline/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { exampleProduct, stockLocation } from '../../test/fixtures';
import { ManageStockDialog } from './components/ManageStockDialog';

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
      <ManageStockDialog product={product} onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

async function addThree() {
  await userEvent.selectOptions(screen.getByLabelText('Size'), 'M');
  await userEvent.selectOptions(screen.getByLabelText('Color'), 'Green');
  await userEvent.type(screen.getByLabelText('Quantity'), '3');
}

afterEach(() => vi.unstubAllGlobals());

describe('Manage Stock: the location', { timeout: 20_000 }, () => {
  it('offers a Location select with two locations, the first chosen, and sends the chosen one', async () => {
    const changes = serve([WAREHOUSE, CITY_SHOP]);
    const onOpenChange = renderDialog();
    const select = (await screen.findByLabelText('Location')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Warehouse', 'City Shop']);
    expect(select.value).toBe(DEFAULT_LOCATION_ID);
    await addThree();
    await screen.findByText('9 (7 available, 2 reserved)');
    expect(screen.getByText(/Current stock at Warehouse/)).toBeTruthy();
    await userEvent.selectOptions(select, 'City Shop');
    await screen.findByText('3 (3 available, 0 reserved)');
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Stock' }).at(-1)!);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(changes).toEqual([
      {
        url: `/api/products/${product.id}/stock/add`,
        body: { size: 'M', color: 'Green', quantity: 3, locationId: SHOP },
      },
    ]);
  });

  it('shows no location with one location and sends none (the first location takes the change)', async () => {
    const changes = serve([WAREHOUSE]);
    const onOpenChange = renderDialog();
    await addThree();
    await screen.findByText('12 (10 available, 2 reserved)');
    await waitFor(() =>
      expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/admin/locations?active=true', expect.anything()),
    );
    expect(screen.queryByLabelText('Location')).toBeNull();
    expect(screen.getByText(/^Current stock:/)).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Stock' }).at(-1)!);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(changes).toEqual([
      { url: `/api/products/${product.id}/stock/add`, body: { size: 'M', color: 'Green', quantity: 3 } },
    ]);
    // One location: the levels are never read.
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).not.toContain(
      `/api/admin/products/${product.id}/inventory`,
    );
  });
});
