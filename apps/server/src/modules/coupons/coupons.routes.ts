import {
  COUPON_TYPES,
  couponAnalyticsQuery,
  couponListQuery,
  createCouponBody,
  idParams,
  PAGE_SIZES,
  pageQuery,
  updateCouponBody,
  validateCouponBody,
} from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../lib/audit.js';
import { envelope, ok } from '../../lib/responses.js';
import { analyticsRange, couponAnalytics } from './coupon-analytics.js';
import { CouponsService, uniqueCouponCode } from './coupons.service.js';
import { checkCoupon } from './redemption.js';

const tags = ['coupons'];
const money = z.number();
const couponSchema = z.object({
  _id: z.string(),
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(COUPON_TYPES),
  value: money,
  usageLimit: z.number(),
  usedCount: z.number(),
  userUsageLimit: z.number(),
  isActive: z.boolean(),
  firstTimeUserOnly: z.boolean(),
  startDate: z.string(),
  endDate: z.string(),
  minOrderAmount: money.nullable(),
  maxDiscount: money.nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.string(),
});
/** Coupon answers are read at `data.data` (spec §7): the envelope's data holds `{ data: … }`. */
const wrapped = <T extends z.ZodType>(schema: T) => envelope(z.object({ data: schema }));
const params = idParams('coupon');
const validation = wrapped(
  z.object({
    valid: z.literal(true),
    code: z.string(),
    coupon: couponSchema.pick({ _id: true, code: true, name: true, type: true, value: true }),
    discount: money,
    freeShipping: z.boolean(),
  }),
);

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CouponsService(app.db);

  app.get(
    '/admin/coupons',
    {
      config: { access: 'couponsRead' },
      schema: {
        tags,
        querystring: couponListQuery.extend(pageQuery(PAGE_SIZES.coupons).shape),
        response: {
          200: envelope(
            z.object({
              data: z.array(couponSchema),
              pagination: z.object({
                page: z.number(),
                limit: z.number(),
                total: z.number(),
                pages: z.number(),
                totalPages: z.number(),
              }),
            }),
          ),
        },
      },
    },
    async (request) => ok(await service.list(request.query)),
  );

  app.get(
    '/admin/coupons/generate-code',
    {
      config: { access: 'couponsWrite' },
      schema: { tags, response: { 200: wrapped(z.object({ code: z.string() })) } },
    },
    async () => ok({ data: { code: await uniqueCouponCode(app.db) } }),
  );

  app.get(
    '/admin/coupons/analytics',
    { config: { access: 'couponsRead' }, schema: { tags, querystring: couponAnalyticsQuery } },
    async (request) => {
      const range = analyticsRange(request.query.startDate, request.query.endDate);
      return ok({ data: await couponAnalytics(app.db, range) });
    },
  );

  app.get(
    '/admin/coupons/:id',
    { config: { access: 'couponsRead' }, schema: { tags, params, response: { 200: wrapped(couponSchema) } } },
    async (request) => ok({ data: await service.get(request.params.id) }),
  );

  app.post(
    '/admin/coupons',
    {
      config: { access: 'couponsWrite' },
      schema: { tags, body: createCouponBody, response: { 201: wrapped(couponSchema) } },
    },
    async (request, reply) => {
      const coupon = await service.create(request.body, auditContext(request));
      return reply.status(201).send(ok({ data: coupon }, 'Coupon added successfully'));
    },
  );

  app.put(
    '/admin/coupons/:id',
    {
      config: { access: 'couponsWrite' },
      schema: { tags, params, body: updateCouponBody, response: { 200: wrapped(couponSchema) } },
    },
    async (request) =>
      ok(
        { data: await service.update(request.params.id, request.body, auditContext(request)) },
        'Coupon updated successfully',
      ),
  );

  app.delete(
    '/admin/coupons/:id',
    { config: { access: 'couponsWrite' }, schema: { tags, params } },
    async (request) => {
      await service.remove(request.params.id, auditContext(request));
      return { success: true as const, message: 'Coupon deleted successfully' };
    },
  );

  // Checkout: the customer comes from the token; a userId in the body is ignored.
  app.post(
    '/coupons/validate',
    { config: { access: 'authenticated' }, schema: { tags, body: validateCouponBody, response: { 200: validation } } },
    async (request) => ok({ data: await validate(request.body, request.user!.id) }),
  );

  app.post(
    '/public/coupons/validate',
    { config: { access: 'public' }, schema: { tags, body: validateCouponBody, response: { 200: validation } } },
    async (request) => ok({ data: await validate(request.body, null) }),
  );

  async function validate(body: { code: string; subtotal: number }, customerId: string | null) {
    const { coupon, discount, freeShipping } = await checkCoupon(app.db, {
      code: body.code,
      subtotal: body.subtotal,
      customerId,
    });
    const { id, code, name, type, value } = coupon;
    return { valid: true as const, code, coupon: { _id: id, code, name, type, value }, discount, freeShipping };
  }
};
