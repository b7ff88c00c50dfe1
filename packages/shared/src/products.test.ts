import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES, productInput, slugify, splitList } from './products.js';
import { stockChangeInput } from './stock-inputs.js';

const valid = {
  name: 'Linen Shirt',
  sku: 'LIN-1',
  category: 'Men',
  subcategory: 'Shirts',
  brand: 'Coastline',
  price: 10,
};

describe('product rules', () => {
  it('splits comma-separated lists, trimmed, empties dropped', () => {
    expect(splitList(' linen, summer ,, ')).toEqual(['linen', 'summer']);
    expect(splitList(['a, b', ' ', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('makes slugs of lowercase words joined by hyphens', () => {
    expect(slugify('  Classic Tee – Navy Édition! ')).toBe('classic-tee-navy-edition');
    expect(slugify('***')).toBe('');
  });

  it('trims values and fills the defaults of the form', () => {
    const parsed = productInput.parse({
      ...valid,
      name: '  Linen Shirt ',
      tags: 'a, ,b',
      inventory: [{ size: 'M', color: 'Red', quantity: 2 }],
    });
    expect(parsed.name).toBe('Linen Shirt');
    expect(parsed.tags).toEqual(['a', 'b']);
    expect(parsed.inventory[0]).toMatchObject({ lowStockThreshold: 5 });
    expect(parsed).toMatchObject({ description: '', comparePrice: 0, isActive: true, seo: { keywords: [], slug: '' } });
  });

  it('gives the spec messages', () => {
    const message = (input: Record<string, unknown>) =>
      productInput.safeParse({ ...valid, ...input }).error?.issues[0]?.message;
    expect(message({ name: '' })).toBe(PRODUCT_MESSAGES.nameRequired);
    expect(message({ name: 'ab' })).toBe(PRODUCT_MESSAGES.nameLength);
    expect(message({ sku: 'x'.repeat(51) })).toBe(PRODUCT_MESSAGES.skuLength);
    expect(message({ description: 'short' })).toBe(PRODUCT_MESSAGES.descriptionLength);
    expect(message({ price: 0 })).toBe('Price must be greater than 0.');
    expect(message({ weight: -1 })).toBe('Weight cannot be negative.');
    expect(stockChangeInput.safeParse({ size: 'M', color: '', quantity: 1 }).error?.issues[0]?.message).toBe(
      'Please select both size and color, and enter a valid quantity',
    );
  });
});
