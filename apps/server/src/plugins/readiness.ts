import type { FastifyInstance } from 'fastify';

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

/** Readiness state on the app; load shedding is plugins/admission.ts, which readiness reports as "Overloaded". */
export function registerReadiness(app: FastifyInstance) {
  app.decorate('readiness', new Readiness());
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}
