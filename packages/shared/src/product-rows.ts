import { z } from 'zod';
import { stockStatusSchema } from './product-views.js';

/**
 * One row of the back office's product list (Products screen: sidebar list, table and cards, at every width): only
 * what those rows show. The detail panel and the dialogs read the whole product (`GET /products/:id`, staff view)
 * when one is opened.
 */
export const productListRow = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  category: z.string(),
  subcategory: z.string(),
  brand: z.string(),
  price: z.number(),
  salePrice: z.number().nullable(),
  isActive: z.boolean(),
  /** Units to sell over every size/color (quantity less reserved). */
  availableStock: z.number(),
  stockStatus: stockStatusSchema,
  /** The first picture's thumbnail (its original when it has no thumbnail), or null when the product has none. */
  thumbnail: z.object({ url: z.string(), alt: z.string() }).nullable(),
});
export type ProductListRow = z.infer<typeof productListRow>;
