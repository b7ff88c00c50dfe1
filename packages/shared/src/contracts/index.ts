import type { ContractGroup } from '../contract.js';
import { activityLogContracts } from './activity-logs.js';
import { analyticsContracts } from './analytics.js';
import { couponContracts } from './coupons.js';

export * from './activity-logs.js';
export * from './analytics.js';
export * from './coupons.js';

/** Every feature's endpoint contracts: the server serves each one, and the contract test checks both ways. */
export const contractGroups: Record<string, ContractGroup> = {
  activityLogs: activityLogContracts,
  analytics: analyticsContracts,
  coupons: couponContracts,
};
