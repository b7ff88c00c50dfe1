import { Router } from 'wouter';
import { SHOP_BASE } from '../lib/paths';
import { ShopRoutes } from './routes';
import { ShopLayout } from './ShopLayout';

export function App() {
  return (
    <Router base={SHOP_BASE}>
      <ShopLayout>
        <ShopRoutes />
      </ShopLayout>
    </Router>
  );
}
