import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/client.js';
import { envelope, ok } from '../../lib/responses.js';
import { notShed } from '../../plugins/readiness.js';

/** Health endpoints: no access rule, no request budget (a load balancer polls them from one address), not shed. */
const healthConfig = { access: 'public', rateLimit: false, ...notShed } as const;

/** The API's error envelope (plugins/errors.ts), as readiness answers it when not ready. */
const notReadyBody = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  code: z.literal('UNAVAILABLE'),
});

const readyBody = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  redis: z.literal('ok').optional(),
  storage: z.literal('ok').optional(),
});

function withinTimeout(check: () => Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/** Every dependency answers within the timeout, the server is not draining and not overloaded; else why not. */
async function readiness(app: FastifyInstance): Promise<z.infer<typeof readyBody> | string> {
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

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/live',
    {
      config: healthConfig,
      schema: { tags: ['health'], response: { 200: envelope(z.object({ status: z.literal('ok') })) } },
    },
    async () => ok({ status: 'ok' as const }),
  );
  // /health is the readiness check under its older name.
  for (const url of ['/health/ready', '/health']) {
    app.get(
      url,
      { config: healthConfig, schema: { tags: ['health'], response: { 200: envelope(readyBody), 503: notReadyBody } } },
      async (_request, reply) => {
        const state = await readiness(app);
        if (typeof state === 'object') return ok(state);
        // An expected answer while starting, draining or overloaded, not a server error: no error log.
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ success: false, error: state, message: state, code: 'UNAVAILABLE' });
      },
    );
  }
};
