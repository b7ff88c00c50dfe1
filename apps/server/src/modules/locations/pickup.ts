import type { PickupLocationView, ProductPickupView } from '@seamline/shared';
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
