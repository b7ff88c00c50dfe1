import { DEFAULT_LOCATION_ID } from '@seamline/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVE_LOCATIONS_URL,
  CITY_SHOP,
  product,
  renderDialog,
  SHOP,
  serve,
  WAREHOUSE,
} from '../../test/stock-locations-kit';
import { ManageStockDialog } from './components/ManageStockDialog';

async function addThree() {
  await userEvent.selectOptions(screen.getByLabelText('Size'), 'M');
  await userEvent.selectOptions(screen.getByLabelText('Color'), 'Green');
  await userEvent.type(screen.getByLabelText('Quantity'), '3');
}

afterEach(() => vi.unstubAllGlobals());

describe('Manage Stock: the location', { timeout: 20_000 }, () => {
  it('offers a Location select with two locations, the first chosen, and sends the chosen one', async () => {
    const changes = serve([WAREHOUSE, CITY_SHOP]);
    const onOpenChange = renderDialog(ManageStockDialog);
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
    const onOpenChange = renderDialog(ManageStockDialog);
    await addThree();
    await screen.findByText('12 (10 available, 2 reserved)');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith(ACTIVE_LOCATIONS_URL, expect.anything()));
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
