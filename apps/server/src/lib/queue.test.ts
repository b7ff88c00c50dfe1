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
});
