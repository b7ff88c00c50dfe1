import type { ContractGroup } from '../contract.js';
import { couponContracts } from './coupons.js';

export * from './coupons.js';

/** Every feature's endpoint contracts: the server serves each one, and the contract test checks both ways. */
export const contractGroups: Record<string, ContractGroup> = {
  coupons: couponContracts,
};
