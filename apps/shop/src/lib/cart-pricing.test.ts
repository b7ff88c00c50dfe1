import { ApiError } from '@seamline/client';
import { checkoutContracts } from '@seamline/shared';
import { failure, ok, type SentRequest, stubApi } from '@seamline/ui/testing';
import { describe, expect, it } from 'vitest';
import type { CartLine } from './cart';
import { lineProblemsOf, priceCart, pricedLineOf } from './cart-pricing';

const line = (productId: string, quantity = 1): CartLine => ({
  productId,
  size: 'M',
  color: 'Black',
  quantity,
  slug: productId,
  name: productId,
  image: null,
});
type Item = { productId: string; quantity: number };
const itemsSent = (request: SentRequest) => (request.body as { items: Item[] } | undefined)?.items ?? [];
const pricingOf = (items: Item[]) => ({
  items: items.map((item) => ({ ...item, size: 'M', color: 'Black', price: 10, total: 10 * item.quantity })),
  subtotal: items.reduce((sum, item) => sum + 10 * item.quantity, 0),
});

describe('pricing the cart on the server', () => {
  it('prices every line in one call when the server accepts the cart', async () => {
    const sent = stubApi((request) => ok(pricingOf(itemsSent(request))));
    const result = await priceCart([line('a', 2), line('b')], 'express');
    expect(sent).toHaveLength(1);
    const { method, path } = checkoutContracts.calculateShipping;
    expect(sent[0]).toMatchObject({ method, path, body: { shippingMethod: 'express' } });
    expect(result.problems.size).toBe(0);
    expect(result.priced?.subtotal).toBe(30);
  });

  it('keeps the server message of each refused line and prices the rest without it', async () => {
    const sent = stubApi((request) => {
      const items = itemsSent(request);
      if (items.some((item) => item.productId === 'sold-out'))
        return failure(409, 'Not enough stock', {
          code: 'CONFLICT',
          details: [{ field: 'items.1', message: 'Only 0 left' }],
        });
      return ok(pricingOf(items));
    });
    const result = await priceCart([line('a'), line('sold-out'), line('c')], 'standard');
    expect(sent).toHaveLength(2);
    expect(result.problems).toEqual(new Map([[1, 'Only 0 left']]));
    expect(result.priced?.items.map((item) => item.productId)).toEqual(['a', 'c']);
  });

  it('has no priced part when every line is refused, and passes on a refusal that names no line', async () => {
    stubApi(() =>
      failure(400, 'Gone', { code: 'VALIDATION_ERROR', details: [{ field: 'items.0', message: 'No longer sold' }] }),
    );
    expect(await priceCart([line('a')], 'standard')).toEqual({
      priced: null,
      problems: new Map([[0, 'No longer sold']]),
    });
    stubApi(() => failure(503, 'Down'));
    await expect(priceCart([line('a')], 'standard')).rejects.toThrow('Down');
  });

  it('reads line problems only from an API refusal', () => {
    expect(lineProblemsOf(new Error('offline')).size).toBe(0);
    const refusal = new ApiError('Bad', 400, 'VALIDATION_ERROR', [
      { field: 'items.2', message: 'Size gone' },
      { field: 'email', message: 'Not a line' },
    ]);
    expect(lineProblemsOf(refusal)).toEqual(new Map([[2, 'Size gone']]));
  });

  it('matches a cart line to its price by product, size and color, whatever their case', () => {
    const pricing = pricingOf([{ productId: 'a', quantity: 1 }]) as unknown as Parameters<typeof pricedLineOf>[0];
    expect(pricedLineOf(pricing, { ...line('a'), size: 'm', color: 'BLACK' })?.price).toBe(10);
    expect(pricedLineOf(pricing, { ...line('a'), size: 'L' })).toBeUndefined();
    expect(pricedLineOf(null, line('a'))).toBeUndefined();
  });
});
