import { LOCATION_MESSAGES, type LocationListItem, locationContracts } from '@seamline/shared';
import { Toaster } from '@seamline/ui';
import { failure, isCallTo, ok, type SentRequest, stubApi } from '@seamline/ui/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../auth/auth-context';
import { createQueryClient } from '../../lib/query-client';
import { adminUser, signedInAs } from '../../test/fixtures';
import LocationsPage from './pages/LocationsPage';

function location(overrides: Partial<LocationListItem>): LocationListItem {
  return {
    _id: 'a'.repeat(24),
    name: 'Central warehouse',
    kind: 'warehouse',
    address: '1 Dock Road',
    shipsOnline: true,
    pickup: false,
    priority: 1,
    active: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    quantity: 1250,
    reserved: 40,
    ...overrides,
  };
}

const WAREHOUSE = location({});
const SHOP = location({
  _id: 'b'.repeat(24),
  name: 'Canal Street shop',
  kind: 'shop',
  address: '12 Canal Street',
  shipsOnline: false,
  pickup: true,
  priority: 2,
  quantity: 30,
  reserved: 0,
});
const OLD = location({ _id: 'c'.repeat(24), name: 'Old depot', address: '', priority: 3, active: false, quantity: 0 });

/** The list answers `listed()`; every write is answered by `write` (success by default). */
function serve(listed: () => LocationListItem[], write: (request: SentRequest) => Response = () => ok({})) {
  return stubApi((request) =>
    isCallTo(request, locationContracts.list) ? ok({ locations: listed() }) : write(request),
  );
}
const writes = (sent: SentRequest[]) => sent.filter((request) => request.method !== 'GET');

function renderPage(user = adminUser) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={signedInAs(user)}>
        <LocationsPage />
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'span' })).closest('tr')!;

beforeEach(() => {
  // Radix's checkbox measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  // jsdom has no modal dialogs (the deactivation confirmation is one): showModal and close as the open attribute.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
});

describe('Stock locations', { timeout: 20_000 }, () => {
  it('lists each location with its kind, address, flags, units held, reserved and status, in priority order', async () => {
    serve(() => [WAREHOUSE, SHOP, OLD]);
    renderPage();
    const warehouse = await rowOf('Central warehouse');
    for (const text of ['Warehouse · 1 Dock Road', '1,250', '40', 'Active'])
      expect(within(warehouse).getByText(text)).toBeTruthy();
    expect(
      within(warehouse)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 7),
    ).toEqual(['1', 'Central warehouseWarehouse · 1 Dock Road', 'Yes', 'No', '1,250', '40', 'Active']);
    const shop = await rowOf('Canal Street shop');
    for (const text of ['2', 'Shop · 12 Canal Street', '30', 'Active'])
      expect(within(shop).getByText(text)).toBeTruthy();
    const old = await rowOf('Old depot');
    expect(within(old).getByText('Inactive')).toBeTruthy();
    expect(within(old).getByRole('button', { name: 'Activate Old depot' })).toBeTruthy();
    expect(within(old).queryByRole('button', { name: /Move/ })).toBeNull();
    expect(
      (within(warehouse).getByRole('button', { name: 'Move Central warehouse up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (within(shop).getByRole('button', { name: 'Move Canal Street shop down' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows the list without any button to staff who are not admins', async () => {
    serve(() => [WAREHOUSE, SHOP, OLD]);
    renderPage({ ...adminUser, role: 'support' });
    await rowOf('Canal Street shop');
    expect(screen.queryByRole('button', { name: 'Add location' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /Edit|Move|Deactivate|Activate/ })).toEqual([]);
  });

  it('adds a location from the shared rules, and shows the server’s refusal in the dialog', async () => {
    const sent = serve(
      () => [WAREHOUSE],
      (request) =>
        request.body && (request.body as { name: string }).name === 'Central warehouse'
          ? failure(409, LOCATION_MESSAGES.nameTaken)
          : ok({ location: SHOP }, 201),
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    await rowOf('Central warehouse');
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add location' });
    await user.click(within(dialog).getByRole('button', { name: 'Add location' }));
    expect(await within(dialog).findByText(LOCATION_MESSAGES.name)).toBeTruthy();
    expect(writes(sent)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Name/), 'Central warehouse');
    await user.click(within(dialog).getByRole('button', { name: 'Add location' }));
    expect(await within(dialog).findByText(LOCATION_MESSAGES.nameTaken)).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(/Name/));
    await user.type(within(dialog).getByLabelText(/Name/), 'Canal Street shop');
    await user.selectOptions(within(dialog).getByLabelText(/Kind/), 'shop');
    await user.type(within(dialog).getByLabelText(/Address/), '12 Canal Street');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ships online orders' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Offers pickup' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add location' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(sent).at(-1)).toMatchObject({
      method: 'POST',
      path: '/admin/locations',
      body: { name: 'Canal Street shop', kind: 'shop', address: '12 Canal Street', shipsOnline: false, pickup: true },
    });
    expect(await screen.findByText('Canal Street shop added')).toBeTruthy();
  });

  it('edits a location in the dialog, filled with its values', async () => {
    const sent = serve(
      () => [WAREHOUSE, SHOP],
      () => ok({ location: SHOP }),
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(within(await rowOf('Canal Street shop')).getByRole('button', { name: 'Edit Canal Street shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit location' });
    expect((within(dialog).getByLabelText(/Address/) as HTMLInputElement).value).toBe('12 Canal Street');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ships online orders' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toMatchObject({
      method: 'PUT',
      path: `/admin/locations/${SHOP._id}`,
      body: { name: 'Canal Street shop', kind: 'shop', shipsOnline: true, pickup: true },
    });
  });

  it('moves a location up: the active locations’ ids in their new order go to the order endpoint', async () => {
    const sent = serve(
      () => [WAREHOUSE, SHOP, OLD],
      () => ok({ locations: [] }),
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(
      within(await rowOf('Canal Street shop')).getByRole('button', { name: 'Move Canal Street shop up' }),
    );
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toMatchObject({
      method: 'PUT',
      path: '/admin/locations/order',
      body: { ids: [SHOP._id, WAREHOUSE._id] },
    });
  });

  it('deactivates after a confirmation and shows the server’s refusal; activates at once', async () => {
    const sent = serve(
      () => [WAREHOUSE, SHOP, OLD],
      (request) =>
        request.path.endsWith('/deactivate')
          ? failure(409, LOCATION_MESSAGES.notEmpty)
          : ok({ location: { ...OLD, active: true } }),
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(
      within(await rowOf('Canal Street shop')).getByRole('button', { name: 'Deactivate Canal Street shop' }),
    );
    expect(writes(sent)).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LOCATION_MESSAGES.notEmpty);
    expect(writes(sent)[0]).toMatchObject({ method: 'POST', path: `/admin/locations/${SHOP._id}/deactivate` });

    await user.click(screen.getByRole('button', { name: 'Activate Old depot' }));
    expect(await screen.findByText('Old depot activated')).toBeTruthy();
    expect(writes(sent)[1]).toMatchObject({ method: 'POST', path: `/admin/locations/${OLD._id}/activate` });
    expect(screen.queryByText(LOCATION_MESSAGES.notEmpty)).toBeNull();
  });
});
