import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { routeLabel } from './metrics.js';

/** The levels at which a request's completion line (info) is written. */
const WRITES_INFO = new Set(['info', 'debug', 'trace']);
/** Whether a logger at `level` writes a line for every request (Fastify's incoming and completion lines). */
export const writesRequestLines = (level: string) => WRITES_INFO.has(level);

/**
 * Fastify's per-request completion line, plus the route pattern and the signed-in user's id, so one JSON line
 * answers who called what and how it went (reqId comes from the request's child logger).
 */
export class RequestLogController extends LogController {
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    // Below the level (LOG_LEVEL=warn), a request that went well builds no line.
    if (this.isLogDisabled(request) || (!error && !writesRequestLines(reply.log.level))) return;
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
