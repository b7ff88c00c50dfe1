import { customerContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { CustomersService } from './customers.service.js';

/** Back-office customer management (docs/domain.md § API paths): staff read, admin and support write, admins erase. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const customers = new CustomersService(app.db);

  serve(app, contracts.list, async (request) =>
    ok(await customers.list(request.query), 'Customers retrieved successfully'),
  );

  serve(app, contracts.get, async (request) => ok(await customers.get(request.params.id)));

  serve(app, contracts.update, async (request) => {
    const user = await customers.update(request.params.id, request.body, auditContext(request));
    return ok({ user }, 'Customer updated successfully');
  });

  serve(app, contracts.setStatus, async (request) => {
    const user = await customers.setStatus(request.params.id, request.body, auditContext(request));
    return ok({ user }, user.isActive ? 'Customer activated successfully' : 'Customer deactivated successfully');
  });

  serve(app, contracts.erase, async (request) => {
    await customers.erase(request.params.id, auditContext(request));
    return { success: true as const, message: 'Customer data erased successfully' };
  });
};
