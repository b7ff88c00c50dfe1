import type { FastifyInstance } from 'fastify';
import type { OptionalDependency } from '../config.js';

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

/** Readiness state on the app; load shedding is plugins/admission.ts, which readiness reports as "Overloaded". */
export function registerReadiness(app: FastifyInstance, required: readonly OptionalDependency[]) {
  app.decorate('readiness', new Readiness(required));
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}
