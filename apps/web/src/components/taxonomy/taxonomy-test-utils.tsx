import type { PublicUser, Role } from '@seamline/shared';
import { Toaster } from '@seamline/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from '../../auth/auth-context';
import { adminUser } from '../../test/fixtures';
import { atUrl } from '../../test/url-probe';

/**
 * Renders a management screen at `url` signed in as `role`, with a fresh query client, the toast outlet and a probe
 * of the URL.
 */
export function renderAs(role: Role, ui: ReactNode, url = '/list') {
  const user: PublicUser = { ...adminUser, role };
  const auth: AuthContextValue = {
    user,
    isAuthenticated: true,
    isLoading: false,
    error: null,
    login: async () => ({ user }),
    register: async () => ({ user }),
    acceptSession: async () => ({ user }),
    logout: async () => undefined,
    clearError: () => undefined,
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        {atUrl(ui, url)}
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

export const pageOf = <T,>(key: string, items: T[], total = items.length) => ({
  success: true,
  data: {
    [key]: items,
    pagination: {
      page: 1,
      limit: 9,
      total,
      pages: Math.max(1, Math.ceil(total / 9)),
      totalPages: Math.max(1, Math.ceil(total / 9)),
    },
  },
});
