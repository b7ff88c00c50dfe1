/** Cold start of the compiled server to ready on an empty, migrated database, and the memory of the idle process. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, serverEnv, startCompiled } from '../apps/server/test/process.js';

export const COLD_START_BUDGET_MS = 3_000;

async function readyAfter(port: number, startedAt: number): Promise<number> {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return Date.now() - startedAt;
    if (Date.now() - startedAt > 60_000) throw new Error('The server did not become ready within 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

export async function benchColdStart(): Promise<{ ok: boolean }> {
  execFileSync(process.execPath, ['scripts/build.mjs', '--server-if-stale'], { cwd: repoRoot, stdio: 'inherit' });
  // The embedded database unless DATABASE_URL names a PostgreSQL one; NODE_ENV=production, so no demo data.
  const env = {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'seamline-bench-start-')),
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  };
  const migrate = startCompiled(serverEnv(0, env), 'db/migrate-cli.js');
  if ((await migrate.exited).code !== 0) throw new Error(`Migrations failed:\n${migrate.output()}`);

  const port = await freePort();
  const startedAt = Date.now();
  const server = startCompiled(serverEnv(port, env));
  try {
    const ms = await readyAfter(port, startedAt);
    await new Promise((r) => setTimeout(r, 2_000));
    const idle = rssMb(server.child.pid as number);
    const ok = ms < COLD_START_BUDGET_MS;
    console.log(
      `Cold start of the compiled server to ready: ${ms} ms (budget ${COLD_START_BUDGET_MS} ms); idle RSS ${idle.toFixed(0)} MB`,
    );
    return { ok };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!(await benchColdStart()).ok) process.exitCode = 1;
}
