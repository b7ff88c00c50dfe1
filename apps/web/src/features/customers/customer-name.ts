import type { AdminCustomer } from '@seamline/shared';

export const fullName = (c: Pick<AdminCustomer, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim();
