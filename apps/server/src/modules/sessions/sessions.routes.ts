import { sessionContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { SessionsService } from './sessions.service.js';

const ended = (count: number) => `${count} session${count === 1 ? '' : 's'} ended`;

/** Profile → Sessions (one's own), and User Management → a staff member's sessions (admins). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new SessionsService(app.db);

  serve(app, contracts.list, async (request) => {
    const me = request.user!;
    return ok({ sessions: await service.list(me.id, me.sessionId) });
  });

  serve(app, contracts.end, async (request) => {
    await service.end(request.user!.id, request.params.id, auditContext(request));
    return { success: true as const, message: 'Session ended' };
  });

  serve(app, contracts.endOthers, async (request) => {
    const me = request.user!;
    // A token that names no session cannot tell which one to keep: then nothing is kept.
    const count = await service.endAll(me.id, me.sessionId, auditContext(request));
    return { success: true as const, message: ended(count) };
  });

  serve(app, contracts.listForUser, async (request) => {
    await service.requireStaff(request.params.id);
    return ok({ sessions: await service.list(request.params.id, request.user!.sessionId) });
  });

  serve(app, contracts.endForUser, async (request) => {
    await service.requireStaff(request.params.id);
    await service.end(request.params.id, request.params.sessionId, auditContext(request));
    return { success: true as const, message: 'Session ended' };
  });

  serve(app, contracts.endAllForUser, async (request) => {
    await service.requireStaff(request.params.id);
    const count = await service.endAll(request.params.id, null, auditContext(request));
    return { success: true as const, message: ended(count) };
  });
};
