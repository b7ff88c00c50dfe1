import { type WishlistItemView, wishlistContracts } from '@seamline/shared';
import { failure, isCallTo, mockFetch, ok, stubApi } from '@seamline/ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import AccountRoutes from '../../app/AccountRoutes';
import { guestWishlist } from '../../lib/wishlist';
import { renderShop, seriousViolations, signInCustomer, summary } from '../../testing/render-shop';

const item = (n: number, overrides: Partial<WishlistItemView> = {}): WishlistItemView => ({
  productId: `64b7f0c2a1b2c3d4e5f6071${n}`,
  name: `Parka ${n}`,
  slug: `parka-${n}`,
  image: null,
  isActive: true,
  price: 30,
  priceAtAdd: 30,
  priceDropped: false,
  stock: [
    { size: 'M', color: 'Black', available: 2 },
    { size: 'L', color: 'Black', available: 0 },
    { size: 'M', color: 'Red', available: 0 },
  ],
  inStock: true,
  addedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const pageOf = (items: WishlistItemView[], pages = 1, page = 1) =>
  ok({ items, pagination: { page, limit: 20, total: items.length, pages } });

function renderWishlist(path = '/shop/account/wishlist') {
  renderShop(<Route path="/account" nest component={AccountRoutes} />, path);
}

describe('the account wishlist', () => {
  it('lists the items with price, a price drop, stock per size and colour, and removes one', async () => {
    signInCustomer();
    let items = [item(1, { price: 24, priceAtAdd: 30, priceDropped: true }), item(2)];
    const sent = stubApi((request) => {
      if (isCallTo(request, wishlistContracts.remove)) items = items.filter((i) => i.productId !== item(1).productId);
      return isCallTo(request, wishlistContracts.list) ? pageOf(items, 2) : ok({});
    });
    renderWishlist();
    const first = (await screen.findByRole('link', { name: 'Parka 1' })).closest('li')!;
    expect(
      first.getAttribute('href') ?? within(first).getByRole('link', { name: 'Parka 1' }).getAttribute('href'),
    ).toBe('/shop/products/parka-1');
    expect(within(first).getByText('Price dropped · $30.00 when added')).toBeTruthy();
    const stock = within(first).getByRole('list', { name: 'Sizes in stock' });
    expect(
      within(stock)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['BlackML sold out', 'Red· sold outM sold out']);
    expect(screen.getByRole('navigation', { name: 'Your account' }).textContent).toContain('Wishlist');
    expect(screen.getByRole('link', { name: 'Wishlist' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/shop/account/wishlist?page=2');
    expect(await seriousViolations()).toEqual([]);

    fireEvent.click(within(first).getByRole('button', { name: 'Remove Parka 1 from your wishlist' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Parka 1' })).toBeNull());
    expect(sent.find((r) => isCallTo(r, wishlistContracts.remove))!.path).toBe(`/wishlist/${item(1).productId}`);
  });

  it('says when the list is empty', async () => {
    signInCustomer();
    stubApi(() => pageOf([]));
    renderWishlist();
    expect(await screen.findByText('Your wishlist is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toBeTruthy();
  });

  it('shows a failed read with a retry', async () => {
    signInCustomer();
    stubApi(() => failure(500, 'Internal server error'));
    renderWishlist();
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe("a guest's wishlist", () => {
  it('reads the page with one list call, keeps the browser order, and shows a product no longer sold as gone', async () => {
    const gone = '64b7f0c2a1b2c3d4e5f6071f';
    guestWishlist.add(summary(2).id);
    guestWishlist.add(gone);
    guestWishlist.add(summary(1).id);
    const urls: string[] = [];
    mockFetch((url) => {
      urls.push(url);
      const ids = new URL(url, 'http://localhost').searchParams.get('ids')?.split(',') ?? [];
      // The server's own order (newest product first), not the browser's.
      const products = [summary(2, { salePrice: 15 }), summary(1)].filter((p) => ids.includes(p.id));
      return ok({ products, pagination: { page: 1, limit: ids.length, total: products.length, pages: 1 } });
    });
    renderWishlist();
    await screen.findByRole('link', { name: 'Tee 1' });
    const list = screen.getByRole('link', { name: 'Tee 1' }).closest('ul')!;
    const shownAs = [...list.children].map((li) => li.textContent?.match(/Tee \d|no longer sold/)?.[0]);
    expect(shownAs).toEqual(['Tee 1', 'no longer sold', 'Tee 2']);
    expect(urls).toHaveLength(1);
    const sent = new URL(urls[0]!, 'http://localhost');
    expect(sent.pathname).toBe('/api/products');
    expect(sent.searchParams.get('ids')).toBe([summary(1).id, gone, summary(2).id].join(','));
    const second = screen.getByRole('link', { name: 'Tee 2' }).closest('li')!;
    expect(within(second).getByText('$15.00')).toBeTruthy();
    expect(within(second).getByRole('list', { name: 'Colours' }).textContent).toContain('Sold out');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/shop/account/sign-in?next=%2Fwishlist',
    );
    expect(await seriousViolations()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Tee 1 from your wishlist' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Tee 1' })).toBeNull());
    expect(guestWishlist.ids()).toEqual([gone, summary(2).id]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('A product that is no longer sold')).toBeNull());
    expect(guestWishlist.ids()).toEqual([summary(2).id]);
  });

  it('says when the browser keeps no list', async () => {
    stubApi(() => ok({}));
    renderWishlist();
    expect(await screen.findByText('Your wishlist is empty')).toBeTruthy();
  });
});
