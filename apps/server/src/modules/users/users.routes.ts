import { userContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { UsersService } from './users.service.js';

/** Staff user management (the specification: "Admin users"): staff may read, only admins write. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new UsersService(app.db);

  serve(app, contracts.list, async (request) => ok(await service.list(request.query)));

  serve(app, contracts.get, async (request) => ok({ user: await service.get(request.params.id) }));

  serve(app, contracts.create, async (request, reply) => {
    const user = await service.create(request.body, auditContext(request));
    return reply.status(201).send(ok({ user }, 'User created successfully'));
  });

  serve(app, contracts.updateStatus, async (request) => {
    const { user, deactivated } = await service.updateStatus(request.params.id, request.body, auditContext(request));
    const message = deactivated
      ? `${user.firstName} ${user.lastName} deactivated successfully`
      : 'User updated successfully';
    return ok({ user }, message);
  });
};
