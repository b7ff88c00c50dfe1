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
    // The response's 'close' comes once in every case: answered, or its connection gone (also after the whole body
    // was read, where Fastify's hooks see neither an answer nor an abort). A file's answer already carries Node's
    // default ten 'close' listeners: the cap grows by the one added here.
    const response = reply.raw;
    response.setMaxListeners(response.getMaxListeners() + 1);
    response.once('close', () => {
      inFlight -= 1;
    });
    done();
  });
}
