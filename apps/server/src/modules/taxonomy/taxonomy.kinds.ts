import { type Brand, brandNames, type Category, categoryNames } from '@seamline/shared';
import { brands, categories, products } from '../../db/schema/index.js';
import { iso } from '../../lib/serialize.js';
import type { TaxonomyKind } from './taxonomy.service.js';

type CategoryRow = typeof categories.$inferSelect;
type BrandRow = typeof brands.$inferSelect;

/** The fields every kind answers with. */
function baseView(row: CategoryRow | BrandRow, productCount: number) {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    productCount,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

export const categoryKind: TaxonomyKind<CategoryRow, Category> = {
  names: categoryNames,
  table: categories,
  productColumn: products.categoryId,
  fields: ['name', 'description'],
  toView: (row, productCount) => ({ ...baseView(row, productCount), image: row.image ?? null }),
};

export const brandKind: TaxonomyKind<BrandRow, Brand> = {
  names: brandNames,
  table: brands,
  productColumn: products.brandId,
  fields: ['name', 'description', 'website'],
  toView: (row, productCount) => ({
    ...baseView(row, productCount),
    website: row.website ?? null,
    logo: row.logo ?? null,
  }),
};
