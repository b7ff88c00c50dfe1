import {
  type PublicUser,
  pagination,
  type StorefrontProductSummary,
  type StorefrontProductView,
} from '@seamline/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { session } from '../lib/api';

/** A shop screen at `path` (under /shop, as the server serves it), with its own query client. */
export function renderShop(ui: ReactNode, path = '/shop/') {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook} base="/shop">
        {ui}
      </Router>
    </QueryClientProvider>,
  );
  return { location, client };
}

export function signInCustomer(id = 'c1', email = 'ada@example.com') {
  const user = { id, email, firstName: 'Ada', lastName: 'L', role: 'customer', emailVerified: true } as PublicUser;
  session.saveSession(user, { accessToken: 'token', refreshToken: 'refresh' });
}

/**
 * axe-core's WCAG 2.1 A/AA rules on the rendered screen; serious and critical violations only. Colour contrast needs a
 * real browser's layout (jsdom has none): the screenshots' browser run checks it.
 */
export async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const id = (n: number) => `64b7f0c2a1b2c3d4e5f6071${n}`;

/** A listed product: Black in two sizes with units, Red sold out. */
export function summary(n: number, overrides: Partial<StorefrontProductSummary> = {}): StorefrontProductSummary {
  return {
    _id: id(n),
    id: id(n),
    name: `Tee ${n}`,
    slug: `tee-${n}`,
    category: 'T-Shirts',
    brand: 'Seam',
    price: 20,
    comparePrice: 0,
    salePrice: null,
    rating: 0,
    reviewCount: 0,
    inStock: true,
    image: null,
    sizes: ['S', 'M'],
    colors: ['Black', 'Red'],
    colorStock: [
      { color: 'Black', sizes: 2, sizesLeft: 2 },
      { color: 'Red', sizes: 2, sizesLeft: 0 },
    ],
    ...overrides,
  };
}

/** A product page's product: M/Black in stock, S/Black sold out, Red sold out in every size. */
export function productView(overrides: Partial<StorefrontProductView> = {}): StorefrontProductView {
  const variant = (size: string, color: string, available: number) => ({
    _id: `${size}${color}`,
    id: `${size}${color}`,
    size,
    color,
    available,
  });
  return {
    ...summary(1),
    sku: 'TEE-1',
    description: 'A tee.',
    subcategory: '',
    images: [],
    variants: {
      size: { available: ['S', 'M'], default: 'M' },
      color: { available: ['Black', 'Red'], default: 'Black' },
    },
    inventory: [variant('S', 'Black', 0), variant('M', 'Black', 4), variant('S', 'Red', 0), variant('M', 'Red', 0)],
    ...overrides,
  } as unknown as StorefrontProductView;
}

/** The answer of a product's reviews read for a product nobody has reviewed yet. */
export const noReviews = () => ({
  reviews: [],
  summary: {
    average: 0,
    count: 0,
    stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    fit: { runs_small: 0, true_to_size: 0, runs_large: 0, mostCommon: null },
  },
  pagination: pagination(1, 10, 0),
});
