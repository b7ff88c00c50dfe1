import type { CartPickupLocationView, OrderItemInput, PickupLocationView, ProductPickupView } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';

/** The shops an order can be collected at: active locations that offer pickup, by fulfilment priority. */
export function pickupLocations(db: DbOrTx): Promise<PickupLocationView[]> {
  return queryRows<PickupLocationView>(
    db,
    sql`SELECT id AS "_id", name, address FROM stock_locations WHERE active AND pickup ORDER BY priority, id`,
  );
}

/**
 * Where an active product can be picked up now: per pickup location, its sizes/colours with units available there.
 * One statement over the product's variants (inventory_variant_idx) and their levels (primary key).
 */
export function productPickup(db: DbOrTx, productId: string): Promise<ProductPickupView[]> {
  return queryRows<ProductPickupView>(
    db,
    sql`SELECT l.id AS "_id", l.name, l.address,
        json_agg(json_build_object('size', i.size, 'color', i.color, 'available', v.quantity - v.reserved)
          ORDER BY i.size, i.color) AS stock
      FROM stock_locations l
      JOIN inventory_levels v ON v.location_id = l.id AND v.quantity > v.reserved
      JOIN inventory i ON i.id = v.inventory_id
      JOIN products p ON p.id = i.product_id AND p.is_active
      WHERE l.active AND l.pickup AND i.product_id = ${productId}
      GROUP BY l.id, l.name, l.address, l.priority
      ORDER BY l.priority, l.id`,
  );
}

/**
 * The shops a cart can be collected at: every active pickup location, by fulfilment priority, `available` when it has
 * every line's units free now (lines of one size/colour summed), as the order's reservation would find them. A line
 * the catalogue does not have makes no shop available. The variants are found on inventory_variant_idx, their levels
 * by primary key: the cost follows the cart, not the catalogue.
 */
export function pickupLocationsForCart(
  db: DbOrTx,
  items: readonly OrderItemInput[],
): Promise<CartPickupLocationView[]> {
  return queryRows<CartPickupLocationView>(
    db,
    sql`WITH line AS (
        SELECT w."productId"::char(24) AS product_id, lower(w.size) AS size, lower(w.color) AS color,
          sum(w.quantity)::int AS units
        FROM json_to_recordset(${JSON.stringify(items)}::json) AS w("productId" text, size text, color text, quantity int)
        GROUP BY 1, 2, 3
      ),
      wanted AS (
        SELECT i.id, line.units FROM line
        LEFT JOIN inventory i ON i.product_id = line.product_id AND lower(i.size) = line.size
          AND lower(i.color) = line.color
      )
      SELECT l.id AS "_id", l.name, l.address,
        NOT EXISTS (
          SELECT 1 FROM wanted w LEFT JOIN inventory_levels v ON v.inventory_id = w.id AND v.location_id = l.id
          WHERE coalesce(v.quantity - v.reserved, 0) < w.units
        ) AS available
      FROM stock_locations l WHERE l.active AND l.pickup
      ORDER BY l.priority, l.id`,
  );
}
