import { buildOrder } from '../customer-factories.js';
import { buildProduct, signedIn } from '../factories.js';
import { call } from '../harness.js';
import type { CoverageContext, Scenario, ScenarioTable } from './types.js';

/** A pending review of a new product by a customer who received it. */
async function pendingReview(ctx: CoverageContext) {
  const { product } = await buildProduct(ctx.app.db);
  const buyer = await signedIn(ctx.app, 'customer');
  await buildOrder(ctx.app.db, {
    customerId: buyer.user.id,
    total: 25,
    items: [{ productId: product.id, price: 25, quantity: 1 }],
  });
  const written = await call(ctx.app, 'POST', `/api/products/${product.id}/reviews`, {
    token: buyer.token,
    body: { rating: 4, title: 'Good', body: 'Fits well.' },
  });
  return written.body.data.review.id as string;
}

/** A moderator's step on one review: one `<step>_review` row with the status change. */
const step =
  (name: 'approve' | 'reject' | 'hide'): Scenario =>
  async (ctx) => {
    const moderator = await ctx.staff('moderator');
    const id = await pendingReview(ctx);
    return {
      call: () =>
        call(ctx.app, 'POST', `/api/admin/reviews/${id}/${name}`, {
          token: moderator.token,
          ...(name === 'reject' ? { body: { reason: 'Off topic' } } : {}),
        }),
      expected: () => ({
        userId: moderator.user.id,
        action: `${name}_review`,
        resource: 'review',
        resourceId: id,
        changes: ['status'],
      }),
    };
  };

export const reviewsScenarios: ScenarioTable = {
  'POST /api/admin/reviews/:id/approve': step('approve'),
  'POST /api/admin/reviews/:id/reject': step('reject'),
  'POST /api/admin/reviews/:id/hide': step('hide'),
  'POST /api/admin/reviews/:id/reply': async (ctx) => {
    const admin = await ctx.staff('admin');
    const id = await pendingReview(ctx);
    return {
      call: () =>
        call(ctx.app, 'POST', `/api/admin/reviews/${id}/reply`, { token: admin.token, body: { reply: 'Thanks!' } }),
      expected: () => ({
        userId: admin.user.id,
        action: 'reply_review',
        resource: 'review',
        resourceId: id,
        changes: ['storeReply'],
      }),
    };
  },
  'POST /api/admin/reviews/bulk': async (ctx) => {
    const moderator = await ctx.staff('moderator');
    const id = await pendingReview(ctx);
    return {
      call: () =>
        call(ctx.app, 'POST', '/api/admin/reviews/bulk', {
          token: moderator.token,
          body: { ids: [id], action: 'approve' },
        }),
      expected: () => ({
        userId: moderator.user.id,
        action: 'approve_review',
        resource: 'review',
        resourceId: id,
        changes: ['status'],
      }),
    };
  },
};
