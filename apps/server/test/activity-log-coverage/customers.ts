import { buildUser } from '../factories.js';
import { call } from '../harness.js';
import type { ScenarioTable } from './types.js';

/**
 * Staff managing customer accounts (admin, support). The storefront profile routes are for customers only, so staff
 * cannot call them and they need no entry.
 */
export const customersScenarios: ScenarioTable = {
  'PUT /api/admin/customers/:id': async ({ app, staff }) => {
    const support = await staff('support');
    const customer = await buildUser(app.db, { role: 'customer', firstName: 'Ann', lastName: 'Lee', phone: null });
    return {
      call: () =>
        call(app, 'PUT', `/api/admin/customers/${customer.id}`, {
          token: support.token,
          body: { firstName: 'Annabel', lastName: 'Lee', phone: '5550101010' },
        }),
      expected: () => ({
        userId: support.user.id,
        action: 'update',
        resource: 'customer',
        resourceId: customer.id,
        changes: ['firstName', 'phone'],
      }),
    };
  },
  'PUT /api/admin/customers/:id/status': async ({ app, staff }) => {
    const admin = await staff('admin');
    const customer = await buildUser(app.db, { role: 'customer' });
    return {
      call: () =>
        call(app, 'PUT', `/api/admin/customers/${customer.id}/status`, {
          token: admin.token,
          body: { isActive: false },
        }),
      expected: () => ({
        userId: admin.user.id,
        action: 'update_status',
        resource: 'customer',
        resourceId: customer.id,
        changes: ['isActive'],
      }),
    };
  },
  'DELETE /api/admin/customers/:id': async ({ app, staff }) => {
    const admin = await staff('admin');
    const customer = await buildUser(app.db, { role: 'customer', phone: '5550102020' });
    return {
      call: () => call(app, 'DELETE', `/api/admin/customers/${customer.id}`, { token: admin.token }),
      expected: () => ({ userId: admin.user.id, action: 'erase', resource: 'customer', resourceId: customer.id }),
      // The entry names the erased account by its id only.
      secrets: [customer.email, customer.lastName, '5550102020'],
    };
  },
};
