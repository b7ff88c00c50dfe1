import { newInventoryRow, type ProductData, type ProductInput, type ProductView, productInput } from '@seamline/shared';

/** The Add/Edit form works on the shared schema's input (tags and keywords as comma-separated text). */
export type ProductFormValues = ProductInput;
export type ProductFormOutput = ProductData;
export const productFormSchema = productInput;

export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    sku: '',
    description: '',
    category: '',
    subcategory: '',
    brand: '',
    price: 0,
    comparePrice: 0,
    costPrice: 0,
    salePrice: null,
    weight: 0,
    dimensions: { length: 0, width: 0, height: 0 },
    seo: { title: '', description: '', keywords: '', slug: '' },
    tags: '',
    isActive: true,
    isFeatured: false,
    isTikTokTrending: false,
    inventory: [newInventoryRow()],
    images: [],
  };
}

export function productToForm(product: ProductView): ProductFormValues {
  return {
    name: product.name,
    sku: product.sku,
    description: product.description,
    category: product.category,
    subcategory: product.subcategory,
    brand: product.brand,
    price: product.price,
    comparePrice: product.comparePrice,
    costPrice: product.costPrice,
    salePrice: product.salePrice,
    weight: product.weight,
    dimensions: { ...product.dimensions },
    seo: {
      title: product.seo.title,
      description: product.seo.description,
      keywords: product.seo.keywords.join(', '),
      slug: product.seo.slug,
    },
    tags: product.tags.join(', '),
    isActive: product.isActive,
    isFeatured: product.isFeatured,
    isTikTokTrending: product.isTikTokTrending,
    inventory: product.inventory.map(({ size, color, quantity, lowStockThreshold, reserved }) => ({
      size,
      color,
      quantity,
      lowStockThreshold,
      reserved,
    })),
    images: product.images.map((image) => ({ ...image })),
  };
}
