import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { SHOP_BASE } from '../lib/paths';
import { queryClient } from '../lib/query-client';
import { ShopRoutes } from './routes';
import { ShopLayout } from './ShopLayout';

/** The storefront: one query client for every page (answers are shared between pages), the router, the layout. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Router base={SHOP_BASE}>
        <ShopLayout>
          <ShopRoutes />
        </ShopLayout>
      </Router>
    </QueryClientProvider>
  );
}
