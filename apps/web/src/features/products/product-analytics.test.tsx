import type { Role } from '@seamline/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../auth/auth-context';
import { createQueryClient } from '../../lib/query-client';
import { adminUser, exampleProduct, signedInAs } from '../../test/fixtures';
import { atUrl } from '../../test/url-probe';
import { ProductDetailPanel } from './components/ProductDetailPanel';
import { ProductDetailsDialog } from './components/ProductDetailsDialog';

const product = exampleProduct;
const { id } = product;
const REVIEWS = `/reviews?status=published&productId=${id}`;

function renderAs(role: Role, ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={signedInAs({ ...adminUser, role })}>{atUrl(ui, '/products')}</AuthContext.Provider>
    </QueryClientProvider>,
  );
}

// No second stock location: the panels show no stock per location.
beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, data: { locations: [] } }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  ),
);
afterEach(() => vi.unstubAllGlobals());

describe('a product’s analytics', () => {
  it('show its wishlists, and rating and reviews open its published reviews for a moderator', () => {
    renderAs('moderator', <ProductDetailPanel product={product} onAction={vi.fn()} />);
    expect(screen.getByText('Wishlists').previousElementSibling?.textContent).toBe('27');
    expect(screen.getByRole('link', { name: /^3\.5 Rating/ }).getAttribute('href')).toBe(REVIEWS);
    expect(screen.getByRole('link', { name: /^10 Reviews/ }).getAttribute('href')).toBe(REVIEWS);
  });

  it('link nowhere for support staff, who have no Reviews screen', () => {
    renderAs('support', <ProductDetailPanel product={product} onAction={vi.fn()} />);
    expect(screen.getByText('Wishlists')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Rating|Reviews/ })).toBeNull();
  });

  it('in the details dialog, the Analytics tab shows wishlists and links rating and reviews', async () => {
    renderAs('admin', <ProductDetailsDialog product={product} onOpenChange={vi.fn()} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Analytics' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Wishlists').nextElementSibling?.textContent).toBe('27');
    expect(within(panel).getByRole('link', { name: '3.5 / 5' }).getAttribute('href')).toBe(REVIEWS);
    expect(within(panel).getByRole('link', { name: '10' }).getAttribute('href')).toBe(REVIEWS);
  });
});
