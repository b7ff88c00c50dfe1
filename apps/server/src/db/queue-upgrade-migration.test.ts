import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/databases.js';
import { migrationsBefore } from '../../test/migrations.js';
import { openDatabase, queryRows } from './client.js';

const temporary = mkdtempSync(path.join(os.tmpdir(), 'seamline-queue-upgrade-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

describe('migration 0033 (background work onto the queue) on an existing store', () => {
  it('hands unsent mail and unfinished jobs to the queue; sent mail and ended jobs get no job', async () => {
    const fresh = await freshDatabase({ prefix: 'seamline_queue_upgrade' });
    const database = await openDatabase({ databaseUrl: fresh.url });
    try {
      await database.migrate(migrationsBefore('0033_queue_moves_background_work', temporary));
      const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
      await run(sql`INSERT INTO mail_outbox (id, to_email, subject, body, kind, sent_at) VALUES
        ('m00000000000000000000001', 'a@example.com', 's', 'b', 'test', NULL),
        ('m00000000000000000000002', 'b@example.com', 's', 'b', 'test', now())`);
      const actor = `'{"userId":null,"userEmail":null,"ip":null,"userAgent":null}'::jsonb`;
      await run(
        sql.raw(`INSERT INTO jobs (id, kind, status, actor) VALUES
        ('j00000000000000000000001', 'product_bulk', 'queued', ${actor}),
        ('j00000000000000000000002', 'product_bulk', 'running', ${actor}),
        ('j00000000000000000000003', 'product_bulk', 'completed', ${actor})`),
      );

      await database.migrate();

      const jobs = await queryRows<{ task: string; payload: Record<string, string>; key: string | null }>(
        database.db,
        sql`SELECT j.task_identifier AS task, p.payload, j.key FROM graphile_worker.jobs j
            JOIN graphile_worker._private_jobs p USING (id) ORDER BY j.task_identifier, p.payload::text`,
      );
      expect(jobs).toEqual([
        { task: 'jobs.run', payload: { jobId: 'j00000000000000000000001' }, key: 'jobs:j00000000000000000000001' },
        { task: 'jobs.run', payload: { jobId: 'j00000000000000000000002' }, key: 'jobs:j00000000000000000000002' },
        { task: 'mail.send', payload: { mailId: 'm00000000000000000000001' }, key: null },
      ]);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});
