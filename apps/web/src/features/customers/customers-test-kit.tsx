// The customers screen's test fixtures: a small customer list the fake server pages and searches, and the page
// rendered as an admin (or another role) at a URL. Shared by the list and the actions tests.
import type { AdminCustomer, Role } from '@seamline/shared';
import { Toaster } from '@seamline/ui';
import { failure, json, mockFetch } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../auth/auth-context';
import { adminUser } from '../../test/fixtures';
import { atUrl } from '../../test/url-probe';
import CustomersPage from './pages/CustomersPage';

export function customer(n: number, overrides: Partial<AdminCustomer> = {}): AdminCustomer {
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

export const emma = customer(1, {
  firstName: 'Emma',
  lastName: 'Wilson',
  email: 'emma.wilson@example.com',
  phone: '5550123456',
  totalSpent: 1200,
  tier: 'High Value',
});
export const liam = customer(2, {
  firstName: 'Liam',
  lastName: 'Chen',
  email: 'liam.chen@example.com',
  phone: '555.019.8765',
});
export const others = Array.from({ length: 10 }, (_, i) => customer(10 + i));

export const everyone = [liam, emma, ...others];
export const LIST = '/api/admin/customers?';

/** The server's answer for one page: plain-text search over name, e-mail and phone, the status filter, paging. */
export function answerList(url: URL, all: AdminCustomer[] = everyone) {
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

export function renderPage(role: Role = 'admin', url = '/customers') {
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
export function serve(extra: (url: URL, init: RequestInit) => Response | undefined = () => undefined) {
  return mockFetch((raw, init) => {
    const url = new URL(raw, 'http://localhost');
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/admin/customers') return answerList(url);
    return failure(404, 'not mocked');
  });
}

// jsdom on a busy machine: a debounced search and a page of Radix widgets may take a few seconds to settle.
export const slow = { timeout: 4000 };

export function restoreFetch() {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
