import { invitationContracts as contracts, INVITATION_MESSAGES } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { InvitationsService } from './invitations.service.js';

/** Staff invitations: admins invite, list, resend and revoke; the invitee accepts through the mailed link. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new InvitationsService(app.db, app.config.publicUrl);

  serve(app, contracts.list, async (request) => ok(await service.list(request.query)));

  serve(app, contracts.create, async (request, reply) => {
    const invitation = await service.invite(request.body, auditContext(request));
    return reply.status(201).send(ok({ invitation }, INVITATION_MESSAGES.sent));
  });

  serve(app, contracts.resend, async (request) =>
    ok({ invitation: await service.resend(request.params.id, auditContext(request)) }, INVITATION_MESSAGES.resent),
  );

  serve(app, contracts.revoke, async (request) => {
    await service.revoke(request.params.id, auditContext(request));
    return { success: true as const, message: INVITATION_MESSAGES.revokedDone };
  });

  serve(app, contracts.preview, async (request) => ok(await service.preview(request.query.token)));

  serve(app, contracts.accept, async (request, reply) => {
    const user = await service.accept(request.body, auditContext(request, null));
    return reply.status(201).send(ok({ user }, INVITATION_MESSAGES.accepted));
  });
};
