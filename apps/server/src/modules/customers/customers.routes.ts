import {
  adminCustomer,
  customerDetail,
  customerListQuery,
  customerStatusInput,
  customerUpdateInput,
  idParams,
} from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../lib/audit.js';
import { envelope, ok } from '../../lib/responses.js';
import { CustomersService } from './customers.service.js';

const tags = ['customers'];
const pageInfo = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  pages: z.number(),
  totalPages: z.number(),
});
const params = idParams('customer');

/** Back-office customer management (DESIGN §3 paths): staff read, admin and support write. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const customers = new CustomersService(app.db);

  app.get(
    '/admin/customers',
    {
      config: { access: 'customersRead' },
      schema: {
        tags,
        querystring: customerListQuery,
        response: { 200: envelope(z.object({ users: z.array(adminCustomer), pagination: pageInfo })) },
      },
    },
    async (request) => ok(await customers.list(request.query), 'Customers retrieved successfully'),
  );

  app.get(
    '/admin/customers/:id',
    {
      config: { access: 'customersRead' },
      schema: { tags, params, response: { 200: envelope(customerDetail) } },
    },
    async (request) => ok(await customers.get(request.params.id)),
  );

  app.put(
    '/admin/customers/:id',
    {
      config: { access: 'customersWrite' },
      schema: {
        tags,
        params,
        body: customerUpdateInput,
        response: { 200: envelope(z.object({ user: adminCustomer })) },
      },
    },
    async (request) => {
      const user = await customers.update(request.params.id, request.body, auditContext(request));
      return ok({ user }, 'Customer updated successfully');
    },
  );

  app.put(
    '/admin/customers/:id/status',
    {
      config: { access: 'customersWrite' },
      schema: {
        tags,
        params,
        body: customerStatusInput,
        response: { 200: envelope(z.object({ user: adminCustomer })) },
      },
    },
    async (request) => {
      const user = await customers.setStatus(request.params.id, request.body, auditContext(request));
      return ok({ user }, user.isActive ? 'Customer activated successfully' : 'Customer deactivated successfully');
    },
  );
};
