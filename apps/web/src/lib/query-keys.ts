/**
 * Roots of query keys that one feature's changes invalidate in another (stock changes on the inventory screen
 * refresh the product screens): the features' factories start their keys with these.
 */
export const catalogueQueryRoots = {
  products: ['products'] as const,
  inventory: ['inventory'] as const,
};
