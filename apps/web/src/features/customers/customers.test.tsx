import type { AdminCustomer, CustomerDetail, Role } from '@seamline/shared';
import { Toaster } from '@seamline/ui';
import { failure, json, mockFetch } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../auth/auth-context';
import { adminUser } from '../../test/fixtures';
import { atUrl, currentUrl, listRequests } from '../../test/url-probe';
import CustomersPage from './pages/CustomersPage';

function customer(n: number, overrides: Partial<AdminCustomer> = {}): AdminCustomer {
  const id = n.toString(16).padStart(24, '0');
  return {
    _id: id,
    id,
    email: `person${n}@example.com`,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    phone: `555000${String(n).padStart(4, '0')}`,
    role: 'customer',
    isActive: true,
    emailVerified: true,
    lastLogin: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    orderCount: n,
    totalSpent: n * 100,
    tier: 'Standard',
    ...overrides,
  };
}

const emma = customer(1, {
  firstName: 'Emma',
  lastName: 'Wilson',
  email: 'emma.wilson@example.com',
  phone: '5550123456',
  totalSpent: 1200,
  tier: 'High Value',
});
const liam = customer(2, {
  firstName: 'Liam',
  lastName: 'Chen',
  email: 'liam.chen@example.com',
  phone: '555.019.8765',
});
const others = Array.from({ length: 10 }, (_, i) => customer(10 + i));

const everyone = [liam, emma, ...others];
const LIST = '/api/admin/customers?';

/** The server's answer for one page: plain-text search over name, e-mail and phone, the status filter, paging. */
function answerList(url: URL, all: AdminCustomer[] = everyone) {
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  const limit = Number(url.searchParams.get('limit'));
  const pageNo = Number(url.searchParams.get('page'));
  const listed = url.searchParams.get('status') === 'active' ? all.filter((c) => c.isActive) : all;
  const matches = listed.filter((c) =>
    [`${c.firstName} ${c.lastName}`, c.email, c.phone ?? ''].some((field) => field.toLowerCase().includes(search)),
  );
  const pages = Math.max(1, Math.ceil(matches.length / limit));
  return json(200, {
    success: true,
    data: {
      users: matches.slice((pageNo - 1) * limit, pageNo * limit),
      pagination: { page: pageNo, limit, total: matches.length, pages, totalPages: pages, exact: true },
      overall: { total: listed.length, exact: true },
    },
  });
}

function renderPage(role: Role = 'admin', url = '/customers') {
  const auth = {
    user: { ...adminUser, role },
    isAuthenticated: true,
    isLoading: false,
    error: null,
  } as AuthContextValue;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        {atUrl(<CustomersPage />, url)}
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

/** The customers list as the server pages it, and whatever else a test adds. */
function serve(extra: (url: URL, init: RequestInit) => Response | undefined = () => undefined) {
  return mockFetch((raw, init) => {
    const url = new URL(raw, 'http://localhost');
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/admin/customers') return answerList(url);
    return failure(404, 'not mocked');
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// jsdom on a busy machine: a debounced search and a page of Radix widgets may take a few seconds to settle.
const slow = { timeout: 4000 };

describe('the Customer Management screen', { timeout: 20_000 }, () => {
  it("asks for one page of the view's size and lists it", async () => {
    const fetchMock = serve();
    renderPage();
    await screen.findByText('12 customers', undefined, slow);
    expect(listRequests(fetchMock, '/api/admin/customers')).toEqual([`${LIST}page=1&limit=10`]);
    const list = screen.getByRole('list', { name: 'Customers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('heading', { name: 'Customer Management' })).toBeTruthy();
  });

  it('shows the list a URL names: view, search, filter and page', async () => {
    const fetchMock = serve();
    renderPage('admin', '/customers?view=grid&page=2');
    await screen.findByText('12 customers', undefined, slow);
    expect(listRequests(fetchMock, '/api/admin/customers')).toEqual([`${LIST}page=2&limit=8`]);
    expect(within(screen.getByRole('list', { name: 'Customers' })).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('tab', { name: 'Grid View' }).getAttribute('aria-selected')).toBe('true');
  });

  it('searches on the server after 300 ms, keeps the search in the URL, and Show All clears it', {
    timeout: 60_000,
  }, async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('12 customers', undefined, slow);
    await user.type(screen.getByLabelText('Search customers by name, email or phone...'), '555.019');
    await screen.findByText('1 of 12 customers', undefined, { timeout: 10_000 });
    expect(currentUrl()).toBe('/customers?search=555.019');
    // One request per state: the first page, then the finished search (not one per keystroke).
    expect(listRequests(fetchMock, '/api/admin/customers')).toEqual([
      `${LIST}page=1&limit=10`,
      `${LIST}page=1&limit=10&search=555.019`,
    ]);
    const list = screen.getByRole('list', { name: 'Customers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('555.019').tagName).toBe('MARK');
    await user.click(screen.getAllByRole('button', { name: 'Show All' })[0]!);
    await screen.findByText('12 customers', undefined, slow);
    expect(currentUrl()).toBe('/customers');
    expect((screen.getByLabelText('Search customers by name, email or phone...') as HTMLInputElement).value).toBe('');
  });

  it('pages through the server and keeps the page in the URL', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('12 customers', undefined, slow);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentUrl()).toBe('/customers?page=2'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Customers' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(listRequests(fetchMock, '/api/admin/customers').at(-1)).toBe(`${LIST}page=2&limit=10`);
  });

  it('says "about" when the server only estimated the totals', async () => {
    serve((url) =>
      url.pathname === '/api/admin/customers'
        ? json(200, {
            success: true,
            data: {
              users: [emma],
              pagination: { page: 1, limit: 10, total: 123456, pages: 12346, totalPages: 12346, exact: false },
              overall: { total: 123456, exact: false },
            },
          })
        : undefined,
    );
    renderPage();
    await screen.findByText('about 123,000 customers', undefined, slow);
  });

  it('says No results for a search that matches nobody', async () => {
    serve();
    renderPage('admin', '/customers?search=zzz');
    await screen.findByText('No results', undefined, slow);
    expect(screen.getByText('0 of 12 customers')).toBeTruthy();
  });

  it('shows the spec toast and an empty list when the list fails', async () => {
    mockFetch(() => {
      throw new TypeError('network down');
    });
    renderPage();
    await screen.findByText('Failed to fetch customers');
    expect(screen.getByText('No Customers Found')).toBeTruthy();
  });

  it('asks the server for active customers only when the filter is on', async () => {
    const fetchMock = mockFetch((raw) =>
      answerList(new URL(raw, 'http://localhost'), [{ ...liam, isActive: false }, emma]),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('2 customers', undefined, slow);
    await user.click(screen.getByLabelText('Active only'));
    await screen.findByText('1 customers');
    expect(currentUrl()).toBe('/customers?status=active');
    expect(listRequests(fetchMock, '/api/admin/customers').at(-1)).toBe(`${LIST}page=1&limit=10&status=active`);
  });

  it('keeps selections between the table and grid views', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('12 customers', undefined, slow);
    await user.click(screen.getByRole('tab', { name: 'Table View' }));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['', 'Customer', 'Contact', 'Total Spent', 'Orders', 'Member Since', 'Status', 'Actions']);
    await user.click(screen.getByLabelText('Select Emma Wilson'));
    await screen.findByText('1 customers selected');
    await user.click(screen.getByRole('tab', { name: 'Grid View' }));
    expect(screen.getByLabelText('Select Emma Wilson').getAttribute('data-state')).toBe('checked');
    expect(within(screen.getByRole('list', { name: 'Customers' })).getAllByRole('listitem')).toHaveLength(8);
  });

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
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
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
    await user.click(screen.getByRole('button', { name: 'Edit' }));
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
    await user.click(screen.getByRole('button', { name: 'View Details' }));
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
    await user.click(screen.getByRole('button', { name: 'View Details' }));
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
    await user.click(screen.getByRole('button', { name: 'View Details' }));
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
