import { readFileSync } from 'node:fs';
import { freePort, serverEnv, startCompiled, waitHealthy } from '../../apps/server/test/process.js';
import { BENCH_JWT_SECRET, type BenchDatabase } from './database.js';

export type RunningServer = { baseUrl: string; pid: number; stop(): Promise<void> };

/**
 * The compiled production server as its own process on the bench database, reached over real HTTP; request budgets
 * are lifted so the load is measured, not the rate limiter.
 */
export async function startServer(
  target: Pick<BenchDatabase, 'serverEnv'>,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const server = startCompiled(
    serverEnv(port, {
      ...target.serverEnv,
      NODE_ENV: 'production',
      JWT_SECRET: BENCH_JWT_SECRET,
      RATE_LIMIT_MAX: '1000000000',
      // Load shedding off: the bench measures what the server does under the load, not how soon it refuses it.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      // The checkout check subscribes a receiver on loopback.
      WEBHOOKS_ALLOW_PRIVATE_HOSTS: '1',
      ...env,
    }),
    'main.js',
    [],
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
    process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
  );
  // A bench that dies half-way must not leave its server running.
  const kill = () => server.child.kill('SIGTERM');
  process.once('exit', kill);
  if (!(await waitHealthy(port, server.child, 120_000))) {
    server.child.kill('SIGTERM');
    throw new Error(`The server did not start:\n${server.output()}`);
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: server.child.pid as number,
    async stop() {
      process.off('exit', kill);
      server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}

/** A process's resident memory now (`VmRSS`, Linux /proc), in MB. */
export const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
