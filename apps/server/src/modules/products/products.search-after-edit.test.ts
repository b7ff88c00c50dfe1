import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenAndNorthwind, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';

/** The storefront search finds a product by what it is called now (its stored search text follows every edit). */
let t: TestApp;
let admin: string;
const minimalBody = { sku: 'SCARF-1', category: 'Men', subcategory: 'Scarves', brand: 'Northwind', price: 39.99 };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  await addMenAndNorthwind(t.app.db);
});
afterAll(async () => t.close());

describe('GET /api/products?search= after PUT /api/products/{id}', () => {
  it('is found by its new name and tags right after an edit, in any case, accents included', async () => {
    const body = { ...minimalBody, name: 'Écharpe Grise', tags: ['hiver'] };
    const created = (await call(t.app, 'POST', '/api/products', { token: admin, body })).body.data.product;
    const found = async (search: string) =>
      (await call(t.app, 'GET', `/api/products?search=${encodeURIComponent(search)}`)).body.data.products.map(
        (p: { id: string }) => p.id,
      );
    expect(await found('éCHARPE')).toEqual([created.id]);
    expect(await found('HIVER')).toEqual([created.id]);
    const renamed = await call(t.app, 'PUT', `/api/products/${created.id}`, {
      token: admin,
      body: { name: 'Étole Ärmel', tags: ['Frühling'] },
    });
    expect(renamed.status).toBe(200);
    expect(await found('écharpe')).toEqual([]);
    expect(await found('hiver')).toEqual([]);
    expect(await found('ÉTOLE ärm')).toEqual([created.id]);
    expect(await found('frühLING')).toEqual([created.id]);
  });
});
