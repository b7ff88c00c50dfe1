import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.js';
import { type Db, queryRows } from '../client.js';

/**
 * A large data set for load and speed checks (`npm run seed -- --orders 100000`): orders spread over the last
 * 365 days with 1–3 lines each, realistic status and payment mixes, coupon redemptions on every tenth order and
 * activity-log entries. Everything is generated inside PostgreSQL (INSERT … SELECT generate_series) in batches, so
 * 100 000 orders take seconds. Stock is not moved: the bulk orders are for figures, not for fulfilment.
 * Products and customers are created first when the database has too few.
 */
export type BulkOptions = { orders: number; batchSize?: number; log?: (message: string) => void };

const MIN_PRODUCTS = 50;
const MIN_CUSTOMERS = 200;
const BULK_PRODUCTS = 200;
const BULK_CUSTOMERS = 2000;

const hexId = (seed: string) => sql.raw(`substr(md5(${seed} || random()::text || clock_timestamp()::text), 1, 24)`);

async function countOf(db: Db, table: string, where = 'TRUE') {
  const [row] = await queryRows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`));
  return row?.n ?? 0;
}

async function ensureCatalogue(db: Db, tag: string) {
  if ((await countOf(db, 'products')) >= MIN_PRODUCTS) return;
  await db.execute(sql`INSERT INTO categories (id, name)
    SELECT ${hexId("'c' || g")}, 'Bulk Category ' || ${tag} || '-' || g FROM generate_series(1, 8) g`);
  await db.execute(sql`INSERT INTO brands (id, name)
    SELECT ${hexId("'b' || g")}, 'Bulk Brand ' || ${tag} || '-' || g FROM generate_series(1, 12) g`);
  await db.execute(sql`WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM categories),
      b AS (SELECT array_agg(id ORDER BY id) AS ids FROM brands)
    INSERT INTO products (id, name, slug, sku, category_id, subcategory, brand_id, price, rating, is_active)
    SELECT ${hexId("'p' || g")}, 'Bulk Product ' || g, 'bulk-' || ${tag} || '-' || g, 'BULK-' || ${tag} || '-' || g,
      c.ids[1 + g % cardinality(c.ids)], 'General', b.ids[1 + (g * 7) % cardinality(b.ids)],
      (10 + (g * 37) % 190)::numeric(12,2), round((3 + (g % 21) / 10.0)::numeric, 2), g % 10 <> 0
    FROM generate_series(1, ${BULK_PRODUCTS}) g, c, b`);
  await db.execute(sql`INSERT INTO inventory (id, product_id, size, color, quantity, low_stock_threshold)
    SELECT ${hexId('p.id || s')}, p.id, s, 'Black', (abs(hashtext(p.id || s)) % 60), 5
    FROM products p CROSS JOIN unnest(ARRAY['S', 'M', 'L']) s
    WHERE p.sku LIKE ${`BULK-${tag}-%`}`);
}

async function ensureCustomers(db: Db, tag: string) {
  if ((await countOf(db, 'users', `role = 'customer'`)) >= MIN_CUSTOMERS) return;
  // One real hash shared by all: the bulk customers exist for figures; nobody signs in as them.
  const hash = await hashPassword(randomBytes(16).toString('hex'));
  await db.execute(sql`INSERT INTO users (id, email, password_hash, first_name, last_name, role, is_active, created_at)
    SELECT ${hexId("'u' || g")}, 'bulk-' || ${tag} || '-' || g || '@example.com', ${hash}, 'Bulk', 'Customer ' || g,
      'customer', g % 20 <> 0, now() - (random() * interval '400 days')
    FROM generate_series(1, ${BULK_CUSTOMERS}) g`);
}

async function insertOrders(db: Db, tag: string, couponId: string, first: number, last: number) {
  const address = JSON.stringify({
    firstName: 'Bulk',
    lastName: 'Customer',
    street: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    country: 'US',
    phone: '5550100',
  });
  // Lines of order g: 1 + g % 3 of them, product and quantity picked by hashing (g, line), so items and the
  // order's subtotal agree without a second pass.
  const lines = sql.raw(`SELECT k, p.id, p.name, p.slug, p.sku, p.price, 1 + abs(hashint4(g * 13 + k)) % 3 AS qty
      FROM generate_series(1, 1 + g % 3) k
      JOIN ranked p ON p.rn = 1 + abs(hashint4(g * 31 + k)) % (SELECT count(*) FROM ranked)`);
  await db.execute(sql`
    WITH ranked AS (SELECT row_number() OVER (ORDER BY id) AS rn, id, name, slug, sku, price FROM products),
    customers AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role = 'customer'),
    gen AS (
      SELECT g, ${hexId("'o' || g")} AS id, random() AS r, random() AS pay,
        now() - (random() * interval '365 days') AS created
      FROM generate_series(${first}::int, ${last}::int) g),
    base AS (
      SELECT gen.*, CASE WHEN r < 0.05 THEN 'cancelled' WHEN r < 0.08 THEN 'refunded' WHEN r < 0.18 THEN 'pending'
          WHEN r < 0.28 THEN 'confirmed' WHEN r < 0.38 THEN 'processing' WHEN r < 0.55 THEN 'shipped'
          ELSE 'delivered' END AS status,
        (SELECT sum(l.price * l.qty) FROM (${lines}) l) AS subtotal
      FROM gen),
    priced AS (
      SELECT base.*, CASE WHEN g % 10 = 0 THEN round(subtotal * 0.1, 2) ELSE 0 END AS discount FROM base),
    ins AS (
    INSERT INTO orders (id, order_number, customer_id, guest_email, status, payment_status, payment_method, stock_state,
      subtotal, discount, shipping, tax, total, shipping_address, billing_address, created_at, updated_at, paid_at,
      shipped_at, delivered_at)
    SELECT id, 'ORD-BULK-' || ${tag} || '-' || g,
      CASE WHEN g % 25 = 0 THEN NULL ELSE customers.ids[1 + abs(hashint4(g)) % cardinality(customers.ids)] END,
      CASE WHEN g % 25 = 0 THEN 'guest' || g || '@example.com' END,
      status,
      CASE WHEN status = 'refunded' THEN 'refunded' WHEN status IN ('pending', 'cancelled') THEN 'pending' ELSE 'paid' END,
      (ARRAY['stripe', 'stripe', 'paypal', 'cash', 'bank_transfer'])[1 + floor(pay * 5)::int],
      CASE WHEN status IN ('cancelled', 'refunded') THEN 'released' WHEN status IN ('shipped', 'delivered') THEN 'committed'
        ELSE 'reserved' END,
      subtotal, discount, CASE WHEN subtotal - discount >= 100 THEN 0 ELSE 5.99 END,
      round((subtotal - discount) * 0.08, 2),
      subtotal - discount + CASE WHEN subtotal - discount >= 100 THEN 0 ELSE 5.99 END + round((subtotal - discount) * 0.08, 2),
      ${address}::jsonb, ${address}::jsonb, created, created,
      CASE WHEN status NOT IN ('pending', 'cancelled') THEN created + interval '5 minutes' END,
      CASE WHEN status IN ('shipped', 'delivered') THEN created + (1 + pay * 71) * interval '1 hour' END,
      CASE WHEN status = 'delivered' THEN created + (80 + pay * 100) * interval '1 hour' END
    FROM priced, customers
    RETURNING id, order_number, customer_id, discount, status, created_at),
    items AS (
      INSERT INTO order_items (id, order_id, product_id, product_name, product_slug, product_sku, size, color, price,
        quantity, total)
      SELECT ${hexId('mine.order_id || l.k')}, mine.order_id, l.id, l.name, l.slug, l.sku, 'M', 'Black', l.price,
        l.qty, l.price * l.qty
      FROM (SELECT id AS order_id, split_part(order_number, '-', 4)::int AS g FROM ins) mine
      CROSS JOIN LATERAL (${lines}) l)
    INSERT INTO coupon_redemptions (id, coupon_id, order_id, customer_id, discount_amount, released_at, created_at)
    SELECT ${hexId('ins.id')}, ${couponId}, ins.id, ins.customer_id, ins.discount,
      CASE WHEN ins.status IN ('cancelled', 'refunded') THEN ins.created_at END, ins.created_at
    FROM ins WHERE ins.discount > 0`);
  await db.execute(sql`
    WITH staff AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role <> 'customer')
    INSERT INTO activity_logs (id, user_id, action, resource, status, created_at)
    SELECT ${hexId("'a' || g")}, staff.ids[1 + g % greatest(cardinality(staff.ids), 1)],
      (ARRAY['create', 'update', 'update_status', 'delete', 'login'])[1 + g % 5],
      (ARRAY['product', 'order', 'coupon', 'customer', 'inventory'])[1 + (g / 5) % 5],
      CASE WHEN g % 17 = 0 THEN 'failure' ELSE 'success' END, now() - (random() * interval '365 days')
    FROM generate_series(${first}::int, ${last}::int, 5) g, staff`);
}

export async function seedBulk(db: Db, options: BulkOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const tag = randomBytes(3).toString('hex');
  const batch = options.batchSize ?? 20_000;
  await ensureCatalogue(db, tag);
  await ensureCustomers(db, tag);
  const [coupon] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO coupons (id, code, name, type, value, usage_limit, start_date, end_date)
      VALUES (${hexId("'k'")}, ${`BULK${tag}`.toUpperCase()}, 'Bulk 10%', 'percentage', 10, 1000000, now() - interval '2 years',
        now() + interval '1 year') RETURNING id`,
  );
  const started = Date.now();
  for (let first = 1; first <= options.orders; first += batch) {
    const last = Math.min(options.orders, first + batch - 1);
    await insertOrders(db, tag, coupon!.id, first, last);
    log(`orders ${last}/${options.orders}`);
  }
  log(`${options.orders} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
