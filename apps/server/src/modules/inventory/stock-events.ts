import type { StockMovementOperation } from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { eventsInStatement, type NewEvent } from '../../lib/events.js';

/** A variant's row right after a stock change, with what it was before. */
export type ChangedStock = {
  id: string;
  productId: string;
  sku: string;
  size: string;
  color: string;
  quantity: number;
  reserved: number;
  lowStockThreshold: number;
  previousQuantity: number;
  previousReserved: number;
  /** The location whose level moved. */
  locationId: string;
};

/**
 * The events of one stock change: `inventory.changed` always; `inventory.low_stock` when the change takes the
 * quantity from above the variant's threshold to at or below it (the low-stock alert rule of inventory/low-stock.ts),
 * so a variant that stays low does not raise it again on every sale.
 */
export function stockEvents(
  row: ChangedStock,
  change: { operation: StockMovementOperation; quantity: number; orderId?: string | null },
): NewEvent[] {
  const data = {
    productId: row.productId,
    variantId: row.id,
    sku: row.sku,
    size: row.size,
    color: row.color,
    operation: change.operation,
    change: change.quantity,
    previousQuantity: row.previousQuantity,
    quantity: row.quantity,
    previousReserved: row.previousReserved,
    reserved: row.reserved,
    available: row.quantity - row.reserved,
    orderId: change.orderId ?? null,
    locationId: row.locationId,
  };
  const crossed = row.previousQuantity > row.lowStockThreshold && row.quantity <= row.lowStockThreshold;
  return [
    { type: 'inventory.changed', objectId: row.id, data },
    ...(crossed
      ? [
          {
            type: 'inventory.low_stock' as const,
            objectId: row.id,
            data: { ...data, threshold: row.lowStockThreshold },
          },
        ]
      : []),
  ];
}

/**
 * `inventory.changed` of new orders' reservations inside their one statement (reservationSql): a row per reserved
 * variant of `changed` (its CTE: one row per variant with its order's id, its location null when split), built to the
 * same data as stockEvents. A reservation leaves the quantity as it is, so it never raises `inventory.low_stock`.
 */
export function reservationEvents(changed: SQL) {
  return eventsInStatement(
    'reserved',
    sql`SELECT c.event_id, 'inventory.changed', c.id, jsonb_build_object('productId', c.product_id, 'variantId', c.id,
        'sku', c.sku, 'size', c.size, 'color', c.color, 'operation', 'reserve', 'change', c.units,
        'previousQuantity', c.quantity, 'quantity', c.quantity, 'previousReserved', c.previous_reserved,
        'reserved', c.reserved, 'available', c.quantity - c.reserved, 'orderId', c.order_id::text,
        'locationId', c.location_id)
      FROM ${changed} AS c`,
  );
}
