import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityLogRoutes } from './activity-logs/index.js';
import { analyticsRoutes } from './analytics/index.js';
import { apiKeyRoutes } from './api-keys/index.js';
import { authRoutes } from './auth/index.js';
import { bulkRoutes } from './bulk/index.js';
import { cartRoutes } from './cart/index.js';
import { checkoutRoutes } from './checkout/index.js';
import { couponRoutes } from './coupons/index.js';
import { customerRoutes, recordCustomerUpdated } from './customers/index.js';
import { exportRoutes } from './exports/index.js';
import { healthRoutes } from './health/index.js';
import { imageRoutes } from './images/index.js';
import { importExportRoutes } from './imports/index.js';
import { inventoryRoutes } from './inventory/index.js';
import { invitationRoutes } from './invitations/index.js';
import { jobRoutes } from './jobs/index.js';
import { locationRoutes } from './locations/index.js';
import {
  adminOrderRoutes,
  confirmPayment,
  orderPaymentRoutes,
  orderRoutes,
  packingSlipRoutes,
  settleProviderEvent,
} from './orders/index.js';
import { paymentRoutes, paymentSettingsRoutes, paymentSettlementRoutes } from './payments/index.js';
import { productAdminRoutes, productReadRoutes, productStockRoutes } from './products/index.js';
import { profileRoutes } from './profile/index.js';
import { queueJobRoutes } from './queue-jobs/index.js';
import { returnRoutes } from './returns/index.js';
import { reviewRoutes } from './reviews/index.js';
import { savedViewRoutes } from './saved-views/index.js';
import { sessionRoutes } from './sessions/index.js';
import { stockAlertRoutes } from './stock-alerts/index.js';
import { brandsRoutes, categoriesRoutes } from './taxonomy/index.js';
import { transferRoutes } from './transfers/index.js';
import { twoFactorRoutes } from './two-factor/index.js';
import { usersRoutes } from './users/index.js';
import { webhookRoutes } from './webhooks/index.js';
import { wishlistRoutes } from './wishlist/index.js';

/** Every feature's routes, registered under /api. */
export const apiModules: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  activityLogRoutes,
  analyticsRoutes,
  apiKeyRoutes,
  brandsRoutes,
  categoriesRoutes,
  checkoutRoutes,
  cartRoutes,
  couponRoutes,
  customerRoutes,
  imageRoutes,
  adminOrderRoutes,
  orderPaymentRoutes,
  packingSlipRoutes,
  orderRoutes,
  returnRoutes,
  reviewRoutes,
  // POST /payments/confirm is served by payments; what paying does to the order is the orders module's.
  paymentRoutes(confirmPayment),
  // Provider webhooks and reconciliation, served by payments; what a settled payment does is the orders module's.
  paymentSettlementRoutes(settleProviderEvent),
  paymentSettingsRoutes,
  inventoryRoutes,
  locationRoutes,
  productAdminRoutes,
  productReadRoutes,
  productStockRoutes,
  // A customer's own profile edit or erasure is recorded as the customers module records a customer's change.
  profileRoutes(recordCustomerUpdated),
  usersRoutes,
  sessionRoutes,
  twoFactorRoutes,
  invitationRoutes,
  savedViewRoutes,
  bulkRoutes,
  importExportRoutes,
  exportRoutes,
  jobRoutes,
  queueJobRoutes,
  webhookRoutes,
  wishlistRoutes,
  stockAlertRoutes,
  transferRoutes,
];
