import type { CartPickupLocationView, PickupLocationView, ProductPickupView } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';

/** Active locations that offer pickup (alias `l`), by fulfilment priority: the shops an order can be collected at. */
const pickupShops = sql`FROM stock_locations l WHERE l.active AND l.pickup ORDER BY l.priority, l.id`;

/** The shops an order can be collected at. */
export function pickupLocations(db: DbOrTx): Promise<PickupLocationView[]> {
  return queryRows<PickupLocationView>(db, sql`SELECT l.id AS "_id", l.name, l.address ${pickupShops}`);
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
 * The shops a cart can be collected at: every pickup shop, `available` when it has the units of every inventory row
 * the cart asks for free now (`units[i]` of `inventoryIds[i]`, lines of one size/colour already summed), as the
 * order's reservation would find them. The levels are read by primary key: the cost follows the cart, not the catalogue.
 */
export function pickupLocationsForCart(
  db: DbOrTx,
  wanted: { inventoryIds: readonly string[]; units: readonly number[] },
): Promise<CartPickupLocationView[]> {
  return queryRows<CartPickupLocationView>(
    db,
    sql`SELECT l.id AS "_id", l.name, l.address,
        NOT EXISTS (
          SELECT 1 FROM unnest(${sql.param(wanted.inventoryIds)}::char(24)[], ${sql.param(wanted.units)}::int[])
            AS w(inventory_id, units)
          LEFT JOIN inventory_levels v ON v.inventory_id = w.inventory_id AND v.location_id = l.id
          WHERE coalesce(v.quantity - v.reserved, 0) < w.units
        ) AS available
      ${pickupShops}`,
  );
}
