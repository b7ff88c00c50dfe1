import {
  locationContracts,
  productContracts,
  reviewContracts,
  stockAlertContracts,
  wishlistContracts,
} from '@seamline/shared';
import { failure, isCallTo, json, ok, stubApi } from '@seamline/ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { guestWishlist } from '../../lib/wishlist';
import { noReviews, productView, renderShop, seriousViolations, signInCustomer } from '../../testing/render-shop';
import ProductPage from './pages/ProductPage';

const product = productView();

/** The product page of the tee; `alert` answers the back-in-stock request, `pickup` where it can be picked up. */
function renderPage(alert: () => Response = () => ok({}, 201), pickup: () => Response = () => ok({ locations: [] })) {
  const sent = stubApi((request) => {
    if (isCallTo(request, productContracts.bySlug)) return ok({ product });
    if (isCallTo(request, productContracts.related)) return ok({ products: [] });
    if (isCallTo(request, reviewContracts.listForProduct)) return ok(noReviews());
    if (isCallTo(request, reviewContracts.mine)) return ok({ reviews: [] });
    if (isCallTo(request, wishlistContracts.wished)) return ok({ productIds: [product.id] });
    if (isCallTo(request, stockAlertContracts.subscribe)) return alert();
    if (isCallTo(request, locationContracts.productPickup)) return pickup();
    return ok({});
  });
  renderShop(
    <Suspense fallback={null}>
      <Route path="/products/:slug" component={ProductPage} />
    </Suspense>,
    '/shop/products/tee-1',
  );
  return sent;
}

const choose = (group: 'Size' | 'Color', option: string) =>
  fireEvent.click(
    within(screen.getByRole('group', { name: new RegExp(`^${group}`) })).getByLabelText(option, { exact: false }),
  );

describe('the product page', () => {
  it('marks sold-out sizes of the chosen colour and colours with nothing left, and keeps them choosable', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Tee 1' });
    const sizes = within(screen.getByRole('group', { name: /^Size/ }));
    expect(sizes.getByRole('radio', { name: 'S, sold out in Black' })).toBeTruthy();
    expect(sizes.getByRole('radio', { name: 'M' })).toBeTruthy();
    const colours = within(screen.getByRole('group', { name: /^Color/ }));
    expect(colours.getByRole('radio', { name: 'Red, sold out in every size' })).toBeTruthy();
    expect(colours.getByRole('radio', { name: 'Black' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });

  it("offers an e-mail when a sold-out size is back instead of add-to-cart, and shows the server's answer", async () => {
    const sent = renderPage(() =>
      json(201, {
        success: true,
        data: { productId: product.id, size: 'S', color: 'Black', email: 'ann@example.com' },
        message: 'We will e-mail you when it is back in stock',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Tee 1' });
    choose('Size', 'S');
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(screen.getByText('Sold out in S / Black')).toBeTruthy();
    const form = await screen.findByRole('form', { name: "E-mail me when it's back" });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: "E-mail me when it's back" }));
    expect(
      (await screen.findByText('We will e-mail you when it is back in stock')).closest('[role=status]'),
    ).toBeTruthy();
    expect(sent.find((r) => isCallTo(r, stockAlertContracts.subscribe))!.body).toEqual({
      productId: product.id,
      size: 'S',
      color: 'Black',
      email: 'ann@example.com',
    });
    expect(await seriousViolations()).toEqual([]);
  });

  it('fills in a signed-in customer’s address and shows a refusal as an alert; a bad address is refused at once', async () => {
    signInCustomer('c1', 'ada@example.com');
    renderPage(() => failure(400, 'This size and colour is in stock: it can be ordered now'));
    await screen.findByRole('heading', { level: 1, name: 'Tee 1' });
    choose('Color', 'Red');
    const form = await screen.findByRole('form', { name: "E-mail me when it's back" });
    const email = within(form).getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    fireEvent.click(within(form).getByRole('button', { name: "E-mail me when it's back" }));
    // The form's alert region is there before the answer: wait for the refusal in it.
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'This size and colour is in stock: it can be ordered now',
      ),
    );

    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.click(within(form).getByRole('button', { name: "E-mail me when it's back" }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
  });

  it('has the wishlist heart by the name: a customer’s from the API, a guest’s in this browser', async () => {
    signInCustomer();
    renderPage();
    const heart = await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(heart.getAttribute('aria-describedby')).toBe('product-name');
  });

  it('keeps a guest’s heart in this browser', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add to wishlist' }));
    expect(guestWishlist.ids()).toEqual([product.id]);
    expect(screen.getByRole('button', { name: 'Remove from wishlist' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says which shops have the chosen size and colour to pick up, read once for the product', async () => {
    const shop = (name: string, stock: [string, string, number][]) => ({
      _id: name,
      name,
      address: `1 ${name} Road`,
      stock: stock.map(([size, color, available]) => ({ size, color, available })),
    });
    const sent = renderPage(undefined, () =>
      ok({
        locations: [
          shop('Canal Street shop', [
            ['M', 'Black', 2],
            ['S', 'Black', 1],
          ]),
          shop('Harbour shop', [['M', 'Black', 1]]),
        ],
      }),
    );
    const line = await screen.findByTestId('pickup-availability');
    expect(line.textContent).toBe('Available to pick up at Canal Street shop, Harbour shop');
    choose('Size', 'S');
    expect(screen.getByTestId('pickup-availability').textContent).toBe('Available to pick up at Canal Street shop');
    choose('Color', 'Red');
    expect(screen.queryByTestId('pickup-availability')).toBeNull();
    expect(sent.filter((request) => isCallTo(request, locationContracts.productPickup))).toHaveLength(1);
    expect(sent.find((request) => isCallTo(request, locationContracts.productPickup))?.path).toContain(
      `/products/${product.id}/pickup`,
    );
  });

  it('shows no pickup line when no shop has the product or the read fails', async () => {
    const sent = renderPage(undefined, () => failure(500, 'Down'));
    await screen.findByRole('heading', { level: 1, name: 'Tee 1' });
    await waitFor(() => expect(sent.some((request) => isCallTo(request, locationContracts.productPickup))).toBe(true));
    expect(screen.queryByTestId('pickup-availability')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });
});
