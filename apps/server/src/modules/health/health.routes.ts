import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { envelope, ok } from '../../lib/responses.js';
import { notShed } from '../../plugins/readiness.js';

/** Health endpoints: no access rule, no request budget (a load balancer polls them from one address), not shed. */
const healthConfig = { access: 'public', rateLimit: false, ...notShed } as const;

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

/** Every dependency answers within the timeout, the server is not draining and not overloaded; else 503. */
async function readiness(app: FastifyInstance): Promise<z.infer<typeof readyBody>> {
  const unavailable = (reason: string) => new AppError(503, 'UNAVAILABLE', reason, undefined, { 'retry-after': '5' });
  if (app.readiness.draining) throw unavailable('Shutting down');
  if (app.isUnderPressure()) throw unavailable('Overloaded');
  const checks = [['database', () => ping(app.db)] as const, ...app.readiness.checks];
  const timeoutMs = app.config.runtime.healthTimeoutMs;
  const results = await Promise.allSettled(checks.map(([, check]) => withinTimeout(check, timeoutMs)));
  const failed = checks.filter((_check, i) => results[i]?.status === 'rejected').map(([name]) => name);
  if (failed.length > 0) throw unavailable(`Unavailable: ${failed.join(', ')}`);
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
      { config: healthConfig, schema: { tags: ['health'], response: { 200: envelope(readyBody) } } },
      async () => ok(await readiness(app)),
    );
  }
};
