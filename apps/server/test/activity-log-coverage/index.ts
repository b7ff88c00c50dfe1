import { apiKeysScenarios } from './api-keys.js';
import { authScenarios } from './auth.js';
import { bulkScenarios } from './bulk.js';
import { couponsScenarios } from './coupons.js';
import { customersScenarios } from './customers.js';
import { importScenarios } from './imports.js';
import { invitationsScenarios } from './invitations.js';
import { locationsScenarios } from './locations.js';
import { ordersScenarios } from './orders.js';
import { productsScenarios } from './products.js';
import { queueJobsScenarios } from './queue-jobs.js';
import { returnsScenarios } from './returns.js';
import { reviewsScenarios } from './reviews.js';
import { savedViewsScenarios } from './saved-views.js';
import { securityScenarios } from './security.js';
import { stockAlertScenarios } from './stock-alerts.js';
import { taxonomyScenarios } from './taxonomy.js';
import { transfersScenarios } from './transfers.js';
import type { ScenarioTable } from './types.js';
import { usersScenarios } from './users.js';
import { webhooksScenarios } from './webhooks.js';

/**
 * One scenario per mutating route staff can call, one file per feature. A new route without an entry here
 * fails coverage.test.ts.
 */
export const scenarios: ScenarioTable = {
  ...authScenarios,
  ...usersScenarios,
  ...taxonomyScenarios,
  ...productsScenarios,
  ...ordersScenarios,
  ...returnsScenarios,
  ...reviewsScenarios,
  ...customersScenarios,
  ...couponsScenarios,
  ...locationsScenarios,
  ...transfersScenarios,
  ...securityScenarios,
  ...invitationsScenarios,
  ...savedViewsScenarios,
  ...bulkScenarios,
  ...importScenarios,
  ...apiKeysScenarios,
  ...queueJobsScenarios,
  ...webhooksScenarios,
  ...stockAlertScenarios,
};
