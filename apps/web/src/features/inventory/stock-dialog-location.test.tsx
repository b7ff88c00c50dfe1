import { DEFAULT_LOCATION_ID } from '@seamline/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CITY_SHOP, product, renderDialog, SHOP, serve, WAREHOUSE } from '../../test/stock-locations-kit';
import { StockDialog } from './components/StockDialog';

const figures = () => screen.getAllByRole('definition').map((cell) => cell.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('Inventory Manage Stock: the location', { timeout: 20_000 }, () => {
  it('sets the chosen location, showing its figures and the stock per location with totals', async () => {
    const changes = serve([WAREHOUSE, CITY_SHOP]);
    const onOpenChange = renderDialog(StockDialog);
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
    const onOpenChange = renderDialog(StockDialog);
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
