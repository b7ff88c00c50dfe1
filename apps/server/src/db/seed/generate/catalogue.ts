import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../client.js';
import { idOf, pick, type Run, rnd, textArray, VARIANTS_PER_PRODUCT, variantColor, variantSize } from './sql.js';

/** Categories with the kinds of product they hold ([name, subcategory]). */
const CATALOGUE: [category: string, kinds: [string, string][]][] = [
  [
    'Tops',
    [
      ['Shirt', 'Shirts'],
      ['Tee', 'T-Shirts'],
      ['Blouse', 'Blouses'],
      ['Polo', 'Polos'],
      ['Tank', 'Tanks'],
    ],
  ],
  [
    'Bottoms',
    [
      ['Jeans', 'Jeans'],
      ['Chinos', 'Trousers'],
      ['Shorts', 'Shorts'],
      ['Skirt', 'Skirts'],
    ],
  ],
  [
    'Dresses',
    [
      ['Wrap Dress', 'Day Dresses'],
      ['Maxi Dress', 'Maxi Dresses'],
      ['Shirt Dress', 'Day Dresses'],
    ],
  ],
  [
    'Outerwear',
    [
      ['Jacket', 'Jackets'],
      ['Coat', 'Coats'],
      ['Parka', 'Coats'],
      ['Blazer', 'Blazers'],
    ],
  ],
  [
    'Knitwear',
    [
      ['Sweater', 'Sweaters'],
      ['Cardigan', 'Cardigans'],
      ['Hoodie', 'Hoodies'],
    ],
  ],
  [
    'Activewear',
    [
      ['Leggings', 'Leggings'],
      ['Track Jacket', 'Jackets'],
      ['Sports Bra', 'Tops'],
    ],
  ],
  [
    'Shoes',
    [
      ['Sneaker', 'Sneakers'],
      ['Boot', 'Boots'],
      ['Loafer', 'Loafers'],
      ['Sandal', 'Sandals'],
    ],
  ],
  [
    'Accessories',
    [
      ['Scarf', 'Scarves'],
      ['Belt', 'Belts'],
      ['Beanie', 'Hats'],
      ['Cap', 'Hats'],
    ],
  ],
  [
    'Bags',
    [
      ['Tote', 'Totes'],
      ['Backpack', 'Backpacks'],
      ['Crossbody Bag', 'Crossbody'],
    ],
  ],
  [
    'Sleepwear',
    [
      ['Pyjama Set', 'Pyjamas'],
      ['Robe', 'Robes'],
    ],
  ],
];
const BRANDS = [
  'Atelier Nine',
  'Coastline',
  'Fieldstone',
  'Loom & Co',
  'Marlow',
  'Northwind',
  'Urban Thread',
  'Vela',
  'Harbor Lane',
  'Juniper',
  'Kestrel',
  'Oakridge',
  'Pale Moon',
  'Redwood Supply',
  'Solstice',
  'Tidewater',
  'Wildfern',
  'Yarrow',
  'Alder & Ash',
  'Birchwood',
];
const ADJECTIVES = [
  'Classic',
  'Relaxed',
  'Slim',
  'Oversized',
  'Cropped',
  'Everyday',
  'Vintage',
  'Essential',
  'Tailored',
  'Soft',
  'Lightweight',
  'Heritage',
  'Modern',
  'Boxy',
  'Washed',
  'Organic',
];
export const MATERIALS = [
  'Cotton',
  'Linen',
  'Wool',
  'Denim',
  'Cashmere',
  'Silk',
  'Jersey',
  'Twill',
  'Corduroy',
  'Fleece',
  'Canvas',
  'Leather',
];

const KINDS = CATALOGUE.flatMap(([category, kinds]) => kinds.map(([name, sub]) => ({ category, name, sub })));

/** Inserts the categories and brands that do not exist yet; returns the ids the products use, by name. */
export async function seedTaxonomy(db: Db): Promise<{ categoryIds: string[]; brandIds: string[] }> {
  const ensure = async (table: 'categories' | 'brands', names: readonly string[]) => {
    await db.execute(
      sql.raw(`INSERT INTO ${table} (id, name, description)
        SELECT substr(md5('${table}' || n || clock_timestamp()::text), 1, 24), n, n || ' collection'
        FROM unnest(${textArray(names)}) n ON CONFLICT DO NOTHING`),
    );
    const rows = await queryRows<{ id: string; name: string }>(
      db,
      sql.raw(`SELECT id, lower(name) AS name FROM ${table} WHERE lower(name) = ANY(SELECT lower(n)
        FROM unnest(${textArray(names)}) n)`),
    );
    const byName = new Map(rows.map((row) => [row.name, row.id]));
    return names.map((name) => byName.get(name.toLowerCase())!);
  };
  const categoryIds = await ensure(
    'categories',
    CATALOGUE.map(([name]) => name),
  );
  return { categoryIds, brandIds: await ensure('brands', BRANDS) };
}

/**
 * Products first..last, each with its nine size × colour variants and their starting stock (the stock step later adds
 * what the orders reserved and took). Names read like a shop's ("Relaxed Linen Shirt"), so searches find a realistic
 * share of the catalogue; 3 % are inactive, 2 % featured, and they were created one to three years before "now".
 */
export async function insertProducts(
  db: DbOrTx,
  run: Run,
  taxonomy: { categoryIds: string[]; brandIds: string[] },
  first: number,
  last: number,
) {
  const kind = `(1 + floor(${rnd(run, 'n', 1)} * ${KINDS.length})::int)`;
  const kindOf = (values: string[]) => `(${textArray(values)})[${kind}]`;
  const brand = `(1 + floor(${rnd(run, 'n', 4)} * ${BRANDS.length})::int)`;
  const name = `${pick(ADJECTIVES, rnd(run, 'n', 2))} || ' ' || ${pick(MATERIALS, rnd(run, 'n', 3))} || ' ' || ${kindOf(KINDS.map((k) => k.name))}`;
  const categoryIds = KINDS.map((k) => taxonomy.categoryIds[CATALOGUE.findIndex(([c]) => c === k.category)]!);
  await db.execute(
    sql.raw(`INSERT INTO products (id, name, slug, sku, description, category_id, subcategory, brand_id, price,
        compare_price, cost_price, default_size, default_color, weight, tags, is_active, is_featured, view_count,
        created_at, updated_at)
      SELECT ${idOf(run, 'product', 'n')}, p.name,
        lower(regexp_replace(p.name, '[^A-Za-z0-9]+', '-', 'g')) || '-${run.label}-' || n,
        upper('${run.label}-' || left(regexp_replace(p.kind, '[^A-Za-z]', '', 'g'), 3)) || '-' || lpad(n::text, 6, '0'),
        p.name || ' by ' || p.brand || '. An everyday ' || lower(p.kind) || ' cut for comfort and built to last.',
        ${kindOf(categoryIds)}, ${kindOf(KINDS.map((k) => k.sub))}, (${textArray(taxonomy.brandIds)})[${brand}],
        p.price, CASE WHEN ${rnd(run, 'n', 6)} < 0.2 THEN round(p.price * 1.25) - 0.01 ELSE 0 END,
        round(p.price * 0.45, 2), ${variantSize(run, 'n', '0')}, ${variantColor(run, 'n', '0')},
        round((0.2 + ${rnd(run, 'n', 7)} * 1.5)::numeric, 3),
        ARRAY[lower(p.kind), lower(${pick(MATERIALS, rnd(run, 'n', 3))}), lower(${pick(ADJECTIVES, rnd(run, 'n', 2))})],
        ${rnd(run, 'n', 8)} >= 0.03, ${rnd(run, 'n', 9)} < 0.02, floor(power(${rnd(run, 'n', 10)}, 3) * 5000)::int,
        p.created, p.created
      FROM generate_series(${first}, ${last}) n
      CROSS JOIN LATERAL (SELECT ${name} AS name, ${kindOf(KINDS.map((k) => k.name))} AS kind,
        (${textArray(BRANDS)})[${brand}] AS brand, (9 + floor(${rnd(run, 'n', 5)} * 190))::numeric + 0.99 AS price,
        ${run.now} - (366 + ${rnd(run, 'n', 15)} * 730) * interval '1 day' AS created) p`),
  );
  // Starting stock: 5 % of combinations sold out, 10 % at or under the low-stock threshold, the rest 6–150. Written
  // product by product, as a shop creates them (a product with its variants): the storefront reads a product's
  // variants from one or two pages, where rows written variant by variant across all products put each on its own.
  await db.execute(
    sql.raw(`INSERT INTO inventory (id, product_id, size, color, sku, quantity, reserved, low_stock_threshold,
        created_at, updated_at)
      SELECT ${idOf(run, 'inventory', `(n - 1) * ${VARIANTS_PER_PRODUCT} + v + 1`)}, p.id, s.size, s.color,
        variant_sku(p.sku, s.size, s.color), CASE WHEN r < 0.05 THEN 0 WHEN r < 0.15 THEN 1 + floor(r * 40)::int % 5
          ELSE 6 + floor(r * 1000)::int % 145 END, 0, 5, p.created_at, p.created_at
      FROM generate_series(${first}, ${last}) n
      JOIN products p ON p.id = ${idOf(run, 'product', 'n')}
      CROSS JOIN generate_series(0, ${VARIANTS_PER_PRODUCT - 1}) v
      CROSS JOIN LATERAL (SELECT ${rnd(run, `n * ${VARIANTS_PER_PRODUCT} + v`, 16)} AS r,
        ${variantSize(run, 'n', 'v')} AS size, ${variantColor(run, 'n', 'v')} AS color) s
      ORDER BY n, v`),
  );
}
