import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the colours of a listed product', () => {
  it('tell per colour how many sizes are left (a colour with none is sold out), in every storefront list', async () => {
    const { product } = await buildProduct(t.app.db, { name: 'Swatch Shirt', slug: 'swatch-shirt', isFeatured: true }, [
      { size: 'S', color: 'Red', quantity: 2, reserved: 2 },
      { size: 'M', color: 'Red', quantity: 0 },
      { size: 'S', color: 'Blue', quantity: 1 },
      { size: 'M', color: 'Blue', quantity: 0 },
      { size: 'L', color: 'Blue', quantity: 4 },
    ]);
    const expected = [
      { color: 'Blue', sizes: 3, sizesLeft: 2 },
      { color: 'Red', sizes: 2, sizesLeft: 0 },
    ];
    for (const url of ['/api/products?search=swatch', '/api/products/featured']) {
      const listed = (await call(t.app, 'GET', url)).body.data.products;
      const shirt = listed.find((p: { id: string }) => p.id === product.id);
      expect(shirt.colorStock, url).toEqual(expected);
      expect(shirt.inStock, url).toBe(true);
    }
  });

  it('counts a colour written in two cases once, under its first spelling', async () => {
    const { product } = await buildProduct(t.app.db, { name: 'Twotone Vest', slug: 'twotone-vest' }, [
      { size: 'S', color: 'Navy', quantity: 0 },
      { size: 'M', color: 'navy', quantity: 3 },
      { size: 'L', color: 'Sand', quantity: 1 },
    ]);
    const listed = (await call(t.app, 'GET', '/api/products?search=twotone')).body.data.products;
    expect(listed.find((p: { id: string }) => p.id === product.id)).toMatchObject({
      colors: ['Navy', 'Sand'],
      colorStock: [
        { color: 'Navy', sizes: 2, sizesLeft: 1 },
        { color: 'Sand', sizes: 1, sizesLeft: 1 },
      ],
    });
  });

  it('is empty for a product without sizes and colours, and all sold out when nothing is left', async () => {
    const { product: bare } = await buildProduct(t.app.db, { name: 'Bare Cap', slug: 'bare-cap' }, []);
    const { product: gone } = await buildProduct(t.app.db, { name: 'Gone Cap', slug: 'gone-cap' }, [
      { size: 'One Size', color: 'Black', quantity: 0 },
    ]);
    const listed = (await call(t.app, 'GET', '/api/products?search=cap')).body.data.products;
    const byId = (id: string) => listed.find((p: { id: string }) => p.id === id);
    expect(byId(bare.id).colorStock).toEqual([]);
    expect(byId(gone.id)).toMatchObject({ inStock: false, colorStock: [{ color: 'Black', sizes: 1, sizesLeft: 0 }] });
  });
});
