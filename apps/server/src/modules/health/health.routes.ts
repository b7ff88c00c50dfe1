import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { envelope, ok } from '../../lib/responses.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['health'],
        response: { 200: envelope(z.object({ status: z.literal('ok'), database: z.literal('ok') })) },
      },
    },
    async () => {
      try {
        await ping(app.db);
      } catch {
        throw new AppError(503, 'UNAVAILABLE', 'Database unavailable');
      }
      return ok({ status: 'ok' as const, database: 'ok' as const });
    },
  );
};
