import type { ContractGroup } from '../contract.js';
import { activityLogContracts } from './activity-logs.js';
import { analyticsContracts } from './analytics.js';
import { apiKeyContracts } from './api-keys.js';
import { authContracts } from './auth.js';
import { bulkContracts } from './bulk.js';
import { cartContracts } from './cart.js';
import { checkoutContracts } from './checkout.js';
import { couponContracts } from './coupons.js';
import { customerContracts } from './customers.js';
import { exportContracts } from './exports.js';
import { healthContracts } from './health.js';
import { imageContracts } from './images.js';
import { importExportContracts } from './imports.js';
import { inventoryContracts } from './inventory.js';
import { invitationContracts } from './invitations.js';
import { locationContracts } from './locations.js';
import { orderPaymentContracts } from './order-payments.js';
import { adminOrderContracts, orderContracts } from './orders.js';
import { packingSlipContracts } from './packing-slips.js';
import { paymentContracts } from './payments.js';
import { productStockContracts } from './product-stock.js';
import { productContracts } from './products.js';
import { profileContracts } from './profile.js';
import { queueJobContracts } from './queue-jobs.js';
import { returnContracts } from './returns.js';
import { reviewContracts } from './reviews.js';
import { savedViewContracts } from './saved-views.js';
import { sessionContracts, twoFactorContracts } from './staff-security.js';
import { stockAlertContracts } from './stock-alerts.js';
import { brandContracts, categoryContracts } from './taxonomy.js';
import { transferContracts } from './transfers.js';
import { userContracts } from './users.js';
import { webhookContracts } from './webhooks.js';
import { wishlistContracts } from './wishlist.js';

export * from './activity-logs.js';
export * from './analytics.js';
export * from './api-keys.js';
export * from './auth.js';
export * from './bulk.js';
export * from './cart.js';
export * from './checkout.js';
export * from './coupons.js';
export * from './customers.js';
export * from './exports.js';
export * from './health.js';
export * from './images.js';
export * from './imports.js';
export * from './inventory.js';
export * from './invitations.js';
export * from './locations.js';
export * from './order-payments.js';
export * from './orders.js';
export * from './packing-slips.js';
export * from './payments.js';
export * from './product-stock.js';
export * from './products.js';
export * from './profile.js';
export * from './queue-jobs.js';
export * from './returns.js';
export * from './reviews.js';
export * from './saved-views.js';
export * from './staff-security.js';
export * from './stock-alerts.js';
export * from './taxonomy.js';
export * from './transfers.js';
export * from './users.js';
export * from './webhooks.js';
export * from './wishlist.js';

/** Every feature's endpoint contracts: the server serves each one, and the contract test checks both ways. */
export const contractGroups: Record<string, ContractGroup> = {
  activityLogs: activityLogContracts,
  analytics: analyticsContracts,
  apiKeys: apiKeyContracts,
  auth: authContracts,
  coupons: couponContracts,
  customers: customerContracts,
  health: healthContracts,
  profile: profileContracts,
  users: userContracts,
  products: productContracts,
  productStock: productStockContracts,
  images: imageContracts,
  inventory: inventoryContracts,
  locations: locationContracts,
  orders: orderContracts,
  adminOrders: adminOrderContracts,
  orderPayments: orderPaymentContracts,
  packingSlips: packingSlipContracts,
  returns: returnContracts,
  reviews: reviewContracts,
  checkout: checkoutContracts,
  cart: cartContracts,
  categories: categoryContracts,
  brands: brandContracts,
  payments: paymentContracts,
  sessions: sessionContracts,
  twoFactor: twoFactorContracts,
  invitations: invitationContracts,
  savedViews: savedViewContracts,
  bulk: bulkContracts,
  importExport: importExportContracts,
  exports: exportContracts,
  queueJobs: queueJobContracts,
  webhooks: webhookContracts,
  wishlist: wishlistContracts,
  stockAlerts: stockAlertContracts,
  transfers: transferContracts,
};
