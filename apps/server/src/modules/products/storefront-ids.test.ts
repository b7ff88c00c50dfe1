import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { products } from '../../db/schema/index.js';

/** GET /api/products?ids=…: a guest's wishlist page read in one list call, counting no view. */
let t: TestApp;
let staff: string;
const ids: Record<string, string> = {};
const unknown = 'aaaaaaaaaaaaaaaaaaaaaaaa';

beforeAll(async () => {
  // Views are only written when the app closes, and answers are reused: both are checked below.
  t = await createTestApp({ catalogue: { viewFlushMs: 60_000, cacheTtlMs: 60_000 } });
  staff = (await signedIn(t.app, 'support')).token;
  const make = async (name: string, extra: Parameters<typeof buildProduct>[1] = {}) => {
    ids[name] = (
      await buildProduct(t.app.db, { name, price: 40, ...extra }, [
        { size: 'M', color: 'Black', quantity: 2 },
        { size: 'L', color: 'Black', quantity: 0 },
      ])
    ).product.id;
  };
  await make('Beret', { salePrice: 30 });
  await make('Scarf');
  await make('Mittens', { isActive: false });
});
afterAll(async () => t.close());

const listed = async (query: string, token?: string) => {
  const res = await call(t.app, 'GET', `/api/products?${query}`, { token });
  expect(res.status, query).toBe(200);
  return res.body.data as { products: Record<string, unknown>[]; pagination: Record<string, unknown> };
};
const names = (data: { products: Record<string, unknown>[] }) => data.products.map((p) => p.name as string).sort();

describe('GET /api/products?ids=', () => {
  it('lists only the named active products, as card summaries, comma-separated or repeated, with paging', async () => {
    const data = await listed(`ids=${ids.Beret},${ids.Scarf},${ids.Mittens},${unknown}`);
    expect(names(data)).toEqual(['Beret', 'Scarf']);
    expect(data.pagination).toMatchObject({ total: 2, pages: 1 });
    const beret = data.products.find((p) => p.name === 'Beret')!;
    expect(beret).toMatchObject({ price: 40, salePrice: 30, inStock: true });
    expect(beret.colorStock).toEqual([{ color: 'Black', sizes: 2, sizesLeft: 1 }]);
    expect(beret).not.toHaveProperty('viewCount');
    expect(names(await listed(`ids=${ids.Beret}&ids=${ids.Scarf}`))).toEqual(['Beret', 'Scarf']);
    const firstPage = await listed(`ids=${ids.Beret},${ids.Scarf}&limit=1`);
    expect(firstPage.products).toHaveLength(1);
    expect(firstPage.pagination).toMatchObject({ total: 2, pages: 2 });
    expect((await listed(`ids=${ids.Beret},${ids.Scarf}&limit=1&page=2`)).products).toHaveLength(1);
  });

  it('answers 400 with a clear message for a malformed id, no id, or more than 100 ids', async () => {
    const bad = async (query: string) => {
      const res = await call(t.app, 'GET', `/api/products?${query}`);
      expect(res.status, query).toBe(400);
      return res.body.error as string;
    };
    expect(await bad(`ids=${ids.Beret},abc`)).toContain('Invalid product ID format. Expected 24 characters, got 3');
    expect(await bad('ids=zzzzzzzzzzzzzzzzzzzzzzzz')).toContain('Expected 24-character hexadecimal string.');
    expect(await bad('ids=,')).toContain('At least one product id is required');
    const many = Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(24, '0')).join(',');
    expect(await bad(`ids=${many}`)).toContain('At most 100 product ids can be listed at once');
    const hundred = Array.from({ length: 100 }, (_, i) => i.toString(16).padStart(24, '0')).join(',');
    expect((await listed(`ids=${hundred}`)).products).toEqual([]);
  });

  it('gives staff callers the staff view, inactive products included', async () => {
    const data = await listed(`ids=${ids.Beret},${ids.Mittens}`, staff);
    expect(names(data)).toEqual(['Beret', 'Mittens']);
    expect(data.products[0]).toHaveProperty('viewCount');
  });

  it('reuses an anonymous answer for its own URL only', async () => {
    const url = `ids=${ids.Scarf}&limit=5`;
    expect((await listed(url)).products[0]!.price).toBe(40);
    await t.app.db.update(products).set({ price: 45 }).where(eq(products.id, ids.Scarf!));
    expect((await listed(url)).products[0]!.price).toBe(40);
    expect((await listed(`ids=${ids.Scarf},${unknown}&limit=5`)).products[0]!.price).toBe(45);
  });

  it('counts no view, anonymous or signed in (the counts are written when the app closes)', async () => {
    const customer = (await signedIn(t.app, 'customer')).token;
    await listed(`ids=${ids.Beret},${ids.Scarf}&page=1`);
    await listed(`ids=${ids.Beret},${ids.Scarf}&page=1`, customer);
    await t.app.close();
    const rows = await t.app.db
      .select({ v: products.viewCount })
      .from(products)
      .where(inArray(products.id, [ids.Beret!, ids.Scarf!]));
    expect(rows.map((r) => r.v)).toEqual([0, 0]);
  });
});
