import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { compiledNodeArgs } from '../../../scripts/build.mjs';

/** Helpers for tests that run the real server as a separate process. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A fixed two-factor key for servers started by tests and benchmarks (production refuses to start without one). */
export const TEST_TOTP_ENCRYPTION_KEY = '5eed'.repeat(16);

/** The environment of a server process: loopback port, quiet logs, embedded database unless told otherwise. */
export function serverEnv(port: number, overrides: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    TOTP_ENCRYPTION_KEY: TEST_TOTP_ENCRYPTION_KEY,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    ...overrides,
  };
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** Spawns a process and keeps what it prints, so a failing test can show it. */
export function start(command: string, args: string[], env: NodeJS.ProcessEnv, detached = false) {
  const child = spawn(command, args, { cwd: repoRoot, env, detached, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk.toString();
  });
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

/** Polls /api/health until it answers 200 (true), or the process has exited or the time is up (false). */
export async function waitHealthy(port: number, child: ChildProcess, timeoutMs = 60_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !hasExited(child)) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** Pids of postgres server processes whose data folder is DATA_DIR/postgres (Linux /proc). */
export function postgresProcessesOf(dataDir: string): number[] {
  const cluster = path.join(dataDir, 'postgres');
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return path.basename(args[0] ?? '') === 'postgres' && args.includes(cluster);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * The postmasters among them: a backend the postmaster has just forked still shows the postmaster's command line
 * until it names itself, so counting "one server" must leave out the children of the cluster's own processes.
 */
export function postmastersOf(dataDir: string): number[] {
  const pids = postgresProcessesOf(dataDir);
  const children = new Set(pids.flatMap(childPids));
  return pids.filter((pid) => !children.has(pid));
}

/** Direct children of a process (Linux /proc). */
export function childPids(pid: number): number[] {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return text ? text.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

/** Whether any process of a process group is still alive. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * The compiled server (dist/, built by the test setup) run the way `npm start` runs it: plain node, no loader, the
 * server's V8 flags for the server itself.
 */
export function startCompiled(env: NodeJS.ProcessEnv, entry = 'main.js', args: string[] = [], nodeArgs: string[] = []) {
  return start(
    process.execPath,
    [...nodeArgs, ...compiledNodeArgs(entry), path.join('apps/server/dist', entry), ...args],
    env,
  );
}

/**
 * The compiled server in production mode on a free port, with a data folder of its own (`seamline-<name>-…`, no web
 * build in it) and `env` on top; the caller waits for it (`waitHealthy`).
 */
export async function startProductionServer(name: string, env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `seamline-${name}-`));
  const server = startCompiled(
    serverEnv(port, { NODE_ENV: 'production', ...env, DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'web') }),
  );
  return { server, port, base: `http://127.0.0.1:${port}` };
}

/** A process's command line (Linux /proc), one entry per argument. */
export function commandLine(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}
