import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Counts the requests the instance is answering right now, from their arrival until their answer is sent or their
 * caller leaves: how busy it is with people, which its background work (webhook deliveries) gives way to. Fastify's
 * own hooks end the count (no listener of ours on the response, which already has many for a file sent).
 */
export function registerRequestsInFlight(app: FastifyInstance): void {
  let inFlight = 0;
  const counted = new WeakSet<FastifyRequest>();
  // A request ends once: answered (onResponse, also after a failed write), or left by its caller first.
  const end = (request: FastifyRequest) => {
    if (counted.delete(request)) inFlight -= 1;
  };
  app.decorate('requestsInFlight', () => inFlight);
  app.addHook('onRequest', (request, _reply, done) => {
    counted.add(request);
    inFlight += 1;
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    end(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request);
    done();
  });
}
