import { randomBytes } from 'node:crypto';
import { computeOrderTotals, couponDiscount, type OrderTotals } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.js';
import { type Db, queryRows } from '../client.js';

/**
 * Generated order history (`npm run seed -- --orders 100000`): orders spread over the last `days` days with 1–3
 * lines each, realistic status and payment mixes, a coupon redemption on every tenth order and activity-log entries.
 * Orders and lines are generated inside PostgreSQL (INSERT … SELECT generate_series) in batches, so 100 000 orders take
 * seconds; their money comes from the shared order-totals function (one JSON round trip per batch), never from SQL. The rollup triggers rest during the load and the rollups are rebuilt once at the end, so run it while
 * nobody else writes orders. Stock is not moved: these orders are history, not work to fulfil.
 * Sample products and customers are created first when the database has fewer than the minimums.
 */
export type BulkOptions = {
  orders: number;
  days?: number;
  batchSize?: number;
  /** Create `products` sample products when fewer than `minProducts` exist; the same for customers. */
  products?: number;
  minProducts?: number;
  customers?: number;
  minCustomers?: number;
  log?: (message: string) => void;
};

const hexId = (seed: string) => sql.raw(`substr(md5(${seed} || random()::text || clock_timestamp()::text), 1, 24)`);

async function countOf(db: Db, table: 'products' | 'users', where = 'TRUE') {
  const [row] = await queryRows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`));
  return row?.n ?? 0;
}

// Categories in name order, each with the kind of product it holds.
const CATEGORIES = ['Accessories', 'Bottoms', 'Dresses', 'Outerwear', 'Shoes', 'Tops'];
const KINDS = ['Wool Scarf', 'Slim Jeans', 'Wrap Dress', 'Rain Jacket', 'Canvas Sneaker', 'Classic Tee'];
const BRANDS = ['Atelier Nine', 'Coastline', 'Fieldstone', 'Loom & Co', 'Marlow', 'Northwind', 'Urban Thread', 'Vela'];

async function ensureCatalogue(db: Db, tag: string, count: number) {
  const list = (names: string[]) =>
    sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    );
  await db.execute(sql`INSERT INTO categories (id, name)
    SELECT ${hexId('n')}, n FROM unnest(ARRAY[${list(CATEGORIES)}]::text[]) n ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO brands (id, name)
    SELECT ${hexId('n')}, n FROM unnest(ARRAY[${list(BRANDS)}]::text[]) n ON CONFLICT DO NOTHING`);
  await db.execute(sql`WITH c AS (SELECT array_agg(id ORDER BY name) AS ids FROM categories
        WHERE name IN (${list(CATEGORIES)})),
      b AS (SELECT array_agg(id ORDER BY name) AS ids FROM brands WHERE name IN (${list(BRANDS)})),
      kinds AS (SELECT ARRAY[${list(KINDS)}]::text[] AS names)
    INSERT INTO products (id, name, slug, sku, category_id, subcategory, brand_id, price, rating, is_active, created_at)
    SELECT ${hexId("'p' || g")}, kinds.names[1 + g % 6] || ' ' || g, 'sample-' || ${tag} || '-' || g,
      'SMP-' || upper(${tag}) || '-' || g, c.ids[1 + g % 6], 'General',
      b.ids[1 + (g * 7) % cardinality(b.ids)], (10 + (g * 37) % 190)::numeric(12,2),
      round((3 + (g % 21) / 10.0)::numeric, 2), g % 10 <> 0, now() - (random() * interval '400 days')
    FROM generate_series(1, ${count}) g, c, b, kinds`);
  await db.execute(sql`INSERT INTO inventory (id, product_id, size, color, quantity, low_stock_threshold)
    SELECT ${hexId('p.id || s')}, p.id, s, 'Black', (abs(hashtext(p.id || s)) % 60), 5
    FROM products p CROSS JOIN unnest(ARRAY['S', 'M', 'L']) s
    WHERE p.sku LIKE ${`SMP-${tag.toUpperCase()}-%`}`);
}

async function ensureCustomers(db: Db, tag: string, count: number) {
  // One real hash shared by all: these customers exist for figures; nobody signs in as them.
  const hash = await hashPassword(randomBytes(16).toString('hex'));
  await db.execute(sql`WITH names AS (SELECT
        ARRAY['Olivia', 'Noah', 'Mia', 'Lucas', 'Sofia', 'Ethan', 'Ava', 'Mason', 'Isla', 'Leo'] AS first,
        ARRAY['Parker', 'Reed', 'Hayes', 'Brooks', 'Foster', 'Gray', 'Hughes', 'Price', 'Ward', 'Cole'] AS last)
    INSERT INTO users (id, email, password_hash, first_name, last_name, role, is_active, created_at)
    SELECT ${hexId("'u' || g")},
      lower(first[1 + g % 10] || '.' || last[1 + (g / 10) % 10]) || '.' || ${tag} || g || '@example.com', ${hash},
      first[1 + g % 10], last[1 + (g / 10) % 10], 'customer', g % 20 <> 0, now() - (random() * interval '400 days')
    FROM generate_series(1, ${count}) g, names`);
}

const ADDRESS = JSON.stringify({
  firstName: 'Sample',
  lastName: 'Customer',
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'US',
  phone: '5550100',
});

/** The sample coupon every tenth generated order uses. */
const SAMPLE_COUPON = { type: 'percentage', value: 10, maxDiscount: null } as const;

type GeneratedOrder = { id: string; coupon: boolean; lines: [price: number, quantity: number][] };

/**
 * An order's money through the shared order functions (DESIGN §5), as the order service computes it: the coupon's
 * discount on the line subtotal, then shipping, tax and total.
 */
export function generatedOrderTotals(order: Pick<GeneratedOrder, 'coupon' | 'lines'>): OrderTotals {
  const lines = order.lines.map(([unitPrice, quantity]) => ({ unitPrice, quantity }));
  const { subtotal } = computeOrderTotals({ lines });
  const { discount, freeShipping } = order.coupon
    ? couponDiscount(SAMPLE_COUPON, subtotal)
    : { discount: 0, freeShipping: false };
  return computeOrderTotals({ lines, discount, freeShipping, shippingMethod: 'standard' });
}

/**
 * Orders first..last with their lines in one statement (a rare order-number clash is skipped); their money is then
 * computed by the shared totals function and written, with the coupon redemptions, in a second statement.
 */
async function insertOrders(
  db: Db,
  run: { salt: number; couponId: string; couponCode: string; days: number },
  first: number,
  last: number,
) {
  // Lines of order g: 1 + g % 3 of them, product and quantity picked by hashing (g, line).
  const lines = sql.raw(`SELECT k, p.id, p.name, p.slug, p.sku, p.price, 1 + abs(hashint4(g * 13 + k)) % 3 AS qty
      FROM generate_series(1, 1 + g % 3) k
      JOIN ranked p ON p.rn = 1 + abs(hashint4(g * 31 + k)) % (SELECT count(*) FROM ranked)`);
  const generated = await queryRows<GeneratedOrder>(
    db,
    sql`
    WITH ranked AS (SELECT row_number() OVER (ORDER BY id) AS rn, id, name, slug, sku, price FROM products),
    customers AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role = 'customer'),
    gen AS (
      SELECT g, ${hexId("'o' || g")} AS id, random() AS r, random() AS pay,
        now() - (random() * ${run.days} * interval '1 day') AS created
      FROM generate_series(${first}::int, ${last}::int) g),
    base AS (
      SELECT gen.*, CASE WHEN r < 0.05 THEN 'cancelled' WHEN r < 0.08 THEN 'refunded' WHEN r < 0.18 THEN 'pending'
          WHEN r < 0.28 THEN 'confirmed' WHEN r < 0.38 THEN 'processing' WHEN r < 0.55 THEN 'shipped'
          ELSE 'delivered' END AS status
      FROM gen),
    ins AS (
      INSERT INTO orders (id, order_number, customer_id, guest_email, status, payment_status, payment_method,
        stock_state, subtotal, total, coupon_id, coupon_code, shipping_address, billing_address, created_at,
        updated_at, paid_at, shipped_at, delivered_at)
      SELECT id,
        'ORD-' || to_char(created AT TIME ZONE 'UTC', 'YYYYMMDD') || '-'
          || upper(lpad(to_hex((g::bigint * 7919 + ${run.salt}) % 16777216), 6, '0')),
        CASE WHEN g % 25 = 0 THEN NULL ELSE customers.ids[1 + abs(hashint4(g)) % cardinality(customers.ids)] END,
        CASE WHEN g % 25 = 0 THEN 'guest' || g || '@example.com' END,
        status,
        CASE WHEN status = 'refunded' THEN 'refunded' WHEN status IN ('pending', 'cancelled') THEN 'pending'
          ELSE 'paid' END,
        (ARRAY['stripe', 'stripe', 'paypal', 'cash', 'bank_transfer'])[1 + floor(pay * 5)::int],
        CASE WHEN status IN ('cancelled', 'refunded') THEN 'released'
          WHEN status IN ('shipped', 'delivered') THEN 'committed' ELSE 'reserved' END,
        0, 0,
        CASE WHEN g % 10 = 0 THEN ${run.couponId} END, CASE WHEN g % 10 = 0 THEN ${run.couponCode} END,
        ${ADDRESS}::jsonb, ${ADDRESS}::jsonb, created, created,
        CASE WHEN status NOT IN ('pending', 'cancelled') THEN created + interval '5 minutes' END,
        CASE WHEN status IN ('shipped', 'delivered') THEN created + (1 + pay * 71) * interval '1 hour' END,
        CASE WHEN status = 'delivered' THEN created + (80 + pay * 100) * interval '1 hour' END
      FROM base, customers
      ON CONFLICT (order_number) DO NOTHING
      RETURNING id, coupon_id IS NOT NULL AS coupon),
    items AS (
      INSERT INTO order_items (id, order_id, product_id, product_name, product_slug, product_sku, size, color, price,
        quantity, total)
      SELECT ${hexId('ins.id || l.k')}, ins.id, l.id, l.name, l.slug, l.sku, 'M', 'Black', l.price, l.qty,
        l.price * l.qty
      FROM ins JOIN base ON base.id = ins.id CROSS JOIN LATERAL (${lines}) l
      RETURNING order_id, price, quantity)
    SELECT ins.id, ins.coupon, json_agg(json_build_array(items.price, items.quantity)) AS lines
    FROM ins JOIN items ON items.order_id = ins.id GROUP BY ins.id, ins.coupon`,
  );
  const totals = generated.map((order) => ({ id: order.id, ...generatedOrderTotals(order) }));
  await db.execute(sql`
    WITH t AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(totals)}::jsonb)
        AS t(id text, subtotal numeric, discount numeric, shipping numeric, tax numeric, total numeric)),
    priced AS (
      UPDATE orders o SET subtotal = t.subtotal, discount = t.discount, shipping = t.shipping, tax = t.tax,
        total = t.total
      FROM t WHERE o.id = t.id
      RETURNING o.id, o.customer_id, o.coupon_id, o.discount, o.status, o.created_at)
    INSERT INTO coupon_redemptions (id, coupon_id, order_id, customer_id, discount_amount, released_at, created_at)
    SELECT ${hexId('priced.id')}, priced.coupon_id, priced.id, priced.customer_id, priced.discount,
      CASE WHEN priced.status IN ('cancelled', 'refunded') THEN priced.created_at END, priced.created_at
    FROM priced WHERE priced.coupon_id IS NOT NULL AND priced.discount > 0`);
  await db.execute(sql`
    WITH staff AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role <> 'customer')
    INSERT INTO activity_logs (id, user_id, action, resource, status, created_at)
    SELECT ${hexId("'a' || g")}, staff.ids[1 + g % greatest(cardinality(staff.ids), 1)],
      (ARRAY['create', 'update', 'update_status', 'delete', 'login'])[1 + g % 5],
      (ARRAY['product', 'order', 'coupon', 'customer', 'inventory'])[1 + (g / 5) % 5],
      CASE WHEN g % 17 = 0 THEN 'failure' ELSE 'success' END, now() - (random() * ${run.days} * interval '1 day')
    FROM generate_series(${first}::int, ${last}::int, 5) g, staff`);
}

export async function seedBulk(db: Db, options: BulkOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const tag = randomBytes(3).toString('hex');
  const batch = options.batchSize ?? 20_000;
  if ((await countOf(db, 'products')) < (options.minProducts ?? 50))
    await ensureCatalogue(db, tag, options.products ?? 200);
  if ((await countOf(db, 'users', `role = 'customer'`)) < (options.minCustomers ?? 200))
    await ensureCustomers(db, tag, options.customers ?? 2000);
  const [coupon] = await queryRows<{ id: string; code: string }>(
    db,
    sql`INSERT INTO coupons (id, code, name, type, value, usage_limit, start_date, end_date)
      VALUES (${hexId("'k'")}, ${`SAVE${tag}`.toUpperCase()}, 'Sample 10% off', ${SAMPLE_COUPON.type},
        ${SAMPLE_COUPON.value}, 1000000, now() - interval '2 years', now() + interval '1 year') RETURNING id, code`,
  );
  const run = {
    salt: Number.parseInt(tag, 16),
    couponId: coupon!.id,
    couponCode: coupon!.code,
    days: options.days ?? 365,
  };
  const started = Date.now();
  await db.execute(sql`ALTER TABLE orders DISABLE TRIGGER analytics_orders_write`);
  await db.execute(sql`ALTER TABLE order_items DISABLE TRIGGER analytics_order_items_insert`);
  try {
    for (let first = 1; first <= options.orders; first += batch) {
      const last = Math.min(options.orders, first + batch - 1);
      await insertOrders(db, run, first, last);
      log(`orders ${last}/${options.orders}`);
    }
  } finally {
    await db.execute(sql`ALTER TABLE orders ENABLE TRIGGER analytics_orders_write`);
    await db.execute(sql`ALTER TABLE order_items ENABLE TRIGGER analytics_order_items_insert`);
    await db.execute(sql`SELECT analytics_rebuild()`);
  }
  // Fresh statistics for the planner (a PostgreSQL server's autovacuum would do it; embedded PGlite has none).
  await db.execute(sql`ANALYZE`);
  log(`${options.orders} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
