import { buildOrder } from '../customer-factories.js';
import { call } from '../harness.js';
import { type CoverageContext, dataOf, type Scenario, type ScenarioTable } from './types.js';

/** A delivered, paid order (paid outside the provider) with a return asked for by staff. */
async function openReturn(ctx: CoverageContext, token: string) {
  const order = await buildOrder(ctx.app.db, { customerId: null, total: 45, status: 'delivered' });
  const asked = await call(ctx.app, 'POST', `/api/orders/${order.id}/refund`, { token, body: { reason: 'Torn' } });
  return { order, returnId: dataOf<{ refundRequest: { id: string } }>(asked).refundRequest.id };
}

/** Staff approve a return: one `approve_return` row on the order, with its payment status change. */
const approve: Scenario = async (ctx) => {
  const support = await ctx.staff('support');
  const { order, returnId } = await openReturn(ctx, support.token);
  return {
    call: () =>
      call(ctx.app, 'POST', `/api/admin/returns/${returnId}/approve`, {
        token: support.token,
        body: { refundAmount: 20 },
      }),
    expected: () => ({
      userId: support.user.id,
      action: 'approve_return',
      resource: 'order',
      resourceId: order.id,
      changes: ['returnStatus', 'paymentStatus'],
    }),
  };
};

/** Staff decline a return: one `decline_return` row on the order, with the reason. */
const decline: Scenario = async (ctx) => {
  const moderator = await ctx.staff('moderator');
  const { order, returnId } = await openReturn(ctx, moderator.token);
  return {
    call: () =>
      call(ctx.app, 'POST', `/api/admin/returns/${returnId}/decline`, {
        token: moderator.token,
        body: { reason: 'Worn' },
      }),
    expected: () => ({
      userId: moderator.user.id,
      action: 'decline_return',
      resource: 'order',
      resourceId: order.id,
      changes: ['returnStatus', 'declineReason'],
    }),
  };
};

/** Returns: staff decisions (the request itself is in orders.ts). */
export const returnsScenarios: ScenarioTable = {
  'POST /api/admin/returns/:id/approve': approve,
  'POST /api/admin/returns/:id/decline': decline,
};
