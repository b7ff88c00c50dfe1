import type { LocationListItem } from '@seamline/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { ACTIVE_LOCATIONS_URL, CITY_SHOP, WAREHOUSE } from '../../test/stock-locations-kit';
import { ImportProductsDialog } from './components/ImportProductsDialog';

/** The server's active locations. */
function serve(locations: LocationListItem[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, data: { locations } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

function renderDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ImportProductsDialog open onOpenChange={vi.fn()} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Import products: the location column', { timeout: 20_000 }, () => {
  it('explains the location column with two locations, naming them', async () => {
    serve([WAREHOUSE, CITY_SHOP]);
    renderDialog();
    const help = await screen.findByTestId('import-location-help');
    expect(help.textContent).toContain('location column says where a row');
    expect(help.textContent).toContain('(Warehouse, City Shop)');
    expect(help.textContent).toContain('A blank location is the first location that ships online orders');
  });

  it('says nothing about locations with one location', async () => {
    serve([WAREHOUSE]);
    renderDialog();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith(ACTIVE_LOCATIONS_URL, expect.anything()));
    expect(screen.getByText(/One row per size\/color/)).toBeTruthy();
    expect(screen.queryByTestId('import-location-help')).toBeNull();
  });
});
