import type { FastifyInstance } from 'fastify';

/**
 * Counts the requests the instance is answering right now, from their arrival until their answer is sent or their
 * caller leaves: how busy it is with people, which its background work (webhook deliveries) gives way to.
 */
export function registerRequestsInFlight(app: FastifyInstance): void {
  let inFlight = 0;
  app.decorate('requestsInFlight', () => inFlight);
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight += 1;
    // 'close' comes once, after the answer went out or the connection dropped.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
    done();
  });
}
