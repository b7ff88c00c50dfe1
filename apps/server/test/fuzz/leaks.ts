/** Fields only staff may see (DESIGN §7): cost, stock internals, sales counts and who created a record. */
export const STAFF_ONLY_FIELDS: readonly string[] = [
  'costPrice',
  'reserved',
  'reservedStock',
  'lowStockThreshold',
  'totalStock',
  'salesCount',
  'createdBy',
];

/** Per-variant stock lists of a product answer, where a raw `quantity` is a stock internal. */
const VARIANT_LISTS = new Set(['inventory', 'variants']);

/** Paths (like `data.products[0].costPrice`) of staff-only fields anywhere in a JSON answer. */
export function staffFieldsIn(value: unknown, path = '', parentKey = ''): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => staffFieldsIn(item, `${path}[${index}]`, parentKey));
  }
  if (!value || typeof value !== 'object') return [];
  const found: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (STAFF_ONLY_FIELDS.includes(key)) found.push(here);
    else if (key === 'quantity' && VARIANT_LISTS.has(parentKey)) found.push(here);
    found.push(...staffFieldsIn(child, here, key));
  }
  return found;
}
