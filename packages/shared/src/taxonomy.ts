import { z } from 'zod';
import { lengthUnder, pageQuery, sortOrder } from './api.js';
import { PAGE_SIZES } from './constants.js';

/** Categories and brands (the specification): one schema per shape, used by server and forms. */

export const CATEGORY_NAME = { min: 3, max: 100 } as const;
export const BRAND_NAME = { min: 2, max: 100 } as const;
export const TAXONOMY_DESCRIPTION_MAX = 500;
export const WEBSITE_MAX = 2048;
export const TAXONOMY_SEARCH_MAX = 100;
export const WEBSITE_MESSAGE = 'Website must be a valid URL starting with http:// or https://';
export const DESCRIPTION_MESSAGE = `Description must be less than ${TAXONOMY_DESCRIPTION_MAX} characters`;

function nameSchema(label: 'Category' | 'Brand', limits: { min: number; max: number }) {
  return z
    .string({ error: `${label} name is required` })
    .trim()
    .min(1, `${label} name is required`)
    .min(limits.min, `${label} name must be at least ${limits.min} characters`)
    .max(lengthUnder(limits.max), `${label} name must be less than ${limits.max} characters`);
}

export const categoryNameSchema = nameSchema('Category', CATEGORY_NAME);
export const brandNameSchema = nameSchema('Brand', BRAND_NAME);

export const taxonomyDescriptionSchema = z
  .string({ error: DESCRIPTION_MESSAGE })
  .trim()
  .max(lengthUnder(TAXONOMY_DESCRIPTION_MAX), DESCRIPTION_MESSAGE);

/** True for an absolute http(s) URL with a host; the only links a brand card will open. */
export function isWebsiteUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Optional: an empty field (or null) means "no website" and is stored as null. */
export const websiteSchema = z
  .string({ error: WEBSITE_MESSAGE })
  .trim()
  .max(WEBSITE_MAX, WEBSITE_MESSAGE)
  .refine((v) => v === '' || isWebsiteUrl(v), WEBSITE_MESSAGE)
  .nullable()
  .transform((v) => (v ? v : null));

/** An image as the API returns it: three renditions under /uploads plus its alt text. */
export const storedImageSchema = z.object({
  original: z.string(),
  webp: z.string(),
  thumbnail: z.string(),
  alt: z.string(),
});
export type StoredImageView = z.infer<typeof storedImageSchema>;

/**
 * The image or logo field of an update: null removes it; an object may only restate the current image
 * (e.g. to change its alt text) — new files come through the upload call, never as URLs from the client.
 */
const imageUpdateSchema = z
  .object({
    original: z.string().max(500),
    webp: z.string().max(500),
    thumbnail: z.string().max(500),
    alt: z.string().trim().max(lengthUnder(200), 'Alt text must be less than 200 characters').optional(),
  })
  .nullable();

export const createCategoryInput = z.object({
  name: categoryNameSchema,
  description: taxonomyDescriptionSchema.optional().default(''),
});
export type CreateCategoryInput = z.input<typeof createCategoryInput>;

export const updateCategoryInput = z.object({
  name: categoryNameSchema.optional(),
  description: taxonomyDescriptionSchema.optional(),
  image: imageUpdateSchema.optional(),
});
export type UpdateCategoryInput = z.input<typeof updateCategoryInput>;

export const createBrandInput = z.object({
  name: brandNameSchema,
  description: taxonomyDescriptionSchema.optional().default(''),
  website: websiteSchema.optional().transform((v) => v ?? null),
});
export type CreateBrandInput = z.input<typeof createBrandInput>;

export const updateBrandInput = z.object({
  name: brandNameSchema.optional(),
  description: taxonomyDescriptionSchema.optional(),
  website: websiteSchema.optional(),
  logo: imageUpdateSchema.optional(),
});
export type UpdateBrandInput = z.input<typeof updateBrandInput>;

export const TAXONOMY_SORT_FIELDS = ['createdAt', 'name'] as const;

function listQuery(defaultLimit: number) {
  return pageQuery(defaultLimit).extend({
    search: z
      .string()
      .trim()
      .max(TAXONOMY_SEARCH_MAX, `Search must be at most ${TAXONOMY_SEARCH_MAX} characters`)
      .optional(),
    sortBy: z
      .enum(TAXONOMY_SORT_FIELDS, { error: `sortBy must be one of ${TAXONOMY_SORT_FIELDS.join(', ')}` })
      .default('createdAt'),
    sortOrder,
  });
}
export const listCategoriesQuery = listQuery(PAGE_SIZES.categories);
export const listBrandsQuery = listQuery(PAGE_SIZES.brands);
export type ListTaxonomyQuery = z.input<typeof listCategoriesQuery>;

const taxonomyBase = {
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Products that use it (a category or brand in use cannot be deleted). */
  productCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const categoryView = z.object({ ...taxonomyBase, image: storedImageSchema.nullable() });
export type Category = z.infer<typeof categoryView>;
export const brandView = z.object({
  ...taxonomyBase,
  website: z.string().nullable(),
  logo: storedImageSchema.nullable(),
});
export type Brand = z.infer<typeof brandView>;

/** The 409 answer for deleting a category or brand that products still use. */
export function inUseMessage(resource: 'category' | 'brand', name: string, productCount: number): string {
  const products = productCount === 1 ? '1 product uses' : `${productCount} products use`;
  return `Cannot delete "${name}": ${products} this ${resource}`;
}
