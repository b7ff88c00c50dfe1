import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { envelope } from './errors.js';

/** What /api/health/ready checks besides the database; plugins add theirs (Redis here, S3 storage in its plugin). */
export type ReadinessCheckName = 'redis' | 'storage';

export class Readiness {
  /** Set on SIGTERM: readiness fails from then on, while requests are still served until the server closes. */
  draining = false;
  readonly checks = new Map<ReadinessCheckName, () => Promise<unknown>>();

  add(name: ReadinessCheckName, check: () => Promise<unknown>) {
    this.checks.set(name, check);
  }
}

/** Seconds a shed request is told to wait. */
const OVERLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * Load shedding: past the event-loop delay, heap or RSS threshold every request is answered 503 with Retry-After at
 * once instead of waiting in an unbounded queue. Health routes are exempt (config.pressureHandler below), so a busy
 * instance stays alive for its supervisor; readiness reports the overload itself.
 */
export async function registerReadiness(app: FastifyInstance, overload: Config['overload']) {
  app.decorate('readiness', new Readiness());
  const { maxEventLoopDelayMs, maxHeapBytes, maxRssBytes } = overload;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxHeapUsedBytes: maxHeapBytes,
    maxRssBytes,
    retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
    // Sampling more often than the default 1 s lets a test (and a sudden spike) be seen sooner; the cost is tiny.
    sampleInterval: 250,
    pressureHandler: (_request, reply) => {
      // Sent here, not thrown: the error handler would log each shed request at error level.
      void reply
        .status(503)
        .header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS))
        .send(envelope('The server is busy, please try again shortly', 'UNAVAILABLE'));
    },
  });
}

/** Route config that lets a request through under load (health endpoints). */
export const notShed = { pressureHandler: () => undefined };

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}
