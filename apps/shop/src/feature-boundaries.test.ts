// @vitest-environment node
import { lintAs } from '@seamline/ui/testing/lint-as';
import { describe, expect, it } from 'vitest';

const BOUNDARY = 'lint/style/noRestrictedImports';

describe('storefront feature boundaries (biome.json noRestrictedImports)', () => {
  it.each([
    ['apps/shop/src/features/checkout/api.ts', "import { accountQueries } from '../account/api';"],
    ['apps/shop/src/features/checkout/api.ts', "export * from '../cart';"],
    ['apps/shop/src/features/checkout/api.ts', "import { x } from '../../features/orders/api';"],
    [
      'apps/shop/src/features/orders/pages/OrdersPage.tsx',
      "import { AccountShell } from '../../account/components/AccountShell';",
    ],
    ['apps/shop/src/features/cart/pages/CartPage.tsx', "import { x } from '../../../features/checkout/api';"],
  ])('%s may not import another feature: %s', (file, source) => {
    expect(lintAs(file, source)).toContain(BOUNDARY);
  });

  it.each([
    ['apps/shop/src/features/checkout/api.ts', "import { api } from '../../lib/api';"],
    ['apps/shop/src/features/checkout/checkout-flow.ts', "import { confirmPayment } from './api';"],
    ['apps/shop/src/features/orders/pages/OrdersPage.tsx', "import { orderQueries } from '../api';"],
    ['apps/shop/src/features/cart/pages/CartPage.tsx', "import { CartLineRow } from '../components/CartLineRow';"],
    [
      'apps/shop/src/features/cart/pages/CartPage.tsx',
      "import { LineImage } from '../../../components/checkout/LineImage';",
    ],
    ['apps/shop/src/app/AccountRoutes.tsx', "import { OrdersPage } from '../features/orders/pages/OrdersPage';"],
  ])('%s may import its own feature, components/ and lib/ (the app imports features): %s', (file, source) => {
    expect(lintAs(file, source)).not.toContain(BOUNDARY);
  });
});
