import { z } from 'zod';
import { emailSchema } from './auth.js';
import { objectIdParam } from './id-params.js';

export const STOCK_ALERT_MESSAGES = {
  unknownCombination: 'This product is not sold in that size and colour',
  inStock: 'This size and colour is in stock: it can be ordered now',
} as const;

export const stockAlertInput = z.object({
  productId: objectIdParam('product'),
  size: z.string().trim().min(1, 'Size is required').max(30),
  color: z.string().trim().min(1, 'Colour is required').max(30),
  email: emailSchema,
});
export type StockAlertInput = z.infer<typeof stockAlertInput>;

export const stockAlertView = z.object({
  productId: z.string(),
  size: z.string(),
  color: z.string(),
  email: z.string(),
});

/** The unsubscribe token of a back-in-stock mail's link. */
export const stockAlertTokenParams = z.object({ token: z.string().min(1).max(100) });
