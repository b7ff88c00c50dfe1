import { healthContracts as contracts, type ReadinessView } from '@seamline/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ping } from '../../db/client.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';

/** Health endpoints: public, no request budget (a load balancer polls them from one address), not shed. */
const healthConfig = { rateLimit: false, admission: 'always' } as const;

function withinTimeout(check: () => Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/** Every dependency answers within the timeout, the server is not draining and not overloaded; else why not. */
async function readiness(app: FastifyInstance): Promise<ReadinessView | string> {
  if (app.readiness.draining) return 'Shutting down';
  if (app.isUnderPressure()) return 'Overloaded';
  const checks = [['database', () => ping(app.db)] as const, ...app.readiness.checks];
  const timeoutMs = app.config.runtime.healthTimeoutMs;
  const results = await Promise.allSettled(checks.map(([, check]) => withinTimeout(check, timeoutMs)));
  const failed = checks.filter((_check, i) => results[i]?.status === 'rejected').map(([name]) => name);
  if (failed.length > 0) {
    app.log.warn({ failed }, 'readiness check failed');
    return `Unavailable: ${failed.join(', ')}`;
  }
  return { status: 'ok', database: 'ok', ...Object.fromEntries(checks.map(([name]) => [name, 'ok'])) };
}

/**
 * An expected answer while starting, draining or overloaded, not a server error: sent here rather than thrown, so
 * the error handler does not log it. The error envelope is not part of the contract's success answers.
 */
function notReady(reply: FastifyReply, state: string) {
  return reply
    .code(503)
    .header('retry-after', '5')
    .send({ success: false, error: state, message: state, code: 'UNAVAILABLE' });
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, contracts.live, async () => ok({ status: 'ok' as const }), { config: healthConfig });

  // /health is the readiness check under its older name.
  for (const contract of [contracts.ready, contracts.health]) {
    serve(
      app,
      contract,
      async (_request, reply) => {
        const state = await readiness(app);
        if (typeof state === 'object') return ok(state);
        return notReady(reply, state);
      },
      { config: healthConfig },
    );
  }
};
