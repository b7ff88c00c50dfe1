import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { routeLabel } from './metrics.js';

/**
 * Fastify's per-request completion line, plus the route pattern and the signed-in user's id, so one JSON line
 * answers who called what and how it went (reqId comes from the request's child logger).
 */
export class RequestLogController extends LogController {
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const fields = {
      route: routeLabel(request),
      ...(request.user?.apiKey
        ? { apiKeyId: request.user.apiKey.id }
        : request.user
          ? { userId: request.user.id }
          : {}),
      res: reply,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
