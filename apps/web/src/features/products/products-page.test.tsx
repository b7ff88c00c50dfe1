import type { ProductListRow, PublicUser } from '@seamline/shared';
import { Toaster } from '@seamline/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../auth/auth-context';
import { createQueryClient } from '../../lib/query-client';
import { exampleProduct, signedInAs } from '../../test/fixtures';
import { atUrl, currentUrl } from '../../test/url-probe';
import ProductsPage from './pages/ProductsPage';

const support = {
  _id: 'a'.repeat(24),
  id: 'a'.repeat(24),
  email: 'support@example.com',
  firstName: 'Sam',
  lastName: 'Support',
  phone: null,
  role: 'support',
  isActive: true,
  emailVerified: true,
  lastLogin: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
} satisfies PublicUser;

/** Answers every product list call with an empty page of 40 matches in a catalogue of 61, recording the URLs. */
function serve() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const query = new URL(url, 'http://x').searchParams;
      const limit = Number(query.get('limit'));
      const data = {
        products: [],
        pagination: { page: Number(query.get('page')), limit, total: 40, pages: 4, totalPages: 4, exact: true },
        catalogue: { total: 61, exact: true },
      };
      return new Response(JSON.stringify({ success: true, data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return urls;
}

function renderAt(url: string) {
  const auth = signedInAs(support);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        {atUrl(<ProductsPage />, url)}
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Product Management asks the server for one page, its state in the URL', { timeout: 20_000 }, () => {
  it('opens the view, search and page of a shared link and counts matches of the catalogue', async () => {
    const urls = serve();
    renderAt('/products?view=table&search=linen&page=2');
    await screen.findByText('40 of 61 products');
    expect(urls).toEqual(['/api/admin/products/rows?page=2&limit=10&search=linen&sortBy=createdAt&sortOrder=desc']);
    expect(screen.getByRole('tab', { name: 'Table View' }).getAttribute('aria-selected')).toBe('true');
  });

  it('asks for the grid page size on Grid View, back on page 1, and sends the typed search after the debounce', async () => {
    const urls = serve();
    renderAt('/products?page=3');
    await screen.findByText('40 of 61 products');
    expect(urls.at(-1)).toBe('/api/admin/products/rows?page=3&limit=10&sortBy=createdAt&sortOrder=desc');
    await userEvent.click(screen.getByRole('tab', { name: 'Grid View' }));
    await waitFor(() => expect(currentUrl()).toBe('/products?view=grid'));
    await waitFor(() =>
      expect(urls.at(-1)).toBe('/api/admin/products/rows?page=1&limit=8&sortBy=createdAt&sortOrder=desc'),
    );
    await userEvent.type(screen.getByLabelText('Search products...'), 'tee');
    await waitFor(() => expect(currentUrl()).toBe('/products?view=grid&search=tee'));
    await waitFor(() =>
      expect(urls.at(-1)).toBe('/api/admin/products/rows?page=1&limit=8&search=tee&sortBy=createdAt&sortOrder=desc'),
    );
    expect(urls.filter((url) => url.includes('search=t&') || url.includes('search=te&'))).toEqual([]);
  });
});

/** The list answers one row of the example product; the product's own path answers the whole product. */
function serveOneProduct() {
  const urls: string[] = [];
  const p = exampleProduct;
  const row: ProductListRow = {
    id: p.id,
    name: p.name,
    sku: p.sku,
    category: p.category,
    subcategory: p.subcategory,
    brand: p.brand,
    price: p.price,
    salePrice: p.salePrice,
    isActive: p.isActive,
    availableStock: p.availableStock,
    stockStatus: p.stockStatus,
    thumbnail: null,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const data = url.startsWith(`/api/products/${p.id}`)
        ? { product: p }
        : {
            products: [row],
            pagination: { page: 1, limit: 10, total: 1, pages: 1, totalPages: 1, exact: true },
            catalogue: { total: 1, exact: true },
          };
      return new Response(JSON.stringify({ success: true, data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return urls;
}

describe('Product Management lists rows and reads a whole product when one is opened', { timeout: 20_000 }, () => {
  it('shows the row, then the picked product in the panel and the details dialog from its own read', async () => {
    const urls = serveOneProduct();
    renderAt('/products');
    await userEvent.click(await screen.findByRole('button', { name: /Waxed Field Jacket/ }));
    // The wishlist figure is not in the row: the panel shows the whole product.
    const wishlists = await screen.findByText('Wishlists');
    expect(wishlists.previousElementSibling?.textContent).toBe('27');
    expect(urls.filter((url) => url.startsWith('/api/products/'))).toEqual([`/api/products/${exampleProduct.id}`]);
    await userEvent.click(screen.getByRole('button', { name: 'View Details Waxed Field Jacket' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Waxed Field Jacket' })).toBeTruthy();
  });
});
