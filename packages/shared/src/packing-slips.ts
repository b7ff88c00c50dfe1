import { z } from 'zod';
import { SHIPPING_METHODS } from './order-totals.js';
import { orderAddressView } from './order-view.js';

/** Orders one print of packing slips may hold: one bounded read, and a print job a printer still takes. */
export const PACKING_SLIP_MAX_ORDERS = 200;

export const PACKING_SLIP_MESSAGES = {
  idsRequired: 'Select at least one order',
  tooMany: `Print at most ${PACKING_SLIP_MAX_ORDERS} packing slips at once`,
  badId: 'Invalid order ID format. Expected 24 characters',
  /** "All matching" names a filter, not orders: slips are printed for ticked orders. */
  tickOrders: `Tick the orders to print (at most ${PACKING_SLIP_MAX_ORDERS})`,
} as const;

/** `ids`: the orders, comma-separated, in the order to print them (duplicates printed once). */
export const packingSlipQuery = z.object({
  ids: z
    .string({ error: PACKING_SLIP_MESSAGES.idsRequired })
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(/^[0-9a-f]{24}$/, PACKING_SLIP_MESSAGES.badId))
        .min(1, PACKING_SLIP_MESSAGES.idsRequired)
        .max(PACKING_SLIP_MAX_ORDERS, PACKING_SLIP_MESSAGES.tooMany),
    )
    .describe(`Order ids, comma-separated (at most ${PACKING_SLIP_MAX_ORDERS})`),
});

/** One line of a packing slip: what to pick and pack, never its price. */
export const packingSlipLine = z.object({
  productName: z.string(),
  /** The variant's SKU when the order was placed, else the product SKU. */
  sku: z.string(),
  /** The variant's current barcode (null when the variant no longer exists). */
  barcode: z.string().nullable(),
  size: z.string(),
  color: z.string(),
  quantity: z.number(),
});

export const packingSlipView = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  shippingMethod: z.enum(SHIPPING_METHODS),
  shippingAddress: orderAddressView,
  lines: z.array(packingSlipLine),
});
export type PackingSlip = z.infer<typeof packingSlipView>;
