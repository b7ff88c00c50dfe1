import { z } from 'zod';
import { endpoint, envelope } from '../contract.js';

/** Liveness: the process is up. */
export const livenessView = z.object({ status: z.literal('ok') });

/** Readiness: every dependency answered (Redis and object storage only when configured). */
export const readinessView = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  redis: z.literal('ok').optional(),
  storage: z.literal('ok').optional(),
});
export type ReadinessView = z.infer<typeof readinessView>;

const tag = 'health';
const notReady =
  'Answers 503 with the error envelope (code UNAVAILABLE) and Retry-After while starting, draining, overloaded or ' +
  'when a dependency does not answer in time.';

/** Probes for load balancers and orchestrators, and the Prometheus scrape. */
export const healthContracts = {
  live: endpoint({
    operationId: 'getLiveness',
    method: 'GET',
    path: '/health/live',
    summary: 'Liveness probe: the process is up',
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
    tag: 'monitoring',
    access: 'admin',
    produces: ['text/plain'],
    responses: { 200: z.string().describe('The Prometheus text exposition format, version 0.0.4.') },
  }),
};
