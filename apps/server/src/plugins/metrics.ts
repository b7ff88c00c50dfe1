import { monitorEventLoopDelay } from 'node:perf_hooks';
import { healthContracts } from '@seamline/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client.js';
import type { ReplicaState } from '../db/replicas.js';
import { serve } from '../lib/contract-route.js';

/** The label for a request's route: its pattern (bounded cardinality), never the raw address. */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** The current figures in the Prometheus text format. */
export type Scrape = () => Promise<{ contentType: string; body: string }>;

/** Counts one answered request: its method, route pattern, status and time to answer. */
export type CountRequest = (method: string, route: string, status: number, seconds: number) => void;

/**
 * Prometheus metrics on the app's own registry (several apps in one process never share series): request counts
 * and latency per route pattern, database pool usage, event-loop delay and memory. Registered before the routes so
 * every answer is counted, 404s and refused calls included.
 */
export function registerMetrics(
  app: FastifyInstance,
  poolStats: () => PoolStats,
  replicaStates: () => ReplicaState[] = () => [],
): { scrape: Scrape; countRequest: CountRequest } {
  const registry = new Registry();

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  // Without the status code: buckets times routes is already the largest family.
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const countRequest: CountRequest = (method, route, status, seconds) => {
    requests.inc({ method, route, status_code: String(status) });
    duration.observe({ method, route }, seconds);
  };
  app.addHook('onResponse', (request, reply, done) => {
    countRequest(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) => {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(poolStats()));
      },
    });
  };
  poolGauge('seamline_db_pool_max_connections', 'Most database connections the pool may open.', (s) => s.max);
  poolGauge('seamline_db_pool_open_connections', 'Database connections open now.', (s) => s.open);
  poolGauge('seamline_db_pool_idle_connections', 'Open database connections not in use.', (s) => s.idle);
  poolGauge('seamline_db_pool_waiting_clients', 'Queries waiting for a free connection.', (s) => s.waiting);

  registerReplicaGauges(registry, replicaStates);

  const sampleEventLoop = registerEventLoopDelay(app, registry);
  new Gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident memory size in bytes.',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'nodejs_heap_size_used_bytes',
    help: 'Process heap size used from Node.js in bytes.',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  const scrape: Scrape = async () => {
    sampleEventLoop();
    return { contentType: registry.contentType, body: await registry.metrics() };
  };
  return { scrape, countRequest };
}

/**
 * GET /api/metrics for admins and, when METRICS_TOKEN is set, for a scraper bearing that token (no user session).
 * Registered after the docs plugin so the OpenAPI document lists it.
 */
export async function registerMetricsRoute(app: FastifyInstance, scrape: Scrape) {
  await app.register(
    async (api) =>
      serve(
        api,
        healthContracts.metrics,
        async (_request, reply) => {
          const { contentType, body } = await scrape();
          return reply.type(contentType).send(body);
        },
        // Never shed: an overload is exactly when the scraper must still see the instance.
        { config: { serviceToken: app.config.metricsToken, admission: 'always' } },
      ),
    { prefix: '/api' },
  );
}

const SECONDS_PER_NS = 1e-9;

/**
 * Event-loop delay since the previous scrape, under the names prom-client's default metrics use (so stock Node.js
 * dashboards work). The monitor belongs to this app and stops when it closes.
 */
function registerEventLoopDelay(app: FastifyInstance, registry: Registry) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  app.addHook('onClose', async () => histogram.disable());

  const gauge = (suffix: string, help: string) =>
    new Gauge({ name: `nodejs_eventloop_lag_${suffix}_seconds`, help, registers: [registry] });
  const min = gauge('min', 'The minimum recorded event loop delay.');
  const max = gauge('max', 'The maximum recorded event loop delay.');
  const mean = gauge('mean', 'The mean of the recorded event loop delays.');
  const p50 = gauge('p50', 'The 50th percentile of the recorded event loop delays.');
  const p90 = gauge('p90', 'The 90th percentile of the recorded event loop delays.');
  const p99 = gauge('p99', 'The 99th percentile of the recorded event loop delays.');
  const samples = new Gauge({
    name: 'nodejs_eventloop_lag_samples',
    help: 'Event loop delay samples in the window the figures above cover (since the previous scrape).',
    registers: [registry],
  });
  // Before the first sample the histogram reads NaN; a quiet window reports zero.
  return function sampleEventLoop() {
    const seen = histogram.count > 0;
    const read = (ns: number) => (seen ? ns * SECONDS_PER_NS : 0);
    min.set(read(histogram.min));
    max.set(read(histogram.max));
    mean.set(read(histogram.mean));
    p50.set(read(histogram.percentile(50)));
    p90.set(read(histogram.percentile(90)));
    p99.set(read(histogram.percentile(99)));
    samples.set(histogram.count);
    histogram.reset();
  };
}

/** Per read replica (DATABASE_READ_URLS): whether it takes reads, and its lag at the last background check. */
function registerReplicaGauges(registry: Registry, states: () => ReplicaState[]) {
  new Gauge({
    name: 'seamline_db_replica_usable',
    help: 'Read replica taking reads (1) or skipped (0: lagging past READ_REPLICA_MAX_LAG_MS or failing).',
    labelNames: ['replica'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const state of states()) this.set({ replica: state.name }, state.usable ? 1 : 0);
    },
  });
  new Gauge({
    name: 'seamline_db_replica_lag_seconds',
    help: 'How far the read replica was behind the primary at its last check (absent when it could not be measured).',
    labelNames: ['replica'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const state of states()) if (state.lagMs !== null) this.set({ replica: state.name }, state.lagMs / 1000);
    },
  });
}
