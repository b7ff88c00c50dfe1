import { call } from '../harness.js';
import { type CoverageContext, dataOf, type ScenarioTable } from './types.js';

const DAY = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

let seq = 0;
function couponBody(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Coverage coupon ${seq}`,
    description: 'Made by the coverage test',
    type: 'percentage',
    value: 10,
    usageLimit: 100,
    userUsageLimit: 1,
    isActive: true,
    firstTimeUserOnly: false,
    startDate: isoDay(-1),
    endDate: isoDay(10),
    ...overrides,
  };
}

/** A coupon made by an admin through the API (its own create row is written before the snapshot). */
async function existingCoupon(ctx: CoverageContext, token: string): Promise<string> {
  const response = await call(ctx.app, 'POST', '/api/admin/coupons', { token, body: couponBody() });
  return dataOf<{ data: { id: string } }>(response).data.id;
}

const VALIDATE = 'checks a code against a cart subtotal; stores nothing';

/** Coupons (admin writes) and the storefront's coupon check. */
export const couponsScenarios: ScenarioTable = {
  'POST /api/admin/coupons': async (ctx) => {
    const admin = await ctx.staff('admin');
    const body = couponBody();
    return {
      call: () => call(ctx.app, 'POST', '/api/admin/coupons', { token: admin.token, body }),
      expected: (res) => ({
        userId: admin.user.id,
        action: 'create',
        resource: 'coupon',
        resourceId: dataOf<{ data: { id: string } }>(res).data.id,
        changes: ['name', 'value'],
      }),
    };
  },
  'PUT /api/admin/coupons/:id': async (ctx) => {
    const admin = await ctx.staff('admin');
    const id = await existingCoupon(ctx, admin.token);
    return {
      call: () =>
        call(ctx.app, 'PUT', `/api/admin/coupons/${id}`, {
          token: admin.token,
          body: couponBody({ value: 25 }),
        }),
      expected: () => ({
        userId: admin.user.id,
        action: 'update',
        resource: 'coupon',
        resourceId: id,
        changes: ['name', 'value'],
      }),
    };
  },
  'DELETE /api/admin/coupons/:id': async (ctx) => {
    const admin = await ctx.staff('admin');
    const id = await existingCoupon(ctx, admin.token);
    return {
      call: () => call(ctx.app, 'DELETE', `/api/admin/coupons/${id}`, { token: admin.token }),
      expected: () => ({ userId: admin.user.id, action: 'delete', resource: 'coupon', resourceId: id }),
    };
  },
  'POST /api/coupons/validate': { notLogged: VALIDATE },
  'POST /api/public/coupons/validate': { notLogged: VALIDATE },
};
