import type { ReadinessView } from '@seamline/shared';
import type { FastifyInstance } from 'fastify';
import type { OptionalDependency } from '../../config.js';
import { ping } from '../../db/client.js';
import type { ReadinessCheck } from '../../plugins/readiness.js';

/** A dependency's state: answered; did not answer but the instance serves without it; did not answer and is needed. */
export type DependencyState = 'ok' | 'degraded' | 'unavailable';

type Dependency = 'database' | OptionalDependency;
type States = [Dependency, DependencyState][];

export type Readiness = { ready: true; view: ReadinessView } | { ready: false; reason: string; dependencies: States };

function withinTimeout(check: () => Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/** Each dependency within the health timeout, all at once: the database is always needed, the others as configured. */
async function dependencyStates(app: FastifyInstance): Promise<States> {
  const database: ReadinessCheck = { probe: () => ping(app.db), required: true };
  const checks: [Dependency, ReadinessCheck][] = [['database', database], ...app.readiness.checks];
  const timeoutMs = app.config.runtime.healthTimeoutMs;
  const results = await Promise.allSettled(checks.map(([, check]) => withinTimeout(check.probe, timeoutMs)));
  return checks.map(([name, check], i) => {
    if (results[i]?.status === 'fulfilled') return [name, 'ok'];
    return [name, check.required ? 'unavailable' : 'degraded'];
  });
}

/** The log names a change of what is failing once, not on every poll of the load balancer. */
function reportChange(app: FastifyInstance, states: States) {
  const failing = states.filter(([, state]) => state !== 'ok');
  const summary = failing.map(([name, state]) => `${name} ${state}`).join(', ');
  if (summary === app.readiness.reported) return;
  app.readiness.reported = summary;
  if (summary) app.log.warn({ dependencies: Object.fromEntries(failing) }, `readiness: ${summary}`);
  else app.log.info('readiness: every dependency answers again');
}

/**
 * Ready unless draining, overloaded or a needed dependency does not answer; a dependency the instance can serve
 * without is reported as degraded instead (a shared one would otherwise take every instance out at once).
 */
export async function checkReadiness(app: FastifyInstance): Promise<Readiness> {
  if (app.readiness.draining) return { ready: false, reason: 'Shutting down', dependencies: [] };
  if (app.isUnderPressure()) return { ready: false, reason: 'Overloaded', dependencies: [] };
  const states = await dependencyStates(app);
  reportChange(app, states);
  const unavailable = states.filter(([, state]) => state === 'unavailable').map(([name]) => name);
  if (unavailable.length > 0)
    return { ready: false, reason: `Unavailable: ${unavailable.join(', ')}`, dependencies: states };
  const degraded = states.some(([, state]) => state === 'degraded');
  const view: ReadinessView = { status: degraded ? 'degraded' : 'ok', database: 'ok' };
  for (const [name, state] of states) if (name !== 'database' && state !== 'unavailable') view[name] = state;
  return { ready: true, view };
}
