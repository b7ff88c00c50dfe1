/**
 * React-query keys, one factory per area, so invalidation can target an area (`queryKeys.users.all`) or one list.
 * Features append their area here.
 */
export const queryKeys = {
  auth: { me: ['auth', 'me'] as const },
  area: (area: string) => [area] as const,
  list: (area: string, params: Record<string, unknown> = {}) => [area, 'list', params] as const,
  detail: (area: string, id: string) => [area, 'detail', id] as const,
};

/**
 * Roots of query keys that one feature's changes invalidate in another (stock changes on the inventory screen
 * refresh the product screens): the features' factories start their keys with these.
 */
export const catalogueQueryRoots = {
  products: ['products'] as const,
  inventory: ['inventory'] as const,
};
