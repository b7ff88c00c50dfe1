import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { queryRows } from '../../db/client.js';
import { brands, categories } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/search.js';
import { TAXONOMY_NAMES_TTL_MS } from './taxonomy-names.js';

/**
 * The product search finds products by their category's and brand's names from the instance's copy of those names:
 * the same matches as the `name ILIKE` it replaced, a rename here seen at once, one elsewhere within the copy's age.
 */
let t: TestApp;
let admin: string;

const TAXONOMY = {
  categories: ['Οδύσσεας', 'İstanbul Denim', '100% Wool', 'Straße Wear'],
  brands: ['ÄRMEL & Co', 'snake_case', 'Back\\slash', 'MAISON ΣΙΣ'],
};

const foundIds = async (search: string) =>
  (
    (await call(t.app, 'GET', `/api/products?limit=50&search=${encodeURIComponent(search)}`)).body.data.products as {
      id: string;
    }[]
  )
    .map((product) => product.id)
    .sort();

/** What the search matched when PostgreSQL compared the names itself (ILIKE), products' own text included. */
const ilikeIds = async (search: string) =>
  (
    await queryRows<{ id: string }>(
      t.app.db,
      sql`SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN brands b ON b.id = p.brand_id
        WHERE p.is_active AND (c.name ILIKE ${containsPattern(search)} OR b.name ILIKE ${containsPattern(search)}
          OR p.search_text LIKE lower(${containsPattern(search)}))`,
    )
  )
    .map((row) => row.id)
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  const categoryIds = await t.app.db
    .insert(categories)
    .values(TAXONOMY.categories.map((name) => ({ name })))
    .returning({ id: categories.id });
  const brandIds = await t.app.db
    .insert(brands)
    .values(TAXONOMY.brands.map((name) => ({ name })))
    .returning({ id: brands.id });
  for (const [index, category] of categoryIds.entries()) {
    await buildProduct(t.app.db, { categoryId: category.id, brandId: brandIds[index]!.id });
  }
});
afterAll(async () => t.close());

describe('GET /api/products?search= by category and brand names', () => {
  it('matches the names as ILIKE does: per-character case (final Σ, dotted İ), wildcards and backslashes as text', async () => {
    const searches = [
      'ΑΣ',
      'σσ',
      'ΣΙΣ',
      'sis',
      'İST',
      'istanbul',
      'ärm',
      'ÄRMEL &',
      '100%',
      '0% w',
      '%',
      'e_c',
      '_',
      '\\',
    ];
    for (const search of [...searches, 'straße', 'STRASSE', 'denim wool', 'nothing like it']) {
      expect({ search, ids: await foundIds(search) }).toEqual({ search, ids: await ilikeIds(search) });
    }
    expect((await foundIds('ας')).length).toBe(1);
    expect((await foundIds('İSTANBUL')).length).toBe(1);
  });

  it('finds products by a name changed on this instance at once, and no longer by the old one', async () => {
    const [wool] = await t.app.db.select().from(categories).where(sql`${categories.name} = '100% Wool'`);
    const before = await foundIds('100% wool');
    expect(before).toHaveLength(1);
    const renamed = await call(t.app, 'PUT', `/api/categories/${wool!.id}`, {
      token: admin,
      body: { name: 'Merino Knits' },
    });
    expect(renamed.status).toBe(200);
    expect(await foundIds('merino')).toEqual(before);
    expect(await foundIds('100% wool')).toEqual([]);
  });

  it('answers 50 searches sent at once right after a rename with the new name, none failing', async () => {
    const [brand] = await t.app.db.select().from(brands).where(sql`${brands.name} = 'Back\\slash'`);
    const expected = await foundIds('back\\slash');
    expect(expected).toHaveLength(1);
    const renamed = await call(t.app, 'PUT', `/api/brands/${brand!.id}`, {
      token: admin,
      body: { name: 'Forward Slash' },
    });
    expect(renamed.status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 50 }, () => foundIds('forward slash')));
    expect(answers).toEqual(Array.from({ length: 50 }, () => expected));
  });

  it('reads the names again once its copy is older than the copy’s age (a change another instance made)', async () => {
    const expected = await foundIds('snake_case');
    expect(expected).toHaveLength(1);
    // Written straight into the database, as another instance would.
    await t.app.db.update(brands).set({ name: 'Camel Case' }).where(sql`${brands.name} = 'snake_case'`);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TAXONOMY_NAMES_TTL_MS });
    try {
      expect(await foundIds('camel')).toEqual(expected);
      expect(await foundIds('snake_case')).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
