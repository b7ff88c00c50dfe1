import { couponContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { analyticsRange, couponAnalytics } from './coupon-analytics.js';
import { CouponsService, uniqueCouponCode } from './coupons.service.js';

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CouponsService(app.db);

  serve(app, contracts.list, async (request) => ok(await service.list(request.query)));

  serve(app, contracts.generateCode, async () => ok({ data: { code: await uniqueCouponCode(app.db) } }));

  serve(app, contracts.analytics, async (request) => {
    const range = analyticsRange(request.query.startDate, request.query.endDate);
    return ok({ data: await couponAnalytics(app.db, range) });
  });

  serve(app, contracts.get, async (request) => ok({ data: await service.get(request.params.id) }));

  serve(app, contracts.create, async (request, reply) => {
    const coupon = await service.create(request.body, auditContext(request));
    return reply.status(201).send(ok({ data: coupon }, 'Coupon added successfully'));
  });

  serve(app, contracts.update, async (request) =>
    ok(
      { data: await service.update(request.params.id, request.body, auditContext(request)) },
      'Coupon updated successfully',
    ),
  );

  serve(app, contracts.remove, async (request) => {
    await service.remove(request.params.id, auditContext(request));
    return { success: true as const, message: 'Coupon deleted successfully' };
  });

  // Checkout: the customer comes from the token; a userId in the body is ignored.
  serve(app, contracts.validate, async (request) =>
    ok({ data: await service.validate(request.body, request.user!.id) }),
  );

  serve(app, contracts.validatePublic, async (request) => ok({ data: await service.validate(request.body, null) }));
};
