import type { CustomerDetail } from '@seamline/shared';
import { failure, json } from '@seamline/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { listRequests } from '../../test/url-probe';
import { LIST, liam, renderPage, restoreFetch, serve, slow } from './customers-test-kit';

afterEach(restoreFetch);

describe('the Customer Management screen: actions', { timeout: 20_000 }, () => {
  it('deactivates "all matching" the URL filters through one job, then says how it went', async () => {
    let sent: unknown;
    const job = {
      _id: 'f'.repeat(24),
      id: 'f'.repeat(24),
      kind: 'customer_bulk_status',
      status: 'completed',
      fileName: '',
      totalRows: 12,
      processedRows: 12,
      rate: 40,
      counts: { create: 0, update: 0, unchanged: 0, failed: 0 },
      errors: [],
      errorCount: 0,
      result: { matched: 12, changed: 11, unchanged: 0, failed: 1, succeeded: [], failures: [] },
      failure: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      startedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:00:01.000Z',
    };
    const fetchMock = serve((url, init) => {
      if (init.method === 'POST' && url.pathname === '/api/admin/customers/bulk/status') {
        sent = JSON.parse(String(init.body));
        return json(202, { success: true, data: { job: { ...job, status: 'queued', result: null } } });
      }
      if (url.pathname === `/api/admin/jobs/${job.id}`) return json(200, { success: true, data: { job } });
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('admin', '/customers?view=table&hasOrders=yes&registeredFrom=2026-01-01');
    await screen.findByText('12 customers', undefined, slow);
    expect(listRequests(fetchMock, '/api/admin/customers').at(-1)).toBe(
      `${LIST}page=1&limit=10&registeredFrom=2026-01-01&hasOrders=yes`,
    );
    await user.click(screen.getByLabelText('Select all customers on this page'));
    await user.click(await screen.findByRole('button', { name: 'Select all 12 matching' }));
    await screen.findByText('All 12 matching customers selected');
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Customers' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate 12' }));
    expect(sent).toEqual({
      selection: { filter: { registeredFrom: '2026-01-01', hasOrders: 'yes' } },
      isActive: false,
    });
    await within(dialog).findByText('Done: 11 customers deactivated, 1 failed.', undefined, slow);
    expect(within(dialog).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await screen.findByText('11 customers deactivated, 1 failed');
  });

  it('updates the status through Manage Customer Status with the spec toast', async () => {
    let sent: unknown;
    serve((url, init) => {
      if (init.method === 'PUT' && url.pathname === `/api/admin/customers/${liam.id}/status`) {
        sent = JSON.parse(String(init.body));
        return json(200, { success: true, data: { user: { ...liam, isActive: false } }, message: 'ok' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('12 customers', undefined, slow);
    await user.click(await screen.findByRole('button', { name: 'Manage Status' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Customer Status' });
    expect(within(dialog).getByText(/cannot sign in, place orders or access their account/)).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: /Inactive/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    await screen.findByText('Customer status updated successfully!');
    expect(sent).toEqual({ isActive: false });
  });

  it('shows the server message inside the status dialog when the update fails', async () => {
    serve((_url, init) =>
      init.method === 'PUT' ? failure(403, 'You do not have permission to perform this action') : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('12 customers', undefined, slow);
    await user.click(await screen.findByRole('button', { name: 'Manage Status' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Customer Status' });
    await user.click(within(dialog).getByRole('radio', { name: /Inactive/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You do not have permission to perform this action',
    );
  });

  it('edits a customer with the shared validation and the spec toast', async () => {
    let sent: unknown;
    serve((url, init) => {
      if (init.method === 'PUT' && url.pathname === `/api/admin/customers/${liam.id}`) {
        sent = JSON.parse(String(init.body));
        return json(200, { success: true, data: { user: liam }, message: 'Customer updated successfully' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('12 customers', undefined, slow);
    await user.click(await screen.findByRole('button', { name: 'Edit' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    const first = within(dialog).getByLabelText(/First Name/);
    await user.clear(first);
    await user.type(first, 'L');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await within(dialog).findByText('First name must be at least 2 characters long');
    expect(sent).toBeUndefined();
    await user.type(first, 'ee');
    await user.clear(within(dialog).getByLabelText('Phone'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Customer updated successfully');
    expect(sent).toEqual({ firstName: 'Lee', lastName: 'Chen', phone: '' });
  });

  it("shows the customer's real orders in the details Orders tab", async () => {
    const detail: CustomerDetail = {
      user: liam,
      addresses: [],
      orders: [
        {
          _id: 'f'.repeat(24),
          id: 'f'.repeat(24),
          orderNumber: 'ORD-20260101-ABC123',
          status: 'delivered',
          paymentStatus: 'paid',
          total: 249.99,
          itemsCount: 3,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ],
    };
    serve((url) =>
      url.pathname === `/api/admin/customers/${liam.id}` ? json(200, { success: true, data: detail }) : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('12 customers', undefined, slow);
    await user.click(await screen.findByRole('button', { name: 'View Details' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Customer Details' });
    for (const tab of ['Overview', 'Details', 'Orders', 'Analytics']) {
      expect(within(dialog).getByRole('tab', { name: tab })).toBeTruthy();
    }
    await user.click(within(dialog).getByRole('tab', { name: 'Orders' }));
    await within(dialog).findByText('ORD-20260101-ABC123');
    expect(within(dialog).getByText('$249.99')).toBeTruthy();
    expect(within(dialog).queryByText(/coming soon/)).toBeNull();
  });

  it("lets admins erase a customer's personal data from the details, after typing the name", async () => {
    let erased: string | undefined;
    serve((url, init) => {
      if (url.pathname !== `/api/admin/customers/${liam.id}`) return undefined;
      if (init.method === 'DELETE') {
        erased = url.pathname;
        return json(200, { success: true, message: 'Customer data erased successfully' });
      }
      return json(200, { success: true, data: { user: liam, addresses: [], orders: [] } });
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('12 customers', undefined, slow);
    await user.click(await screen.findByRole('button', { name: 'View Details' }, slow));
    const details = await screen.findByRole('dialog', { name: 'Customer Details' });
    await user.click(within(details).getByRole('button', { name: 'Erase Personal Data' }));
    const confirm = await screen.findByRole('dialog', { name: 'Erase Personal Data' });
    await user.type(within(confirm).getByLabelText('Customer name'), 'Liam Chen');
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
    expect(erased).toBeUndefined();
    await user.click(within(confirm).getByRole('button', { name: 'Erase Personal Data' }));
    await screen.findByText('Customer data erased successfully!');
    expect(erased).toBe(`/api/admin/customers/${liam.id}`);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Customer Details' })).toBeNull());
  });

  it('offers the erasure to admins only', async () => {
    serve((url) =>
      url.pathname === `/api/admin/customers/${liam.id}`
        ? json(200, { success: true, data: { user: liam, addresses: [], orders: [] } })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage('support');
    await screen.findByText('12 customers', undefined, slow);
    await user.click(await screen.findByRole('button', { name: 'View Details' }, slow));
    const details = await screen.findByRole('dialog', { name: 'Customer Details' });
    expect(within(details).getByRole('tab', { name: 'Overview' })).toBeTruthy();
    expect(within(details).queryByRole('button', { name: 'Erase Personal Data' })).toBeNull();
  });

  it('shows read-only roles no status, edit or deactivate actions', async () => {
    serve();
    renderPage('moderator');
    await screen.findByText('12 customers', undefined, slow);
    // The first customer's panel opens once the list has rendered; the write actions are judged on it.
    expect(await screen.findByRole('button', { name: 'View Details' }, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage Status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
