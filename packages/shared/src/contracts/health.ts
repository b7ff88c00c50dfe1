import { z } from 'zod';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';

/** Liveness: the process is up. */
export const livenessView = z.object({ status: z.literal('ok') });

/** A dependency the instance can serve without: `degraded` when it did not answer in time (Redis, storage, SMTP). */
export const dependencyStatus = z.enum(['ok', 'degraded']);

/**
 * Readiness: the database answered; each configured dependency with its state (Redis, object storage and SMTP only
 * when configured). `status` is `degraded` when any of them is.
 */
export const readinessView = z.object({
  status: dependencyStatus,
  database: z.literal('ok'),
  redis: dependencyStatus.optional(),
  storage: dependencyStatus.optional(),
  smtp: dependencyStatus.optional(),
});
export type ReadinessView = z.infer<typeof readinessView>;

const tag = 'health';
const notReady =
  'A dependency that does not answer in time is reported as `degraded` (200), except the database and those named ' +
  'by READINESS_REQUIRES: then, and while starting, draining or overloaded, it answers 503 with the error envelope ' +
  '(code UNAVAILABLE, `details` naming each dependency with ok, degraded or unavailable) and Retry-After.';

/** Probes for load balancers and orchestrators, and the Prometheus scrape. */
export const healthContracts = {
  live: endpoint({
    operationId: 'getLiveness',
    method: 'GET',
    path: '/health/live',
    summary: 'Liveness probe: the process is up',
    description: 'Checks nothing else, so a busy or draining instance still answers 200; never throttled or shed.',
    tag,
    access: 'public',
    responses: { 200: envelope(livenessView) },
  }),
  ready: endpoint({
    operationId: 'getReadiness',
    method: 'GET',
    path: '/health/ready',
    summary: 'Readiness probe: the database and configured dependencies answer',
    description: notReady,
    tag,
    access: 'public',
    responses: { 200: envelope(readinessView) },
    errors: [503],
  }),
  health: endpoint({
    operationId: 'getHealth',
    method: 'GET',
    path: '/health',
    summary: 'Readiness probe under its older name (same answer as /health/ready)',
    description: notReady,
    tag,
    access: 'public',
    responses: { 200: envelope(readinessView) },
    errors: [503],
  }),
  metrics: endpoint({
    operationId: 'getMetrics',
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics (admin session, or the METRICS_TOKEN bearer token)',
    description:
      'Request counts and durations by route, database pool, memory and heap figures. A scraper sends `Authorization: Bearer ' +
      '<METRICS_TOKEN>` (when that token is configured) instead of a user session; never shed under overload.',
    tag: 'monitoring',
    access: 'admin',
    produces: ['text/plain'],
    responses: { 200: z.string().describe('The Prometheus text exposition format, version 0.0.4.') },
  }),
};
