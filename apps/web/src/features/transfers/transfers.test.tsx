import { locationContracts, type ProductView, type TransferView, transferContracts } from '@seamline/shared';
import { failure, isCallTo, ok, stubApi } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../auth/auth-context';
import { adminUser, exampleProduct, signedInAs, signedInAsAdmin, stockLocation } from '../../test/fixtures';
import { ReceiveDialog } from './components/ReceiveDialog';
import { TransferFormDialog } from './components/TransferFormDialog';
import TransfersPage from './pages/TransfersPage';

const WAREHOUSE = `${'0'.repeat(23)}1`;
const SHOP = 'e'.repeat(24);
const locations = [
  stockLocation({ _id: WAREHOUSE, name: 'Warehouse', priority: 1 }),
  stockLocation({ _id: SHOP, name: 'City Shop', kind: 'shop', priority: 2 }),
  stockLocation({ _id: 'f'.repeat(24), name: 'Old Depot', priority: 3, active: false }),
];

const draft: TransferView = {
  _id: '1'.repeat(24),
  id: '1'.repeat(24),
  number: 'TR-000007',
  status: 'draft',
  from: { id: WAREHOUSE, name: 'Warehouse' },
  to: { id: SHOP, name: 'City Shop' },
  note: '',
  lineCount: 2,
  units: 9,
  receivedUnits: 0,
  createdBy: adminUser.id,
  createdByName: 'Ava Admin',
  shippedAt: null,
  receivedAt: null,
  cancelledAt: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  lines: [
    {
      id: '2'.repeat(24),
      inventoryId: '3'.repeat(24),
      productId: exampleProduct.id,
      productName: 'Waxed Field Jacket',
      size: 'M',
      color: 'Green',
      quantity: 5,
      received: 0,
    },
    {
      id: '4'.repeat(24),
      inventoryId: '5'.repeat(24),
      productId: exampleProduct.id,
      productName: 'Waxed Field Jacket',
      size: 'L',
      color: 'Green',
      quantity: 4,
      received: 0,
    },
  ],
};
const inTransit: TransferView = { ...draft, status: 'in_transit', shippedAt: '2026-12-02T10:00:00.000Z' };
const { lines: _lines, ...summary } = draft;

const variant = (size: string, color: string) => ({
  _id: `${size}${color}`.padEnd(24, '0'),
  id: `${size}${color}`.padEnd(24, '0'),
  size,
  color,
  quantity: 10,
  reserved: 0,
  available: 10,
  lowStockThreshold: 5,
  sku: `JAC-${size}-${color}`,
  barcode: '',
  priceOverride: null,
});
const jacket: ProductView = { ...exampleProduct, inventory: [variant('M', 'Green'), variant('L', 'Green')] };

function wrap(children: ReactNode, session = signedInAsAdmin()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={session}>
        <MemoryRouter>{children}</MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Transfers page', () => {
  it('lists transfers and ships a draft from its dialog', async () => {
    const sent = stubApi((request) => {
      if (isCallTo(request, locationContracts.list)) return ok({ locations });
      if (isCallTo(request, transferContracts.list))
        return ok({
          transfers: [summary],
          pagination: { page: 1, limit: 20, total: 1, pages: 1, totalPages: 1, exact: true },
        });
      if (isCallTo(request, transferContracts.ship)) return ok({ transfer: inTransit });
      if (isCallTo(request, transferContracts.get)) return ok({ transfer: draft });
      return failure(404, 'Not found');
    });
    render(wrap(<TransfersPage />));
    const row = (await screen.findByRole('cell', { name: 'TR-000007' })).closest('tr')!;
    expect(within(row).getByText('Warehouse → City Shop')).toBeTruthy();
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByText('2 / 9')).toBeTruthy();
    // The filter names every location, an inactive one too (its transfers stay listed).
    const filter = screen.getByLabelText('Location') as HTMLSelectElement;
    await waitFor(() => expect(within(filter).queryByText('Old Depot')).toBeTruthy());
    expect(sent.some((r) => isCallTo(r, locationContracts.list))).toBe(true);

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'View TR-000007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer TR-000007' });
    expect(await within(dialog).findByText('L/Green')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    await within(dialog).findByRole('button', { name: 'Receive' });
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/admin/transfers/${draft.id}/ship`]);
    expect(within(dialog).getByText('In transit')).toBeTruthy();
  });

  it('offers no changes to a role that may not change stock', async () => {
    stubApi((request) => {
      if (isCallTo(request, locationContracts.list)) return ok({ locations });
      if (isCallTo(request, transferContracts.get)) return ok({ transfer: draft });
      return ok({
        transfers: [summary],
        pagination: { page: 1, limit: 20, total: 1, pages: 1, totalPages: 1, exact: true },
      });
    });
    render(wrap(<TransfersPage />, signedInAs({ ...adminUser, role: 'support' })));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View TR-000007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer TR-000007' });
    await within(dialog).findByText('L/Green');
    expect(screen.queryByRole('button', { name: 'New transfer' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Ship' })).toBeNull();
  });
});

describe('ReceiveDialog', () => {
  it('defaults each line to what is still expected and sends only lines with units', async () => {
    const partly: TransferView = {
      ...inTransit,
      lines: [{ ...inTransit.lines[0]!, received: 2 }, inTransit.lines[1]!],
    };
    const sent = stubApi(() => ok({ transfer: { ...partly, status: 'received' } }));
    const onReceived = vi.fn();
    render(wrap(<ReceiveDialog transfer={partly} onOpenChange={() => {}} onReceived={onReceived} />));
    const m = screen.getByLabelText(/Waxed Field Jacket \(M\/Green\)/) as HTMLInputElement;
    const l = screen.getByLabelText(/Waxed Field Jacket \(L\/Green\)/) as HTMLInputElement;
    expect([m.value, l.value]).toEqual(['3', '4']);
    expect(screen.getByText('3 of 5 still expected')).toBeTruthy();

    const user = userEvent.setup();
    await user.clear(m);
    await user.type(m, '4');
    expect(await screen.findByText('Receive 0 to 3 units of Waxed Field Jacket (M/Green)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Receive' }).hasAttribute('disabled')).toBe(true);
    await user.clear(m);
    await user.type(m, '0');
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(onReceived).toHaveBeenCalled());
    expect(sent.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', `/admin/transfers/${partly.id}/receive`, { lines: [{ lineId: partly.lines[1]!.id, quantity: 4 }] }],
    ]);
  });
});

describe('TransferFormDialog', () => {
  it('picks active locations, adds lines from a product search, and creates the draft', async () => {
    const sent = stubApi((request) => {
      if (isCallTo(request, locationContracts.list)) return ok({ locations });
      if (isCallTo(request, transferContracts.create)) return ok({ transfer: draft }, 201);
      return ok({
        products: [jacket],
        pagination: { page: 1, limit: 10, total: 1, pages: 1, totalPages: 1, exact: true },
        catalogue: { total: 1, exact: true },
      });
    });
    const onSaved = vi.fn();
    render(wrap(<TransferFormDialog open onOpenChange={() => {}} onSaved={onSaved} />));
    const user = userEvent.setup();
    const from = screen.getByLabelText(/^From/) as HTMLSelectElement;
    await waitFor(() => expect(within(from).queryByText('Warehouse')).toBeTruthy());
    // An inactive location is not offered.
    expect(within(from).queryByText('Old Depot')).toBeNull();
    await user.selectOptions(from, WAREHOUSE);
    await user.selectOptions(screen.getByLabelText(/^To/), WAREHOUSE);
    expect(await screen.findByText('The source and destination must be different locations')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(/^To/), SHOP);

    await user.type(screen.getByRole('searchbox'), 'jacket');
    const product = (await screen.findByLabelText('Product')) as HTMLSelectElement;
    await waitFor(() => expect(within(product).queryByText(/Waxed Field Jacket/)).toBeTruthy());
    await user.selectOptions(product, jacket.id);
    await user.selectOptions(screen.getByLabelText('Size'), 'M');
    await user.selectOptions(screen.getByLabelText('Color'), 'Green');
    await user.clear(screen.getByLabelText('Units'));
    await user.type(screen.getByLabelText('Units'), '5');
    await user.click(screen.getByRole('button', { name: /Add line/ }));
    expect(screen.getByText('5 units')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(draft));
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      {
        fromLocationId: WAREHOUSE,
        toLocationId: SHOP,
        note: '',
        lines: [{ productId: jacket.id, size: 'M', color: 'Green', quantity: 5 }],
      },
    ]);
  });
});
