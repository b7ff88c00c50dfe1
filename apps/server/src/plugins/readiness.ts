import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Config, OptionalDependency } from '../config.js';
import { envelope } from './errors.js';

export type ReadinessCheck = { probe: () => Promise<unknown>; required: boolean };

/**
 * What /api/health/ready checks besides the database; plugins add theirs (Redis, S3 storage, SMTP). A shared
 * dependency that fails fails on every instance at once, so by default it is reported as degraded and the instance
 * stays in the load balancer; READINESS_REQUIRES names the ones whose failure should fail readiness instead.
 */
export class Readiness {
  /** Set on SIGTERM: readiness fails from then on, while requests are still served until the server closes. */
  draining = false;
  /** What the log last said was failing ('' for nothing), so a change is logged once. */
  reported = '';
  readonly checks = new Map<OptionalDependency, ReadinessCheck>();

  constructor(private readonly required: readonly OptionalDependency[] = []) {}

  add(name: OptionalDependency, probe: () => Promise<unknown>) {
    this.checks.set(name, { probe, required: this.required.includes(name) });
  }
}

/** Seconds a shed request is told to wait. */
const OVERLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * Load shedding: past the event-loop delay, heap or RSS threshold every request is answered 503 with Retry-After at
 * once instead of waiting in an unbounded queue. Health routes are exempt (config.pressureHandler below), so a busy
 * instance stays alive for its supervisor; readiness reports the overload itself.
 */
export async function registerReadiness(
  app: FastifyInstance,
  overload: Config['overload'],
  required: readonly OptionalDependency[],
) {
  app.decorate('readiness', new Readiness(required));
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
