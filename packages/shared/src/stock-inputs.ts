import { z } from 'zod';
import { STOCK } from './constants.js';
import { locationIdField } from './locations.js';
import { PRODUCT_MESSAGES } from './products.js';
import { STOCK_OPERATIONS } from './stock.js';

/** The inputs that change a product's stock: a movement, the staff stock call, a new size × colour combination. */

const variantText = (message: string) => z.string({ error: message }).trim().min(1, message).max(30, message);
const positiveQuantity = (message: string) =>
  z.number({ error: message }).int(message).gt(0, message).max(1_000_000, message);

/** POST /products/{id}/stock/add and /stock/remove. */
export const stockChangeInput = z.object({
  size: variantText(PRODUCT_MESSAGES.stockInput),
  color: variantText(PRODUCT_MESSAGES.stockInput),
  quantity: positiveQuantity(PRODUCT_MESSAGES.stockInput),
  reason: z.string().trim().max(200).optional(),
  /** The location whose stock changes; left out, the first location. */
  locationId: locationIdField.optional(),
});
export type StockChangeInput = z.input<typeof stockChangeInput>;

/**
 * PUT /admin/products/{id}/inventory (docs/domain.md § API): add and subtract take a quantity above 0, set takes ≥ 0.
 */
export const adminStockInput = z
  .object({
    size: variantText(PRODUCT_MESSAGES.stockInput),
    color: variantText(PRODUCT_MESSAGES.stockInput),
    quantity: z
      .number({ error: PRODUCT_MESSAGES.stockInput })
      .int(PRODUCT_MESSAGES.stockInput)
      .min(0, PRODUCT_MESSAGES.stockInput)
      .max(1_000_000, PRODUCT_MESSAGES.stockInput),
    operation: z.enum(STOCK_OPERATIONS, { error: 'Operation must be add, subtract or set' }),
    reason: z.string().trim().max(200).optional(),
    /** The location whose stock changes; left out, the first location. */
    locationId: locationIdField.optional(),
  })
  .refine((v) => v.operation === 'set' || v.quantity > 0, {
    message: PRODUCT_MESSAGES.stockInput,
    path: ['quantity'],
  });
export type AdminStockInput = z.input<typeof adminStockInput>;

/** POST /products/{id}/inventory: a new combination (quantity 0, threshold 10, reserved 0 by default). */
export const newCombinationInput = z.object({
  size: variantText(PRODUCT_MESSAGES.combinationInput),
  color: variantText(PRODUCT_MESSAGES.combinationInput),
  quantity: z
    .number({ error: PRODUCT_MESSAGES.initialQuantity })
    .int(PRODUCT_MESSAGES.initialQuantity)
    .min(0, PRODUCT_MESSAGES.initialQuantity)
    .max(1_000_000)
    .default(0),
  lowStockThreshold: z
    .number({ error: PRODUCT_MESSAGES.thresholdNegative })
    .int(PRODUCT_MESSAGES.thresholdNegative)
    .min(0, PRODUCT_MESSAGES.thresholdNegative)
    .max(1_000_000)
    .default(STOCK.defaultThresholdStockDialog),
  reserved: z.literal(0, { error: 'A new combination starts with 0 reserved' }).default(0),
  reason: z.string().trim().max(200).optional(),
});
export type NewCombinationInput = z.input<typeof newCombinationInput>;
