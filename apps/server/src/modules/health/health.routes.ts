import { healthContracts as contracts } from '@seamline/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { envelope } from '../../plugins/errors.js';
import { checkReadiness, type DependencyState } from './health.service.js';

/** Health endpoints: public, no request budget (a load balancer polls them from one address), not shed. */
const healthConfig = { rateLimit: false, admission: 'always' } as const;

/**
 * An expected answer while starting, draining, overloaded or without a needed dependency, not a server error: sent
 * here rather than thrown, so the error handler does not log it. The error envelope is not part of the contract's
 * success answers; its details name each dependency's state.
 */
function notReady(reply: FastifyReply, reason: string, dependencies: [string, DependencyState][]) {
  const details = dependencies.map(([field, message]) => ({ field, message }));
  return reply
    .code(503)
    .header('retry-after', '5')
    .send(envelope(reason, 'UNAVAILABLE', details.length > 0 ? details : undefined));
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, contracts.live, async () => ok({ status: 'ok' as const }), { config: healthConfig });

  // /health is the readiness check under its older name.
  for (const contract of [contracts.ready, contracts.health]) {
    serve(
      app,
      contract,
      async (_request, reply) => {
        const readiness = await checkReadiness(app);
        if (readiness.ready) return ok(readiness.view);
        return notReady(reply, readiness.reason, readiness.dependencies);
      },
      { config: healthConfig },
    );
  }
};
