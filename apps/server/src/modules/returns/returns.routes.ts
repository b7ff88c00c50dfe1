import { returnContracts as contracts, orderContracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { ReturnsService } from './returns.service.js';

/** Returns: customers ask (and follow their requests), staff list, approve or decline. */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const returns = new ReturnsService(app.db, app.payments);

  serve(app, orderContracts.requestRefund, async (request) =>
    ok(
      await returns.request(request.params.id, request.body, request.user!, auditContext(request)),
      'Refund request received',
    ),
  );

  serve(app, contracts.listForOrder, async (request) =>
    ok({ returns: await returns.forOrder(request.params.id, request.user!) }),
  );

  serve(app, contracts.list, async (request) => ok(await returns.list(request.query)));

  serve(app, contracts.openCount, async () => ok({ count: await returns.openCount() }));

  serve(app, contracts.approve, async (request) =>
    ok(await returns.approve(request.params.id, request.body, request.user!, auditContext(request)), 'Return approved'),
  );

  serve(app, contracts.decline, async (request) =>
    ok(
      await returns.decline(request.params.id, request.body.reason, request.user!, auditContext(request)),
      'Return declined',
    ),
  );
};
