/**
 * Roots of query keys that one feature's changes invalidate in another (stock changes on the inventory screen
 * refresh the product screens): the features' factories start their keys with these.
 */
export const catalogueQueryRoots = {
  products: ['products'] as const,
  inventory: ['inventory'] as const,
};

/** The orders area's root (every order change invalidates it) and the open-returns badge under it. */
export const orderQueryRoots = {
  orders: ['orders'] as const,
  openReturns: ['orders', 'returns', 'open-count'] as const,
};
