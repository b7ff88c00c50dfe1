import { wishlistContracts } from '@seamline/shared';
import { failure, isCallTo, ok, stubApi } from '@seamline/ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guestWishlist } from '../lib/wishlist';
import { renderShop, seriousViolations, signInCustomer, summary } from '../testing/render-shop';
import { ProductGrid } from './ProductGrid';

const products = [summary(1), summary(2), summary(3)];
const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('li')!;
const heartOf = (name: string) => within(cardOf(name)).getByRole('button', { name: /wishlist/ });

describe('the product grid', () => {
  it("keeps a guest's hearts in this browser, as toggle buttons beside (not inside) the product link", async () => {
    guestWishlist.add(products[1]!.id);
    const sent = stubApi(() => ok({}));
    renderShop(<ProductGrid products={products} />);

    const first = heartOf('Tee 1');
    expect(first.getAttribute('aria-pressed')).toBe('false');
    expect(first.getAttribute('aria-label')).toBe('Add to wishlist');
    expect(first.closest('a')).toBeNull();
    expect(heartOf('Tee 2').getAttribute('aria-pressed')).toBe('true');
    expect(heartOf('Tee 2').getAttribute('aria-label')).toBe('Remove from wishlist');

    fireEvent.click(first);
    expect(heartOf('Tee 1').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(heartOf('Tee 2'));
    expect(heartOf('Tee 2').getAttribute('aria-pressed')).toBe('false');
    expect(guestWishlist.ids()).toEqual([products[0]!.id]);
    expect(sent).toEqual([]);
    expect(await seriousViolations()).toEqual([]);
  });

  it("asks once for a customer's wished products of the whole grid, and adds and removes through the API", async () => {
    signInCustomer();
    const wished = new Set([products[2]!.id]);
    const sent = stubApi((request) => {
      if (isCallTo(request, wishlistContracts.wished)) return ok({ productIds: [...wished] });
      if (isCallTo(request, wishlistContracts.add)) wished.add((request.body as { productId: string }).productId);
      if (isCallTo(request, wishlistContracts.remove)) wished.delete(request.path.split('/').pop()!);
      return ok({});
    });
    renderShop(<ProductGrid products={products} />);
    await waitFor(() => expect(heartOf('Tee 3').getAttribute('aria-pressed')).toBe('true'));
    expect(sent.filter((r) => isCallTo(r, wishlistContracts.wished))).toHaveLength(1);

    fireEvent.click(heartOf('Tee 1'));
    await waitFor(() => expect(heartOf('Tee 1').getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(sent.some((r) => isCallTo(r, wishlistContracts.add))).toBe(true));
    expect(sent.find((r) => isCallTo(r, wishlistContracts.add))!.body).toEqual({ productId: products[0]!.id });

    fireEvent.click(heartOf('Tee 3'));
    await waitFor(() => expect(sent.some((r) => isCallTo(r, wishlistContracts.remove))).toBe(true));
    expect(sent.find((r) => isCallTo(r, wishlistContracts.remove))!.path).toBe(`/wishlist/${products[2]!.id}`);
    await waitFor(() => expect(heartOf('Tee 3').getAttribute('aria-pressed')).toBe('false'));
    expect(heartOf('Tee 1').getAttribute('aria-pressed')).toBe('true');
    expect(guestWishlist.ids()).toEqual([]);
  });

  it('puts a heart back and says why when the server refuses', async () => {
    signInCustomer();
    stubApi((request) =>
      isCallTo(request, wishlistContracts.wished)
        ? ok({ productIds: [] })
        : failure(404, 'Product not found', { code: 'NOT_FOUND' }),
    );
    renderShop(<ProductGrid products={products} />);
    fireEvent.click(heartOf('Tee 1'));
    expect((await within(cardOf('Tee 1')).findByRole('alert')).textContent).toBe('Product not found');
    expect(heartOf('Tee 1').getAttribute('aria-pressed')).toBe('false');
  });

  it('shows each colour with the sizes left, a sold-out colour as sold out', () => {
    stubApi(() => ok({}));
    renderShop(<ProductGrid products={[products[0]!]} />);
    const colours = within(cardOf('Tee 1')).getByRole('list', { name: 'Colours' });
    const items = within(colours)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Black: 2 of 2 sizes left2/2 sizes', 'Red: sold outSold out']);
  });
});
