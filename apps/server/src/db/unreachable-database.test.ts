import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.js';
import { freePort, serverEnv, start } from '../../test/process.js';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { QUEUE_APPLICATION_NAME } from '../lib/queue.js';
import { openDatabase } from './client.js';

/**
 * A database that black-holes: it accepts connections and then never answers, either from the start or once the
 * session is open (it completes the PostgreSQL start-up, then ignores every query). Records the start-up
 * parameters each client asked for.
 */
function blackHole(mode: 'silent' | 'after-startup') {
  const startups: Record<string, string>[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('data', (packet) => {
      // Start-up message: length, protocol version, then NUL-separated name/value pairs.
      const pairs = packet.subarray(8).toString('utf8').split('\0');
      const params: Record<string, string> = {};
      for (let i = 0; i + 1 < pairs.length && pairs[i]; i += 2) params[pairs[i] as string] = pairs[i + 1] as string;
      startups.push(params);
      if (mode === 'silent') return;
      const authenticationOk = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
      const readyForQuery = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
      socket.write(Buffer.concat([authenticationOk, readyForQuery]));
    });
  });
  const listening = new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
  return {
    listening,
    startups,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function appOn(databaseUrl: string, overrides: Partial<Config> = {}) {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-0123' }),
    ...overrides,
    databaseUrl,
    dbTimeouts: { connectMs: 1000, statementMs: 1000, idleInTransactionMs: 1000 },
  };
  const database = await openDatabase({ ...config, requestTimeouts: config.dbTimeouts });
  const app = await buildApp({ config, database, logger: false });
  closers.push(async () => {
    await app.close();
    await database.close();
  });
  return app;
}

/** The answer, or 'no answer' when none came within the time. */
function within<T>(ms: number, promise: Promise<T>): Promise<T | 'no answer'> {
  return Promise.race([promise, new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), ms))]);
}

describe('a black-holed database', () => {
  for (const mode of ['silent', 'after-startup'] as const) {
    it(`answers 503 with Retry-After within seconds, not a hung request (${mode})`, async () => {
      const hole = blackHole(mode);
      closers.push(hole.close);
      const app = await appOn(`postgres://seamline@127.0.0.1:${await hole.listening}/seamline`);
      const startedAt = Date.now();
      const res = await within(8_000, call(app, 'GET', '/api/products'));
      expect(res).not.toBe('no answer');
      if (res === 'no answer') return;
      expect(Date.now() - startedAt).toBeLessThan(5_000);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.body).toMatchObject({ success: false, code: 'UNAVAILABLE' });
      expect(JSON.stringify(res.body)).not.toMatch(/timeout|127\.0\.0\.1|select|terminated/i);
    }, 20_000);
  }

  it('fails readiness naming the database; an unreachable Redis beside it is only degraded', async () => {
    const hole = blackHole('silent');
    closers.push(hole.close);
    const url = `postgres://seamline@127.0.0.1:${await hole.listening}/seamline`;
    const app = await appOn(url, { redisUrl: 'redis://127.0.0.1:1' });
    const ready = await within(8_000, call(app, 'GET', '/api/health/ready'));
    expect(ready).not.toBe('no answer');
    if (ready === 'no answer') return;
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ success: false, code: 'UNAVAILABLE', message: 'Unavailable: database' });
    expect(ready.body.details).toEqual([
      { field: 'database', message: 'unavailable' },
      { field: 'redis', message: 'degraded' },
    ]);
  }, 20_000);

  it('is asked for server-side statement and idle-in-transaction timeouts on every request connection', async () => {
    const hole = blackHole('after-startup');
    closers.push(hole.close);
    const app = await appOn(`postgres://seamline@127.0.0.1:${await hole.listening}/seamline`);
    await within(8_000, call(app, 'GET', '/api/products'));
    // The job queue's own connections (named) run long batches and set no statement timeout.
    const requests = hole.startups.filter((startup) => startup.application_name !== QUEUE_APPLICATION_NAME);
    expect(requests.length).toBeGreaterThan(0);
    for (const startup of requests)
      expect(startup).toMatchObject({ statement_timeout: '1000', idle_in_transaction_session_timeout: '1000' });
  }, 20_000);
});

describe('starting the server on a DATABASE_URL it cannot use', () => {
  async function startOn(databaseUrl: string) {
    const server = start(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/main.ts'],
      serverEnv(await freePort(), { DATABASE_URL: databaseUrl, DB_CONNECT_TIMEOUT_MS: '1000' }),
    );
    const exit = await within(20_000, server.exited);
    if (exit === 'no answer') server.child.kill('SIGKILL');
    return { exit, lines: server.output().trim().split('\n') };
  }

  it('prints one line naming host, port and cause, and exits 1 (nothing listening)', async () => {
    const port = await freePort();
    const { exit, lines } = await startOn(`postgres://seamline:secret@127.0.0.1:${port}/seamline`);
    expect(exit).toEqual({ code: 1, signal: null });
    expect(lines).toEqual([`Cannot use PostgreSQL at 127.0.0.1:${port}: connection refused (is PostgreSQL running?)`]);
  }, 30_000);

  it('prints one line naming host, port and cause, and exits 1 (no answer)', async () => {
    const hole = blackHole('silent');
    closers.push(hole.close);
    const port = await hole.listening;
    const { exit, lines } = await startOn(`postgres://seamline@127.0.0.1:${port}/seamline`);
    expect(exit).toEqual({ code: 1, signal: null });
    expect(lines).toEqual([
      `Cannot use PostgreSQL at 127.0.0.1:${port}: no answer within the connect timeout (DB_CONNECT_TIMEOUT_MS)`,
    ]);
  }, 30_000);
});
