import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../apps/server/src/db/client.js';
import { type BenchContext, callJson } from '../lib/http.js';
import { countOf, load, statusText } from '../lib/load.js';
import type { Figure } from '../lib/table.js';

const GROUP = 'checkout';
const CLIENTS = 50;
const HOT_VARIANTS = 100;
const TARGET_PER_SECOND = 500;

export type HotVariant = {
  id: string;
  productId: string;
  size: string;
  color: string;
  available: number;
};

/** What the invariant check needs to know about the run. */
export type CheckoutOutcome = { guestEmail: string; created: number; since: Date };

/** The 100 combinations of active products with the most stock to sell: every order of the run buys one of them. */
export async function pickHotVariants(db: Db): Promise<HotVariant[]> {
  const rows = await queryRows<{
    id: string;
    product_id: string;
    size: string;
    color: string;
    available: number;
  }>(
    db,
    sql`SELECT i.id, i.product_id, i.size, i.color, i.quantity - i.reserved AS available
      FROM inventory i JOIN products p ON p.id = i.product_id
      WHERE p.is_active ORDER BY i.quantity - i.reserved DESC, i.id LIMIT ${HOT_VARIANTS}`,
  );
  return rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    size: r.size,
    color: r.color,
    available: Number(r.available),
  }));
}

const address = {
  firstName: 'Bench',
  lastName: 'Buyer',
  street: '1 Load Street',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'United States',
  phone: '5550100000',
};

/**
 * Guest checkout under load: CLIENTS connections post `POST /api/orders/guest` for one unit of a random hot variant,
 * for `seconds`. Stock is topped up first through the staff stock call (recorded as movements) so the run measures
 * selling, not running out. The orders stay in the database (all with one guest e-mail of this run).
 */
export async function checkout(
  ctx: BenchContext,
  hot: HotVariant[],
  seconds: number,
): Promise<{ figures: Figure[]; outcome: CheckoutOutcome }> {
  if (hot.length === 0) throw new Error('No stock to sell: the bench needs active products with inventory');
  // Twice what the target rate would sell, spread over the hot variants.
  const needed = Math.ceil((2 * TARGET_PER_SECOND * seconds) / hot.length) + 10;
  for (const variant of hot)
    if (variant.available < needed)
      await callJson(ctx, `/api/admin/products/${variant.productId}/inventory`, {
        method: 'PUT',
        body: {
          size: variant.size,
          color: variant.color,
          quantity: needed - variant.available,
          operation: 'add',
          reason: 'Benchmark top-up',
        },
      });

  const guestEmail = `checkout-bench-${randomBytes(4).toString('hex')}@example.com`;
  const since = new Date();
  const result = await load({
    url: `${ctx.baseUrl}/api/orders/guest`,
    method: 'POST',
    connections: CLIENTS,
    seconds,
    body: () => {
      const variant = hot[Math.floor(Math.random() * hot.length)]!;
      return {
        email: guestEmail,
        items: [{ productId: variant.productId, size: variant.size, color: variant.color, quantity: 1 }],
        shippingAddress: address,
        billingAddress: address,
        paymentMethod: 'cash',
      };
    },
  });
  const created = countOf(result, (status) => status === 201);
  const serverErrors = countOf(result, (status) => status >= 500) + result.errors;
  const note = `p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms; ${statusText(result)}`;
  return {
    figures: [
      {
        group: GROUP,
        name: `POST /api/orders/guest, ${CLIENTS} clients, ${hot.length} hot variants`,
        value: created / result.seconds,
        unit: 'orders/s',
        bound: 'min',
        target: TARGET_PER_SECOND,
        note,
      },
      {
        group: GROUP,
        name: '5xx answers and dropped connections',
        value: serverErrors,
        unit: 'count',
        bound: 'max',
        target: 1,
      },
    ],
    outcome: { guestEmail, created, since },
  };
}
