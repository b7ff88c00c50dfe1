import type { FastifyInstance } from 'fastify';
import { buildProduct, buildUser } from '../factories.js';
import { call } from '../harness.js';
import { waitForJob } from '../jobs.js';
import { placeOrder } from '../orders.js';
import type { ScenarioTable } from './types.js';

/** Queues the bulk job and waits for it to end: the rows are written by the job. Answers the 202. */
async function bulkJob(app: FastifyInstance, token: string, url: string, body: unknown) {
  const started = await call(app, 'POST', url, { token, body });
  if (started.status === 202) await waitForJob(app, token, started.body.data.job.id);
  return started;
}

/** Bulk actions write one row per changed object: with one object selected, exactly one. */
export const bulkScenarios: ScenarioTable = {
  'POST /api/admin/products/bulk': async ({ app, staff }) => {
    const moderator = await staff('moderator');
    const { product } = await buildProduct(app.db, { price: 20 });
    return {
      call: () =>
        bulkJob(app, moderator.token, '/api/admin/products/bulk', {
          selection: { ids: [product.id] },
          action: { type: 'adjust_price', adjustment: { mode: 'amount', value: 5 } },
        }),
      expected: () => ({
        userId: moderator.user.id,
        action: 'update',
        resource: 'product',
        resourceId: product.id,
        changes: ['price'],
      }),
    };
  },
  'POST /api/admin/orders/bulk/status': async ({ app, staff }) => {
    const support = await staff('support');
    const customer = await staff('customer');
    const { product } = await buildProduct(app.db);
    const order = await placeOrder(app, customer.token, [
      { productId: product.id, size: 'M', color: 'Black', quantity: 1 },
    ]);
    return {
      call: () =>
        bulkJob(app, support.token, '/api/admin/orders/bulk/status', {
          selection: { ids: [order.id] },
          status: 'confirmed',
        }),
      expected: () => ({
        userId: support.user.id,
        action: 'update_status',
        resource: 'order',
        resourceId: order.id,
        changes: ['status'],
      }),
    };
  },
  'POST /api/admin/customers/bulk/status': async ({ app, staff }) => {
    const admin = await staff('admin');
    const customer = await buildUser(app.db, { role: 'customer' });
    return {
      call: () =>
        bulkJob(app, admin.token, '/api/admin/customers/bulk/status', {
          selection: { ids: [customer.id] },
          isActive: false,
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
};
