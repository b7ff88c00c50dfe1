import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onServer } from '../test/databases.js';
import { postgresProcessesOf } from '../test/process.js';
import { startEmbeddedPostgres } from './db/embedded/server.js';

const root = path.resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('the server process', () => {
  it('starts on an empty data folder, then on SIGTERM finishes in-flight work, closes the database and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seamline-shutdown-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        REDIS_URL: '',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    let healthy = false;
    for (let i = 0; i < 240 && !healthy; i++) {
      healthy = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await new Promise((r) => setTimeout(r, 250));
    }
    expect(healthy).toBe(true);

    // A sign-in is in flight when the signal arrives: headers and half the body sent, the rest after SIGTERM.
    const body = JSON.stringify({ email: 'admin@seamline.dev', password: 'Admin123!' });
    const socket = net.connect(port, '127.0.0.1');
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('close', () => resolve(text));
    });
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    const stoppedAt = Date.now();
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    socket.write(body.slice(10));
    expect((await answer).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    // New connections are no longer served.
    expect(
      await fetch(`${base}/api/health`).then(
        (r) => r.status,
        () => 'refused',
      ),
    ).not.toBe(200);
    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);

    // The embedded PostgreSQL was stopped with the server, and starts again with the demo data intact.
    expect(postgresProcessesOf(dataDir)).toEqual([]);
    const embedded = await startEmbeddedPostgres({ dataDir });
    try {
      const rows = await onServer(embedded.url, (client) =>
        client.query("select count(*)::int as n from users where email = 'admin@seamline.dev'").then((r) => r.rows),
      );
      expect(rows[0]?.n).toBe(1);
    } finally {
      await embedded.stop();
    }
  }, 90_000);
});
