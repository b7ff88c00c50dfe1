/** The demo catalogue's taxonomy: categories with subcategories, brands, size sets (the products: demo-products.ts). */

export type GarmentShape =
  | 'tshirt'
  | 'shirt'
  | 'hoodie'
  | 'jacket'
  | 'pants'
  | 'shorts'
  | 'dress'
  | 'skirt'
  | 'shoe'
  | 'bag'
  | 'cap'
  | 'scarf';

export const DEMO_CATEGORIES = [
  {
    name: 'Men',
    description: "Everyday essentials and smart pieces for men's wardrobes.",
    subcategories: ['T-Shirts', 'Shirts', 'Jeans', 'Jackets', 'Hoodies'],
    shape: 'shirt',
    color: '#1e3a8a',
  },
  {
    name: 'Women',
    description: 'Dresses, tops, skirts and outerwear for every season.',
    subcategories: ['Dresses', 'Tops', 'Skirts', 'Jeans', 'Coats'],
    shape: 'dress',
    color: '#be185d',
  },
  {
    name: 'Kids',
    description: 'Durable, comfortable clothes for active children.',
    subcategories: ['T-Shirts', 'Hoodies', 'Shorts', 'Dresses'],
    shape: 'tshirt',
    color: '#f59e0b',
  },
  {
    name: 'Accessories',
    description: 'Bags, caps and scarves that finish an outfit.',
    subcategories: ['Bags', 'Caps', 'Scarves'],
    shape: 'bag',
    color: '#7c2d12',
  },
  {
    name: 'Shoes',
    description: 'Sneakers, boots and loafers built for comfort.',
    subcategories: ['Sneakers', 'Boots', 'Loafers'],
    shape: 'shoe',
    color: '#374151',
  },
  {
    name: 'Sportswear',
    description: 'Performance wear for training, running and the outdoors.',
    subcategories: ['Running', 'Training', 'Outdoor'],
    shape: 'hoodie',
    color: '#047857',
  },
] as const satisfies readonly {
  name: string;
  description: string;
  subcategories: readonly string[];
  shape: GarmentShape;
  color: string;
}[];
export type DemoCategory = (typeof DEMO_CATEGORIES)[number]['name'];

export const DEMO_BRANDS = [
  { name: 'Northwind Apparel', description: 'Timeless basics made from organic cotton.', color: '#1d4ed8' },
  { name: 'Urban Thread', description: 'Streetwear with clean lines and bold details.', color: '#111827' },
  { name: 'Coastline', description: 'Relaxed linen and light fabrics for warm days.', color: '#0891b2' },
  { name: 'Peak Performance', description: 'Technical sportswear tested on trails and tracks.', color: '#15803d' },
  { name: 'Little Sprouts', description: 'Playful, hard-wearing clothes for kids.', color: '#f97316' },
  { name: 'Atelier Rose', description: 'Feminine tailoring and flowing dresses.', color: '#db2777' },
  { name: 'Heritage Denim Co.', description: 'Selvedge denim cut and sewn the traditional way.', color: '#1e40af' },
  { name: 'Stride Footwear', description: 'Cushioned footwear for city miles.', color: '#4b5563' },
  { name: 'Luxe Leather', description: 'Full-grain leather goods that age beautifully.', color: '#92400e' },
].map((b) => ({ ...b, website: `https://www.${b.name.toLowerCase().replace(/[^a-z]+/g, '')}.example.com` }));
export type DemoBrand = (typeof DEMO_BRANDS)[number]['name'];

export type SizeSet = 'apparel' | 'kids' | 'shoes' | 'one';

export const SIZE_SETS: Record<SizeSet, string[]> = {
  apparel: ['S', 'M', 'L', 'XL'],
  kids: ['XS', 'S', 'M'],
  shoes: ['S', 'M', 'L', 'XL'],
  one: ['One Size'],
};

/** Swatch colors for the generated images: the storefront's swatches (packages/shared). */
export { COLOR_HEX } from '@seamline/shared';
