import type { Role } from './constants.js';

/**
 * Who may call what (docs/domain.md § API). Routes declare one of these lists; the web hides what a role cannot use.
 * admin: everything. moderator: catalogue, inventory, orders, coupons (read), customers (read), analytics, reviews.
 * support: orders, customers, read-only catalogue. Staff users and coupon/category/brand writes: admin only.
 */
export const ACCESS = {
  admin: ['admin'],
  staff: ['admin', 'moderator', 'support'],
  catalogueRead: ['admin', 'moderator', 'support'],
  catalogueWrite: ['admin', 'moderator'],
  inventory: ['admin', 'moderator'],
  orders: ['admin', 'moderator', 'support'],
  ordersDelete: ['admin'],
  couponsRead: ['admin', 'moderator'],
  couponsWrite: ['admin'],
  customersRead: ['admin', 'moderator', 'support'],
  customersWrite: ['admin', 'support'],
  /** Erasing a customer's personal data (GDPR Art. 17) cannot be undone: admins only. */
  customersErase: ['admin'],
  analytics: ['admin', 'moderator'],
  usersRead: ['admin', 'moderator', 'support'],
  usersWrite: ['admin'],
  taxonomyWrite: ['admin'],
  activityLogs: ['admin'],
  /** Webhooks, API keys and the job queue (Settings): admins only. */
  integrations: ['admin'],
  /** Review moderation (approve, reject, hide, reply). */
  reviews: ['admin', 'moderator'],
  customer: ['customer'],
} as const satisfies Record<string, readonly Role[]>;
export type AccessRule = keyof typeof ACCESS;

export function can(role: Role | undefined, rule: AccessRule): boolean {
  return role !== undefined && (ACCESS[rule] as readonly Role[]).includes(role);
}
