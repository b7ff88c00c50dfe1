import { z } from 'zod';
import { envelope } from './envelopes.js';
import { productImage } from './products.js';
import { STOCK_MOVEMENT_OPERATIONS } from './stock.js';

/** The product answers' shapes (the inputs and queries they answer are in products.ts). */

export const stockStatusSchema = z.enum(['Out of Stock', 'Low Stock', 'Moderate Stock', 'In Stock']);

export const inventoryRowView = z.object({
  _id: z.string(),
  id: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number(),
  reserved: z.number(),
  available: z.number(),
  lowStockThreshold: z.number(),
  sku: z.string(),
  barcode: z.string(),
  priceOverride: z.number().nullable(),
});
export type InventoryRowView = z.infer<typeof inventoryRowView>;

export const productView = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  description: z.string(),
  category: z.string(),
  categoryId: z.string(),
  subcategory: z.string(),
  brand: z.string(),
  brandId: z.string(),
  price: z.number(),
  comparePrice: z.number(),
  costPrice: z.number(),
  salePrice: z.number().nullable(),
  images: z.array(productImage),
  variants: z.object({
    size: z.object({ available: z.array(z.string()), default: z.string() }),
    color: z.object({ available: z.array(z.string()), default: z.string() }),
  }),
  inventory: z.array(inventoryRowView),
  tags: z.array(z.string()),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  isTikTokTrending: z.boolean(),
  weight: z.number(),
  dimensions: z.object({ length: z.number(), width: z.number(), height: z.number() }),
  seo: z.object({ title: z.string(), description: z.string(), keywords: z.array(z.string()), slug: z.string() }),
  viewCount: z.number(),
  rating: z.number(),
  reviewCount: z.number(),
  salesCount: z.number(),
  /** Customers who have the product on their wishlist (staff only). */
  wishlistCount: z.number(),
  totalStock: z.number(),
  availableStock: z.number(),
  reservedStock: z.number(),
  stockStatus: stockStatusSchema,
  /** Some variant has units to sell (the storefront view carries the same flag). */
  inStock: z.boolean(),
  createdBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductView = z.infer<typeof productView>;
/**
 * A staff view of one product in its answer's envelope (the product and its stock contracts). Here, not in a contract
 * module: the browser builds keep only the routes of those, and a schema exported beside them stayed in the
 * storefront's first load with the validation library it needs.
 */
export const productEnvelope = envelope(z.object({ product: productView }));

export const taxonomyItemView = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image: productImage.nullable(),
  productCount: z.number(),
});
export type TaxonomyItemView = z.infer<typeof taxonomyItemView>;

/** One stock movement, shaped for the history lists (the specification: Inventory history entry, "each change"). */
export const inventoryChangeView = z.object({
  _id: z.string(),
  id: z.string(),
  variant: z.string(),
  size: z.string(),
  color: z.string(),
  operation: z.enum(STOCK_MOVEMENT_OPERATIONS),
  quantity: z.number(),
  previousQuantity: z.number(),
  newQuantity: z.number(),
  previousReserved: z.number(),
  newReserved: z.number(),
  netChange: z.number(),
  time: z.string(),
  reason: z.string().nullable(),
  admin: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  orderId: z.string().nullable(),
  /** Where the units moved (every movement names its location). */
  location: z.object({ _id: z.string(), name: z.string() }),
});
export type InventoryChangeView = z.infer<typeof inventoryChangeView>;

/** A day of stock movements: date (YYYY-MM-DD), its changes, their count and the units added and removed. */
export const inventoryHistoryDayView = z.object({
  date: z.string(),
  changes: z.array(inventoryChangeView),
  changeCount: z.number(),
  netChange: z.number(),
  totalAdded: z.number(),
  totalRemoved: z.number(),
});
export type InventoryHistoryDayView = z.infer<typeof inventoryHistoryDayView>;

export const imageUploadView = z.object({
  url: z.string(),
  webpUrl: z.string(),
  thumbnailUrl: z.string(),
  alt: z.string(),
  original: z.string(),
  webp: z.string(),
  thumbnail: z.string(),
});
export type ImageUploadView = z.infer<typeof imageUploadView>;
