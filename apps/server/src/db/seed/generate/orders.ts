import { computeOrderTotals, couponDiscount, type OrderTotals, type ShippingMethod } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../client.js';
import type { GeneratedCoupon } from './coupons.js';
import { CUSTOMER_HISTORY_DAYS } from './customers.js';
import {
  addressParts,
  firstName,
  idOf,
  KIND,
  lastName,
  phone,
  pick,
  type Run,
  rnd,
  textArray,
  variantColor,
  variantSize,
} from './sql.js';

/** Days of order history: orders grow towards "now" (more recent days hold more orders). */
export const ORDER_HISTORY_DAYS = 365;
const ORDER_NUMBER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * Orders first..last as SQL CTEs: `gen` (one row per order, g its number) and `lines` (1–3 per order, popular products
 * more often: product = P × r², so a few hundred products carry a large share of the sales). Statuses follow the
 * order's age like a real shop's: the last days still open, older ones delivered, some cancelled or refunded.
 */
function ordersCte(run: Run, coupons: number, first: number, last: number): string {
  const r = (salt: number) => rnd(run, 'g', salt);
  const cap = `${run.now} - interval '1 second'`;
  const status = `CASE
      WHEN age < 2 THEN CASE WHEN rs < 0.45 THEN 'pending' WHEN rs < 0.70 THEN 'confirmed'
        WHEN rs < 0.90 THEN 'processing' ELSE 'cancelled' END
      WHEN age < 5 THEN CASE WHEN rs < 0.08 THEN 'pending' WHEN rs < 0.20 THEN 'confirmed'
        WHEN rs < 0.50 THEN 'processing' WHEN rs < 0.90 THEN 'shipped' ELSE 'cancelled' END
      WHEN age < 10 THEN CASE WHEN rs < 0.08 THEN 'processing' WHEN rs < 0.48 THEN 'shipped'
        WHEN rs < 0.90 THEN 'delivered' WHEN rs < 0.98 THEN 'cancelled' ELSE 'refunded' END
      ELSE CASE WHEN rs < 0.78 THEN 'delivered' WHEN rs < 0.80 THEN 'shipped' WHEN rs < 0.93 THEN 'cancelled'
        ELSE 'refunded' END END`;
  const method = `CASE WHEN rm < 0.55 THEN 'stripe' WHEN rm < 0.80 THEN 'paypal' WHEN rm < 0.90 THEN 'cash'
      ELSE 'bank_transfer' END`;
  const paymentStatus = `CASE WHEN status = 'delivered' THEN 'paid'
      WHEN status IN ('shipped', 'processing', 'confirmed') THEN
        CASE WHEN method IN ('cash', 'bank_transfer') THEN 'pending' ELSE 'paid' END
      WHEN status = 'pending' THEN CASE WHEN rp < 0.15 THEN 'failed' ELSE 'pending' END
      WHEN status = 'cancelled' THEN CASE WHEN rp < 0.3 THEN 'refunded' ELSE 'pending' END
      ELSE 'refunded' END`;
  const customer = run.customers
    ? `CASE WHEN ${r(40)} < 0.05 THEN NULL ELSE 1 + floor(${run.customers} * (1 - age / ${CUSTOMER_HISTORY_DAYS})
        * power(${r(41)}, 1.5))::int END`
    : 'NULL::int';
  const line = 'g * 4 + k';
  return `gen0 AS MATERIALIZED (
      SELECT g, age, ${run.now} - age * interval '1 day' AS created, ${r(32)} AS rs, ${r(33)} AS rm, ${r(34)} AS rp,
        CASE WHEN ${r(35)} < 0.8 THEN 'standard' WHEN ${r(35)} < 0.95 THEN 'express' ELSE 'overnight' END
          AS shipping_method,
        CASE WHEN ${r(42)} < 0.1 AND ${coupons} > 0 THEN 1 + floor(${r(43)} * ${coupons})::int END AS coupon
      FROM generate_series(${first}, ${last}) g
      CROSS JOIN LATERAL (SELECT greatest(${ORDER_HISTORY_DAYS} * power(${r(31)}, 1.35), 0.001) AS age) a),
    gen1 AS MATERIALIZED (SELECT gen0.*, ${status} AS status, ${method} AS method, ${customer} AS customer FROM gen0),
    gen2 AS MATERIALIZED (SELECT gen1.*, ${paymentStatus} AS payment_status FROM gen1),
    gen AS MATERIALIZED (
      SELECT gen2.*,
        CASE WHEN status IN ('cancelled', 'refunded') THEN 'released'
          WHEN status IN ('shipped', 'delivered') OR payment_status = 'paid' THEN 'committed'
          ELSE 'reserved' END AS stock_state,
        CASE WHEN payment_status IN ('paid', 'refunded') THEN least(created + ${r(60)} * interval '2 hours', ${cap})
          END AS paid_at,
        CASE WHEN status IN ('shipped', 'delivered', 'refunded')
          THEN least(created + (20 + ${r(61)} * 40) * interval '1 hour', ${cap}) END AS shipped_at,
        CASE WHEN status IN ('delivered', 'refunded')
          THEN least(created + (80 + ${r(62)} * 80) * interval '1 hour', ${cap}) END AS delivered_at,
        CASE WHEN status = 'cancelled' THEN least(created + (3 + ${r(63)} * 27) * interval '1 hour', ${cap})
          END AS cancelled_at,
        CASE WHEN status = 'refunded' THEN least(created + (180 + ${r(64)} * 200) * interval '1 hour', ${cap})
          END AS refunded_at
      FROM gen2),
    lines AS (
      SELECT gen.g, k, pr.id AS product_id, pr.name, pr.slug, pr.sku, pr.price, x.qty,
        ${variantSize(run, 'x.p', 'x.v')} AS size, ${variantColor(run, 'x.p', 'x.v')} AS color
      FROM gen
      CROSS JOIN LATERAL generate_series(1, 1 + floor(${r(50)} * 3)::int) k
      CROSS JOIN LATERAL (SELECT 1 + floor(${run.products} * power(${rnd(run, line, 51)}, 2))::int AS p,
        floor(${rnd(run, line, 52)} * 9)::int AS v,
        CASE WHEN ${rnd(run, line, 53)} < 0.75 THEN 1 WHEN ${rnd(run, line, 53)} < 0.93 THEN 2 ELSE 3 END AS qty) x
      JOIN products pr ON pr.id = ${idOf(run, 'product', 'x.p')})`;
}

/** The shipping and billing address of order g: its customer's home, or a guest's own. */
function addressJson(run: Run) {
  const person = (n: string, salt: number) => {
    const [street, city, state, zip] = addressParts(run, n, salt);
    return `jsonb_build_object('firstName', ${firstName(run, n, salt)}, 'lastName', ${lastName(run, n, salt)},
      'street', ${street}, 'city', ${city}, 'state', ${state}, 'zipCode', ${zip}, 'country', 'US',
      'phone', ${phone(run, n, salt)})`;
  };
  return `CASE WHEN customer IS NULL THEN ${person('g', 40)} ELSE ${person('customer', 0)} END`;
}

const orderNumber = (run: Run) => {
  const space = ORDER_NUMBER_ALPHABET.length ** 6;
  // g × a prime coprime to 36, plus a salt, modulo 36⁶: distinct for every order of a run (up to 2 billion).
  const x = `((g::bigint * 1000003 + ${(run.seed * 7919) % space}) % ${space})`;
  const digits = [5, 4, 3, 2, 1, 0].map(
    (k) => `substr('${ORDER_NUMBER_ALPHABET}', 1 + ((${x} / ${36 ** k}) % 36)::int, 1)`,
  );
  return `'ORD-' || to_char(created AT TIME ZONE 'UTC', 'YYYYMMDD') || '-' || ${digits.join(' || ')}`;
};

type PricedOrder = { g: number; coupon: number | null; shipping_method: ShippingMethod; lines: [number, number][] };

/**
 * An order's money through the shared order functions (docs/domain.md § Domain rules), as the order service computes
 * it.
 */
export function generatedOrderTotals(
  order: Pick<PricedOrder, 'lines' | 'shipping_method'>,
  coupon: GeneratedCoupon | undefined,
): OrderTotals {
  const lines = order.lines.map(([unitPrice, quantity]) => ({ unitPrice, quantity }));
  const { subtotal } = computeOrderTotals({ lines });
  const { discount, freeShipping } = coupon ? couponDiscount(coupon, subtotal) : { discount: 0, freeShipping: false };
  return computeOrderTotals({ lines, discount, freeShipping, shippingMethod: order.shipping_method });
}

/**
 * Orders first..last with their lines, coupon redemptions and payments. Their money is computed by the shared totals
 * function from the lines (one JSON round trip per batch), never in SQL; the insert then recomputes the same rows
 * from the seed and joins the totals. Returns how many orders were written (a rare clash with an order number
 * already in the database skips that order).
 */
export async function insertOrders(db: DbOrTx, run: Run, coupons: GeneratedCoupon[], first: number, last: number) {
  const cte = ordersCte(run, coupons.length, first, last);
  const priced = await queryRows<PricedOrder>(
    db,
    sql.raw(`WITH ${cte}
      SELECT gen.g, gen.coupon, gen.shipping_method, json_agg(json_build_array(lines.price, lines.qty)) AS lines
      FROM gen JOIN lines ON lines.g = gen.g GROUP BY gen.g, gen.coupon, gen.shipping_method`),
  );
  const totals = priced.map((order) => ({
    g: order.g,
    ...generatedOrderTotals(order, order.coupon ? coupons[order.coupon - 1] : undefined),
  }));
  const orderId = idOf(run, 'order', 'g');
  const redemptionId = `overlay(id placing '${KIND.redemption}' from 9 for 2)`;
  const [written] = await queryRows<{ orders: number }>(
    db,
    sql`WITH totals AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(totals)}::jsonb)
        AS t(g int, subtotal numeric, discount numeric, shipping numeric, tax numeric, total numeric)),
      ${sql.raw(cte)},
      ins AS (
        INSERT INTO orders (id, order_number, customer_id, guest_email, status, payment_status, payment_method,
          stock_state, shipping_method, subtotal, discount, shipping, tax, total, coupon_id, coupon_code,
          shipping_address, billing_address, tracking_number, tracking_url, estimated_delivery, payment_intent_id,
          paid_at, shipped_at, delivered_at, cancelled_at, cancel_reason, refund_reason, created_at, updated_at)
        SELECT ${sql.raw(orderId)}, ${sql.raw(orderNumber(run))},
          CASE WHEN customer IS NOT NULL THEN ${sql.raw(idOf(run, 'customer', 'customer'))} END,
          CASE WHEN customer IS NULL THEN lower(${sql.raw(firstName(run, 'g', 40))} || '.'
            || ${sql.raw(lastName(run, 'g', 40))} || '.' || g || '@${sql.raw(run.label)}.example.net') END,
          status, payment_status, method, stock_state, shipping_method, t.subtotal, t.discount, t.shipping, t.tax,
          t.total, (${sql.raw(textArray(coupons.map((c) => c.id)))})[coupon],
          (${sql.raw(textArray(coupons.map((c) => c.code)))})[coupon], a.address, a.address,
          CASE WHEN shipped_at IS NOT NULL THEN '1Z' || upper(substr(md5(${sql.raw(orderId)}), 1, 16)) END,
          CASE WHEN shipped_at IS NOT NULL
            THEN 'https://www.ups.com/track?tracknum=1Z' || upper(substr(md5(${sql.raw(orderId)}), 1, 16)) END,
          shipped_at + interval '5 days',
          CASE WHEN paid_at IS NOT NULL THEN 'pi_test_' || ${sql.raw(orderId)} END,
          paid_at, shipped_at, delivered_at, cancelled_at,
          CASE WHEN status = 'cancelled'
            THEN ${sql.raw(pick(['Cancelled by customer', 'Order cancelled by admin'], rnd(run, 'g', 65)))} END,
          CASE WHEN status = 'refunded'
            THEN ${sql.raw(pick(['Item did not fit', 'Arrived damaged', 'Changed my mind'], rnd(run, 'g', 66)))} END,
          created, greatest(created, paid_at, shipped_at, delivered_at, cancelled_at, refunded_at)
        FROM gen JOIN totals t USING (g)
        CROSS JOIN LATERAL (SELECT ${sql.raw(addressJson(run))} AS address) a
        ON CONFLICT (order_number) DO NOTHING
        RETURNING id, customer_id, guest_email, coupon_id, discount, total, status, payment_status, payment_method,
          paid_at, created_at, updated_at),
      items AS (
        INSERT INTO order_items (id, order_id, product_id, product_name, product_slug, product_sku, variant_sku, size,
          color, price, quantity, total)
        SELECT ${sql.raw(idOf(run, 'orderItem', 'lines.g * 4 + lines.k'))}, ins.id, lines.product_id, lines.name,
          lines.slug, lines.sku, variant_sku(lines.sku, lines.size, lines.color), lines.size, lines.color, lines.price, lines.qty, lines.price * lines.qty
        FROM lines JOIN ins ON ins.id = ${sql.raw(idOf(run, 'order', 'lines.g'))}),
      redemptions AS (
        INSERT INTO coupon_redemptions (id, coupon_id, order_id, customer_id, email_key, discount_amount, released_at,
          created_at)
        SELECT ${sql.raw(redemptionId)}, coupon_id, id, customer_id,
          coupon_email_key(coalesce(guest_email, (SELECT u.email FROM users u WHERE u.id = ins.customer_id))), discount,
          CASE WHEN status IN ('cancelled', 'refunded') THEN updated_at END, created_at
        FROM ins WHERE coupon_id IS NOT NULL),
      charges AS (
        INSERT INTO payments (id, order_id, provider, method, intent_id, amount, status, kind, created_at)
        SELECT overlay(id placing '${sql.raw(KIND.payment)}' from 9 for 2), id, 'test', payment_method,
          'pi_test_' || id, total, 'succeeded', 'charge', paid_at
        FROM ins WHERE payment_status IN ('paid', 'refunded')
        UNION ALL
        SELECT overlay(id placing '${sql.raw(KIND.refund)}' from 9 for 2), id, 'test', payment_method,
          'pi_test_' || id, total, 'succeeded', 'refund', updated_at
        FROM ins WHERE payment_status = 'refunded')
      SELECT count(*)::int AS orders FROM ins`,
  );
  return written?.orders ?? 0;
}

const ACTIVITY: [action: string, resource: string][] = [
  ['update_status', 'order'],
  ['update', 'order'],
  ['update', 'product'],
  ['create', 'product'],
  ['update', 'inventory'],
  ['create', 'coupon'],
  ['update', 'customer'],
  ['login', 'auth'],
];

/** One staff activity-log row for every fourth order number, spread over the same history as the orders. */
export async function insertActivity(
  db: DbOrTx,
  run: Run,
  staff: { id: string; email: string }[],
  first: number,
  last: number,
) {
  if (!staff.length) return;
  const kind = `(1 + floor(${rnd(run, 'g', 70)} * ${ACTIVITY.length})::int)`;
  const who = `(1 + floor(${rnd(run, 'g', 71)} * ${staff.length})::int)`;
  await db.execute(
    sql.raw(`INSERT INTO activity_logs (id, user_id, user_email, action, resource, resource_id, status, ip, user_agent,
        created_at)
      SELECT ${idOf(run, 'activity', 'g')}, (${textArray(staff.map((s) => s.id))})[${who}],
        (${textArray(staff.map((s) => s.email))})[${who}], (${textArray(ACTIVITY.map((a) => a[0]))})[${kind}],
        (${textArray(ACTIVITY.map((a) => a[1]))})[${kind}],
        CASE WHEN ${kind} <= 2 THEN ${idOf(run, 'order', 'g')} END,
        CASE WHEN ${rnd(run, 'g', 72)} < 0.03 THEN 'failure' ELSE 'success' END,
        '10.0.' || (g % 250) || '.' || (g / 250 % 250), 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Chrome/126.0',
        ${run.now} - ${ORDER_HISTORY_DAYS} * power(${rnd(run, 'g', 73)}, 1.35) * interval '1 day'
      FROM generate_series(${first}, ${last}) g WHERE g % 4 = 0`),
  );
}
