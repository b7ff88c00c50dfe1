import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  childPids,
  freePort,
  groupAlive,
  postgresProcessesOf,
  postmastersOf,
  serverEnv,
  start,
  waitHealthy,
} from '../test/process.js';

// `npm start` as a supervisor runs it: its own process group, a data folder and a prebuilt (here: no) web app, so
// the wrapper does not build.
function wrapperEnv(port: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'seamline-start-'));
  // Passable, as a project folder is: run as root, the embedded database's own user goes through it to DATA_DIR.
  chmodSync(dir, 0o755);
  return serverEnv(port, { DATA_DIR: path.join(dir, 'data'), WEB_DIST: path.join(dir, 'web') });
}

/** The server process somewhere below pid (npm → sh → wrapper → server). */
function serverPid(pid: number): number | undefined {
  for (const child of childPids(pid)) {
    const cmdline = readFileSync(`/proc/${child}/cmdline`, 'utf8');
    if (cmdline.includes('apps/server/dist/main.js')) return child;
    const below = serverPid(child);
    if (below) return below;
  }
  return undefined;
}

async function stoppedWithin(dataDir: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (postgresProcessesOf(dataDir).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  return postgresProcessesOf(dataDir).length === 0;
}

async function gone(pgid: number, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (groupAlive(pgid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  return !groupAlive(pgid);
}

describe('npm start behind a supervisor', () => {
  it('passes SIGTERM on to the server, which drains; nothing is left running and npm exits 0', async () => {
    const port = await freePort();
    const env = wrapperEnv(port);
    const npm = start('npm', ['start'], env, true);
    const pgid = npm.child.pid as number;
    try {
      expect(await waitHealthy(port, npm.child), npm.output()).toBe(true);
      expect(serverPid(pgid)).toBeDefined();
      npm.child.kill('SIGTERM');
      expect(await npm.exited, npm.output()).toEqual({ code: 0, signal: null });
      expect(await gone(pgid, 5_000)).toBe(true);
      // The embedded PostgreSQL (its own process group) was stopped by the server after draining.
      expect(postgresProcessesOf(env.DATA_DIR as string)).toEqual([]);
    } finally {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    }
  }, 120_000);

  it('exits 128 + the signal number when the server dies of a signal', async () => {
    const port = await freePort();
    const env = wrapperEnv(port);
    const wrapper = start(process.execPath, ['scripts/start.mjs'], env, true);
    const pgid = wrapper.child.pid as number;
    try {
      expect(await waitHealthy(port, wrapper.child), wrapper.output()).toBe(true);
      expect(postmastersOf(env.DATA_DIR as string)).toHaveLength(1);
      process.kill(serverPid(pgid) as number, 'SIGKILL');
      expect(await wrapper.exited).toEqual({ code: 137, signal: null });
      // Its embedded PostgreSQL does not outlive it.
      expect(await stoppedWithin(env.DATA_DIR as string, 10_000)).toBe(true);
    } finally {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    }
  }, 120_000);
});
