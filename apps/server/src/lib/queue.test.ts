import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/databases.js';
import { type Database, openDatabase } from '../db/client.js';
import { addJob, JobQueue } from './queue.js';

describe('the job queue', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let database: Database;
  let queue: JobQueue;
  const ran: string[] = [];
  const done = new Map<string, () => void>();

  beforeAll(async () => {
    fresh = await freshDatabase({ migrated: true });
    database = await openDatabase({ databaseUrl: fresh.url });
    queue = new JobQueue({ connectionString: fresh.url, concurrency: 2, log: pino({ level: 'silent' }) });
    queue.define<{ name: string }>('test.record', async ({ name }) => {
      ran.push(name);
      done.get(name)?.();
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
    await fresh?.drop();
  });

  it('runs a job added in a committed transaction, and never one whose transaction rolled back', async () => {
    const committed = new Promise<void>((resolve) => done.set('committed', resolve));
    await database.db
      .transaction(async (tx) => {
        await addJob(tx, 'test.record', { name: 'rolled back' });
        throw new Error('undo');
      })
      .catch(() => undefined);
    await database.db.transaction((tx) => addJob(tx, 'test.record', { name: 'committed' }));
    await committed;
    expect(ran).toEqual(['committed']);
  });

  it('runs a job added without a NOTIFY, and sends one NOTIFY for a burst of wake-ups', async () => {
    const listener = new pg.Client({ connectionString: fresh.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query('LISTEN "jobs:insert"');
    try {
      const quiet = new Promise<void>((resolve) => done.set('quiet', resolve));
      await database.db.execute(sql`SELECT add_job_quietly('test.record', '{"name":"quiet"}'::json, NULL)`);
      expect(heard).toEqual([]);
      for (let n = 0; n < 5; n++) queue.wake();
      await quiet;
      // Five wake-ups in a burst: one NOTIFY, for one worker (the jobs it is for run one at a time).
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual([JSON.stringify({ count: 1 })]);
    } finally {
      await listener.end();
    }
  });

  it('logs a connection the database ended in one short line, not the whole client it came from', async () => {
    const own = await freshDatabase({ migrated: true });
    const lines: string[] = [];
    const watched = new JobQueue({
      connectionString: own.url,
      concurrency: 1,
      log: pino({ level: 'warn' }, { write: (line: string) => lines.push(line) }),
    });
    const admin = new pg.Client({ connectionString: own.url });
    await admin.connect();
    try {
      await watched.start();
      // Once its recurring task is registered: a query of that start cut here would stop the library's runner, a case
      // of its own (queue-outage.test.ts).
      for (let tries = 0; ; tries++) {
        const known = await admin.query('SELECT 1 FROM graphile_worker._private_known_crontabs');
        if (known.rowCount) break;
        if (tries === 300) throw new Error('the recurring task was never registered');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const failed = () => lines.filter((line) => line.includes('job queue connection failed'));
      // Its pool's idle connections (the workers' polls and heartbeats use and return them), ended by the database.
      for (let tries = 0; failed().length === 0; tries++) {
        if (tries === 300) throw new Error('no idle queue connection was ended');
        await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle'`,
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The database's own message (with its code) or, when the socket's end is read first, the driver's.
      const line = failed().find((logged) => logged.includes('57P01')) ?? failed()[0]!;
      expect(JSON.parse(line)).toMatchObject({
        reason: expect.stringMatching(
          /^(terminating connection due to administrator command|Connection terminated unexpectedly)$/,
        ),
      });
      expect(line.length).toBeLessThan(400);
      // Nor do the library's own lines about it carry the client.
      expect(lines.filter((logged) => logged.includes('connectionParameters'))).toEqual([]);
    } finally {
      await watched.stop().catch(() => undefined);
      await admin.end();
      await own.drop();
    }
  });
});
