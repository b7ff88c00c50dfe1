// The Manage Stock dialogs' location test fixtures: a product with one size/color, two stock locations, a fake server
// answering the active locations, the product's levels per location and stock changes, and a dialog rendered for it.
import { DEFAULT_LOCATION_ID, type LocationListItem, type ProductView } from '@seamline/shared';
import { Toaster } from '@seamline/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { exampleProduct, stockLocation } from './fixtures';

/** Where the stock screens read the active locations from. */
export const ACTIVE_LOCATIONS_URL = '/api/admin/locations?active=true';

export const SHOP = 'e'.repeat(24);
export const product: ProductView = {
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
export const WAREHOUSE = stockLocation({ _id: DEFAULT_LOCATION_ID, name: 'Warehouse', priority: 1 });
export const CITY_SHOP = stockLocation({ _id: SHOP, name: 'City Shop', kind: 'shop', priority: 2 });

/** The server: the given active locations, the product's levels (9 at the warehouse, 3 at the shop), stock changes. */
export function serve(locations: LocationListItem[]) {
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
      if (url === ACTIVE_LOCATIONS_URL) data = { locations };
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

type StockDialogComponent = ComponentType<{ product: ProductView | null; onOpenChange: (open: boolean) => void }>;

/** The dialog open on the product; answers its onOpenChange spy. */
export function renderDialog(Dialog: StockDialogComponent) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Dialog product={product} onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  return onOpenChange;
}
