import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityLogRoutes } from './activity-logs/activity-logs.routes.js';
import { analyticsRoutes } from './analytics/analytics.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { bulkRoutes } from './bulk/bulk.routes.js';
import { cartRoutes } from './cart/cart.routes.js';
import { checkoutRoutes } from './checkout/checkout.routes.js';
import { couponRoutes } from './coupons/coupons.routes.js';
import { customerRoutes } from './customers/customers.routes.js';
import { exportRoutes } from './exports/exports.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { imageRoutes } from './images/images.routes.js';
import { importExportRoutes } from './imports/imports.routes.js';
import { inventoryRoutes } from './inventory/inventory.routes.js';
import { invitationRoutes } from './invitations/invitations.routes.js';
import { jobRoutes } from './jobs/jobs.js';
import { adminOrderRoutes } from './orders/admin-orders.routes.js';
import { orderRoutes } from './orders/orders.routes.js';
import { packingSlipRoutes } from './orders/packing-slips.js';
import { paymentRoutes } from './payments/payments.routes.js';
import { productAdminRoutes } from './products/products.admin.routes.js';
import { productReadRoutes } from './products/products.routes.js';
import { productStockRoutes } from './products/products.stock.routes.js';
import { profileRoutes } from './profile/profile.routes.js';
import { returnRoutes } from './returns/returns.routes.js';
import { savedViewRoutes } from './saved-views/saved-views.routes.js';
import { sessionRoutes } from './sessions/sessions.routes.js';
import { brandsRoutes, categoriesRoutes } from './taxonomy/taxonomy.routes.js';
import { twoFactorRoutes } from './two-factor/two-factor.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** Every feature's routes, registered under /api. */
export const apiModules: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  activityLogRoutes,
  analyticsRoutes,
  brandsRoutes,
  categoriesRoutes,
  checkoutRoutes,
  cartRoutes,
  couponRoutes,
  customerRoutes,
  imageRoutes,
  adminOrderRoutes,
  packingSlipRoutes,
  orderRoutes,
  returnRoutes,
  paymentRoutes,
  inventoryRoutes,
  productAdminRoutes,
  productReadRoutes,
  productStockRoutes,
  profileRoutes,
  usersRoutes,
  sessionRoutes,
  twoFactorRoutes,
  invitationRoutes,
  savedViewRoutes,
  bulkRoutes,
  importExportRoutes,
  exportRoutes,
  jobRoutes,
];
