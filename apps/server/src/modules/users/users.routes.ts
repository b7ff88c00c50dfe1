import {
  createUserInput,
  idParams,
  listUsersQuery,
  publicUser,
  updateUserStatusInput,
  userListData,
} from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../lib/audit.js';
import { envelope, ok } from '../../lib/responses.js';
import { UsersService } from './users.service.js';

const userEnvelope = envelope(z.object({ user: publicUser }));
const tags = ['users'];
const params = idParams('user');

/** Staff user management (spec part 1 §7 "Admin users"): staff may read, only admins write. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new UsersService(app.db);

  app.get(
    '/admin/users',
    {
      config: { access: 'usersRead' },
      schema: { tags, querystring: listUsersQuery, response: { 200: envelope(userListData) } },
    },
    async (request) => ok(await service.list(request.query)),
  );

  app.get(
    '/admin/users/:id',
    { config: { access: 'usersRead' }, schema: { tags, params, response: { 200: userEnvelope } } },
    async (request) => ok({ user: await service.get(request.params.id) }),
  );

  app.post(
    '/admin/users',
    { config: { access: 'usersWrite' }, schema: { tags, body: createUserInput, response: { 201: userEnvelope } } },
    async (request, reply) => {
      const user = await service.create(request.body, auditContext(request));
      return reply.status(201).send(ok({ user }, 'User created successfully'));
    },
  );

  app.put(
    '/admin/users/:id/status',
    {
      config: { access: 'usersWrite' },
      schema: { tags, params, body: updateUserStatusInput, response: { 200: userEnvelope } },
    },
    async (request) => {
      const { user, deactivated } = await service.updateStatus(request.params.id, request.body, auditContext(request));
      const message = deactivated
        ? `${user.firstName} ${user.lastName} deactivated successfully`
        : 'User updated successfully';
      return ok({ user }, message);
    },
  );
};
