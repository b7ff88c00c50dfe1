import { chmodSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, serverEnv, start, waitHealthy } from '../test/process.js';

/** Every path under dir with its permission bits. */
function modesUnder(dir: string): { path: string; dir: boolean; mode: number }[] {
  const found = [{ path: dir, dir: true, mode: statSync(dir).mode & 0o777 }];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found.push({ path: full, dir: entry.isDirectory(), mode: statSync(full).mode & 0o777 });
  }
  return found;
}

describe('the data folder', () => {
  it('is created on a first production start, private to the server: folders 0700, files 0600', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'seamline-datadir-'));
    // An ordinary folder to create DATA_DIR in (mkdtemp makes it 0700, which the database's own user could not pass).
    chmodSync(parent, 0o755);
    const dataDir = path.join(parent, 'not', 'yet', 'there');
    const port = await freePort();
    const server = start(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/main.ts'],
      serverEnv(port, {
        NODE_ENV: 'production',
        JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'Owner-password-123',
      }),
    );
    try {
      expect(await waitHealthy(port, server.child), server.output()).toBe(true);
      const modes = modesUnder(dataDir);
      expect(modes.some((m) => !m.dir && m.path.includes(`${path.sep}postgres${path.sep}`))).toBe(true);
      // Run as root, the database runs as the postgres user, which may pass through DATA_DIR (0711) to its folder.
      const top = process.getuid?.() === 0 ? 0o711 : 0o700;
      expect(modes.filter((m) => m.dir && m.mode !== (m.path === dataDir ? top : 0o700))).toEqual([]);
      expect(modes.filter((m) => !m.dir && (m.mode & 0o077) !== 0)).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect((await server.exited).code).toBe(0);
  }, 120_000);
});
