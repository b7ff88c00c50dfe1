import type { OrderExportQuery } from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { orderConditions } from '../orders/index.js';
import { type CsvExport, isoTime, keysetPages, money, olderThan } from './csv-export.js';

/** Orders per read (with their lines, 1–3 each): one page in memory, never the list. */
const PAGE = 1000;

/** One line of an order, with its order's fields; `id` and `cursorAt` are the order's (the keyset cursor). */
type OrderLine = {
  id: string;
  cursorAt: string;
  order_number: string;
  created_at: Date;
  paid_at: Date | null;
  shipped_at: Date | null;
  delivered_at: Date | null;
  status: string;
  payment_status: string;
  payment_method: string;
  shipping_method: string;
  guest_email: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  address: Record<string, string | undefined>;
  coupon_code: string | null;
  subtotal: string;
  discount: string;
  shipping: string;
  tax: string;
  total: string;
  paid: string;
  refunded: string;
  payment_ids: string;
  product_sku: string | null;
  variant_sku: string | null;
  product_name: string | null;
  size: string | null;
  color: string | null;
  quantity: number | null;
  price: string | null;
  line_total: string | null;
};

const ADDRESS_FIELDS = ['firstName', 'lastName', 'street', 'city', 'state', 'zipCode', 'country', 'phone'] as const;

export const ORDER_COLUMNS = [
  'order_number',
  'created_at',
  'paid_at',
  'shipped_at',
  'delivered_at',
  'status',
  'payment_status',
  'payment_method',
  'shipping_method',
  'customer_type',
  'customer_email',
  'customer_first_name',
  'customer_last_name',
  ...ADDRESS_FIELDS.map((field) => `shipping_${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`),
  'coupon_code',
  'subtotal',
  'discount',
  'shipping',
  'tax',
  'total',
  'paid',
  'refunded',
  'payment_ids',
  'product_sku',
  'variant_sku',
  'product_name',
  'size',
  'color',
  'quantity',
  'unit_price',
  'line_total',
];

/**
 * The next page of orders after the cursor, newest first, with their lines. Like the list, each of the filter's
 * disjoint conditions walks its own index from the cursor and the page is cut from their merge, so a page costs the
 * same at the millionth order as at the first.
 */
function readPage(db: Db, conditions: SQL[], after: OrderLine | null): Promise<OrderLine[]> {
  const beyond = olderThan(orders.createdAt, orders.id, after);
  const newest = sql`created_at DESC, id DESC`;
  const ranked = conditions.map(
    (where) => sql`(SELECT ${orders.id} AS id, ${orders.createdAt} AS created_at FROM ${orders}
      WHERE ${where} AND ${beyond} ORDER BY ${newest} LIMIT ${PAGE})`,
  );
  return queryRows<OrderLine>(
    db,
    sql`WITH page AS (
        SELECT id FROM (${sql.join(ranked, sql` UNION ALL `)}) AS merged ORDER BY ${newest} LIMIT ${PAGE}
      )
      SELECT o.id, o.created_at::text AS "cursorAt", o.order_number, o.created_at, o.paid_at, o.shipped_at,
        o.delivered_at, o.status, o.payment_status, o.payment_method, o.shipping_method, o.guest_email, u.email,
        u.first_name, u.last_name, o.shipping_address AS address, o.coupon_code, o.subtotal::text AS subtotal,
        o.discount::text AS discount, o.shipping::text AS shipping, o.tax::text AS tax, o.total::text AS total,
        pay.paid::text AS paid, pay.refunded::text AS refunded, pay.payment_ids,
        i.product_sku, i.variant_sku, i.product_name, i.size, i.color, i.quantity, i.price::text AS price,
        i.total::text AS line_total
      FROM page JOIN orders o ON o.id = page.id
      LEFT JOIN users u ON u.id = o.customer_id
      -- LATERAL: each page order's lines through order_items_order_idx, never a scan of every line.
      -- LATERAL: each page order's payments through payments_order_idx: money captured (succeeded charges and
      -- manual records), refunded, and the provider ids of its steps, oldest first (the payment timeline's).
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(amount) FILTER (WHERE kind IN ('charge', 'manual') AND status = 'succeeded'), 0) AS paid,
          coalesce(sum(amount) FILTER (WHERE kind = 'refund' AND status = 'succeeded'), 0) AS refunded,
          coalesce(string_agg(CASE WHEN kind = 'charge' THEN intent_id ELSE coalesce(provider_ref, intent_id) END, ' '
            ORDER BY coalesce(occurred_at, created_at), created_at, id)
            FILTER (WHERE kind <> 'charge' OR status = 'succeeded'), '') AS payment_ids
        FROM payments WHERE payments.order_id = o.id
      ) pay ON true
      LEFT JOIN LATERAL (SELECT * FROM order_items WHERE order_items.order_id = o.id) i ON true
      ORDER BY o.created_at DESC, o.id DESC, i.id`,
  );
}

function orderRecord(line: OrderLine): string[] {
  const guest = line.email === null;
  return [
    line.order_number,
    isoTime(line.created_at),
    isoTime(line.paid_at),
    isoTime(line.shipped_at),
    isoTime(line.delivered_at),
    line.status,
    line.payment_status,
    line.payment_method,
    line.shipping_method,
    guest ? 'guest' : 'registered',
    (guest ? line.guest_email : line.email) ?? '',
    (guest ? line.address.firstName : line.first_name) ?? '',
    (guest ? line.address.lastName : line.last_name) ?? '',
    ...ADDRESS_FIELDS.map((field) => line.address[field] ?? ''),
    line.coupon_code ?? '',
    money(line.subtotal),
    money(line.discount),
    money(line.shipping),
    money(line.tax),
    money(line.total),
    money(line.paid),
    money(line.refunded),
    line.payment_ids,
    line.product_sku ?? '',
    line.variant_sku ?? '',
    line.product_name ?? '',
    line.size ?? '',
    line.color ?? '',
    line.quantity === null ? '' : String(line.quantity),
    money(line.price),
    money(line.line_total),
  ];
}

/** One row per order line (an order without lines still gets one row), with the Orders list's filters. */
export function ordersExport(db: Db, query: OrderExportQuery): CsvExport {
  const conditions = orderConditions(query);
  async function* records() {
    for await (const page of keysetPages((after: OrderLine | null) => readPage(db, conditions, after)))
      yield* page.map(orderRecord);
  }
  return { kind: 'orders', fileName: 'orders', columns: ORDER_COLUMNS, records: records() };
}
