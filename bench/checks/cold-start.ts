import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, serverEnv, startCompiled } from '../../apps/server/test/process.js';
import { BENCH_JWT_SECRET, scratchDatabase } from '../lib/database.js';
import { residentMb } from '../lib/server.js';
import type { Figure } from '../lib/table.js';

const GROUP = 'cold start';
const BUDGET_MS = 3_000;

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

/** Cold start of the compiled server to ready on an empty, migrated database, and the memory of the idle process. */
export async function coldStart(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seamline-bench-start-'));
  const empty = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'cold') : null;
  // NODE_ENV=production, so no demo data.
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: empty?.url ?? '',
    NODE_ENV: 'production',
    JWT_SECRET: BENCH_JWT_SECRET,
  };
  try {
    const migrate = startCompiled(serverEnv(0, env), 'db/migrate-cli.js');
    if ((await migrate.exited).code !== 0) throw new Error(`Migrations failed:\n${migrate.output()}`);
    const port = await freePort();
    const startedAt = Date.now();
    const server = startCompiled(serverEnv(port, env));
    try {
      const ms = await readyAfter(port, startedAt);
      await new Promise((r) => setTimeout(r, 2_000));
      return [
        { group: GROUP, name: 'compiled server to ready', value: ms, unit: 'ms', bound: 'max', target: BUDGET_MS },
        { group: GROUP, name: 'idle resident memory', value: residentMb(server.child.pid as number), unit: 'MB' },
      ];
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    await empty?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
