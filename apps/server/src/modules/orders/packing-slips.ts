import { type PackingSlip, packingSlipContracts } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { inventory, orderItems, orders } from '../../db/schema/index.js';
import { idIn } from '../../lib/bulk.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';

type SlipRow = Omit<PackingSlip, 'createdAt'> & { createdAt: Date | string };

/**
 * The packing slips of at most PACKING_SLIP_MAX_ORDERS orders in one statement: each order with its lines (variant
 * SKU and the variant's barcode through `inventory_variant_idx`), in the order asked. No prices.
 */
export async function packingSlips(db: DbOrTx, ids: string[]): Promise<PackingSlip[]> {
  const rows = await queryRows<SlipRow>(
    db,
    sql`SELECT o.id, o.order_number AS "orderNumber", o.created_at AS "createdAt",
          o.shipping_method AS "shippingMethod", o.shipping_address AS "shippingAddress",
          coalesce((
            SELECT json_agg(json_build_object(
                     'productName', i.product_name, 'sku', coalesce(i.variant_sku, i.product_sku),
                     'barcode', v.barcode, 'size', i.size, 'color', i.color, 'quantity', i.quantity)
                   ORDER BY i.product_name, i.size, i.color)
            FROM ${orderItems} i
            LEFT JOIN ${inventory} v
              ON v.product_id = i.product_id AND lower(v.size) = lower(i.size) AND lower(v.color) = lower(i.color)
            WHERE i.order_id = o.id), '[]') AS lines
        FROM ${orders} o WHERE ${idIn(sql`o.id`, ids)}`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, createdAt: new Date(row.createdAt).toISOString() }] : [];
  });
}

/** GET /admin/orders/packing-slips?ids=…: the printable page's data. */
export const packingSlipRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, packingSlipContracts.list, async (request) =>
    ok({ slips: await packingSlips(app.db, request.query.ids) }),
  );
};
