import { adminProductListQuery, STOCK_FILTER_LABELS, STOCK_FILTERS } from '@seamline/shared';
import { z } from 'zod';
import type { FilterField } from '../../components/list/FilterBar';
import { parseFilters } from '../../lib/list-filters';

/** The product list's filters as URL parameters, named as the API names them. */
export const PRODUCT_FILTER_DEFAULTS = { category: '', brand: '', isActive: '', stock: '', minPrice: '', maxPrice: '' };
const { category, brand, minPrice, maxPrice, stock } = adminProductListQuery.shape;
// The list sends isActive as the URL has it ('true'/'false'); the server turns it into a boolean.
const shape = { category, brand, minPrice, maxPrice, stock, isActive: z.enum(['true', 'false']).optional() };

export function productFilterFields(
  options: { categories: { id: string; name: string }[]; brands: { id: string; name: string }[] },
  onOpen: () => void,
): FilterField[] {
  return [
    {
      key: 'category',
      label: 'Category',
      kind: 'select',
      placeholder: 'All categories',
      onOpen,
      options: options.categories.map((c) => ({ value: c.id, label: c.name })),
    },
    {
      key: 'brand',
      label: 'Brand',
      kind: 'select',
      placeholder: 'All brands',
      onOpen,
      options: options.brands.map((b) => ({ value: b.id, label: b.name })),
    },
    {
      key: 'isActive',
      label: 'Status',
      kind: 'select',
      placeholder: 'Any status',
      options: [
        { value: 'true', label: 'Active' },
        { value: 'false', label: 'Inactive' },
      ],
    },
    {
      key: 'stock',
      label: 'Stock',
      kind: 'select',
      placeholder: 'Any stock',
      options: STOCK_FILTERS.map((value) => ({ value, label: STOCK_FILTER_LABELS[value] })),
    },
    { key: 'minPrice', label: 'Min price ($)', kind: 'number' },
    { key: 'maxPrice', label: 'Max price ($)', kind: 'number' },
  ];
}

/** The valid product filters of the URL, typed as the API reads them. */
export function productFilter(values: Record<string, string | number>) {
  return parseFilters(shape, values);
}
export type ProductFilter = ReturnType<typeof productFilter>;
