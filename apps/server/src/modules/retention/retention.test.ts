import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { queueJobs, until } from '../../../test/queue.js';
import { loadConfig, type RetentionSettings } from '../../config.js';
import { openDatabase, queryRows } from '../../db/client.js';
import {
  events,
  idempotencyKeys,
  loginFailures,
  mailOutbox,
  mailTokens,
  refreshTokens,
  sessions,
} from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { addJob } from '../../lib/queue.js';
import { purgeExpiredRows, RETENTION_TASK } from './retention.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const settings: RetentionSettings = {
  loginFailuresDays: 30,
  sentMailDays: 30,
  mailTokensDays: 30,
  sessionsDays: 30,
  idempotencyDays: 7,
  eventsDays: 30,
  failedJobsDays: 30,
  intervalMs: 3_600_000,
};
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

beforeEach(async () => {
  for (const table of [loginFailures, mailOutbox, mailTokens, refreshTokens, sessions, idempotencyKeys, events])
    await t.app.db.delete(table);
});

async function oldLoginFailures(n: number) {
  await t.app.db
    .insert(loginFailures)
    .values(
      Array.from({ length: n }, (_, i) => ({ email: `old${i}@example.com`, ip: '10.0.0.1', createdAt: daysAgo(31) })),
    );
}

const loginFailureCount = async () => (await t.app.db.select({ n: count() }).from(loginFailures))[0]!.n;

describe('retention purge', () => {
  it('deletes each kind of short-lived row past its retention and keeps the rest', async () => {
    const user = await buildUser(t.app.db);
    await t.app.db.insert(loginFailures).values([
      { email: 'old@example.com', ip: '10.0.0.1', createdAt: daysAgo(31) },
      { email: 'new@example.com', ip: '10.0.0.1', createdAt: daysAgo(29) },
    ]);
    const mail = { subject: 's', body: 'b', kind: 'test' };
    await t.app.db.insert(mailOutbox).values([
      { ...mail, toEmail: 'sent-old@example.com', createdAt: daysAgo(40), sentAt: daysAgo(31) },
      { ...mail, toEmail: 'sent-new@example.com', createdAt: daysAgo(40), sentAt: daysAgo(29) },
      // Never sent: kept whatever its age, it is still to be delivered.
      { ...mail, toEmail: 'unsent@example.com', createdAt: daysAgo(90) },
    ]);
    const token = { userId: user.id, kind: 'password_reset' as const };
    await t.app.db.insert(mailTokens).values([
      { ...token, tokenHash: 'old', expiresAt: daysAgo(31), usedAt: daysAgo(32) },
      { ...token, tokenHash: 'new', expiresAt: daysAgo(29) },
    ]);
    const oldFamily = newId();
    const newFamily = newId();
    await t.app.db.insert(sessions).values([
      { id: oldFamily, userId: user.id, ip: '10.0.0.2', expiresAt: daysAgo(31), createdAt: daysAgo(38) },
      { id: newFamily, userId: user.id, ip: '10.0.0.3', expiresAt: daysAgo(-5) },
    ]);
    await t.app.db.insert(refreshTokens).values([
      { userId: user.id, familyId: oldFamily, tokenHash: 'r-old', expiresAt: daysAgo(31) },
      { userId: user.id, familyId: newFamily, tokenHash: 'r-new', expiresAt: daysAgo(-5) },
    ]);
    const replay = { requestHash: 'h', statusCode: 201, body: {} };
    await t.app.db.insert(idempotencyKeys).values([
      { ...replay, scope: 'order-create:user:a', key: 'old', createdAt: daysAgo(8) },
      { ...replay, scope: 'order-create:user:a', key: 'new', createdAt: daysAgo(6) },
    ]);

    const event = { type: 'product.updated' as const, objectId: 'p1', data: {} };
    await t.app.db.insert(events).values([
      { ...event, objectId: 'old', occurredAt: daysAgo(31) },
      { ...event, objectId: 'new', occurredAt: daysAgo(29) },
    ]);
    // Queue jobs that spent their tries: one last tried 31 days ago, one 29; a waiting job is never touched.
    for (const [name, maxAttempts] of [
      ['failed-old', 1],
      ['failed-new', 1],
      ['waiting', 25],
    ] as const)
      await addJob(t.app.db, 'test.never-run', { name }, { maxAttempts, runAt: daysAgo(-1) });
    await t.app.db.execute(sql`UPDATE graphile_worker._private_jobs SET attempts = max_attempts,
      updated_at = now() - (CASE payload->>'name' WHEN 'failed-old' THEN 31 ELSE 29 END) * interval '1 day'
      WHERE payload->>'name' IN ('failed-old', 'failed-new')`);

    const counts = await purgeExpiredRows(t.app.db, settings);
    expect(counts).toEqual({
      loginFailures: 1,
      sentMail: 1,
      mailTokens: 1,
      refreshTokens: 1,
      sessions: 1,
      idempotencyKeys: 1,
      events: 1,
      failedQueueJobs: 1,
    });
    expect((await t.app.db.select().from(events)).map((r) => r.objectId)).toEqual(['new']);
    const left = await queryRows<{ name: string }>(
      t.app.db,
      sql`SELECT payload->>'name' AS name FROM graphile_worker.jobs j JOIN graphile_worker._private_jobs p USING (id)
          WHERE j.task_identifier = 'test.never-run' ORDER BY 1`,
    );
    expect(left.map((row) => row.name)).toEqual(['failed-new', 'waiting']);
    expect((await t.app.db.select().from(loginFailures)).map((r) => r.email)).toEqual(['new@example.com']);
    expect((await t.app.db.select().from(mailOutbox)).map((r) => r.toEmail).sort()).toEqual([
      'sent-new@example.com',
      'unsent@example.com',
    ]);
    expect((await t.app.db.select().from(mailTokens)).map((r) => r.tokenHash)).toEqual(['new']);
    expect((await t.app.db.select().from(sessions)).map((r) => r.id)).toEqual([newFamily]);
    expect((await t.app.db.select().from(refreshTokens)).map((r) => r.tokenHash)).toEqual(['r-new']);
    expect((await t.app.db.select().from(idempotencyKeys)).map((r) => r.key)).toEqual(['new']);

    // Shorter settings reach the younger rows too.
    const shorter = await purgeExpiredRows(t.app.db, { ...settings, loginFailuresDays: 1, idempotencyDays: 1 });
    expect(shorter).toMatchObject({ loginFailures: 1, idempotencyKeys: 1, sentMail: 0 });
  });

  it('works through a large backlog in bounded batches', async () => {
    await oldLoginFailures(25);
    expect(await purgeExpiredRows(t.app.db, settings, { batchSize: 4 })).toMatchObject({ loginFailures: 25 });
    expect(await loginFailureCount()).toBe(0);
  });

  it('stops between batches when asked to', async () => {
    await oldLoginFailures(10);
    let batches = 0;
    const counts = await purgeExpiredRows(t.app.db, settings, { batchSize: 4, stopping: () => ++batches > 2 });
    expect(counts).toEqual({});
    expect(await loginFailureCount()).toBe(2);
  });

  it('two instances purging at once delete every expired row once, without errors', async () => {
    await oldLoginFailures(300);
    const instances = await Promise.all([
      openDatabase({ databaseUrl: t.config.databaseUrl }),
      openDatabase({ databaseUrl: t.config.databaseUrl }),
    ]);
    try {
      const runs = await Promise.all(
        instances.map((instance) => purgeExpiredRows(instance.db, settings, { batchSize: 7 })),
      );
      expect(runs[0]!.loginFailures! + runs[1]!.loginFailures!).toBe(300);
      expect(await loginFailureCount()).toBe(0);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it('never waits on a row a request holds: it skips it and takes it on the next run', async () => {
    await oldLoginFailures(5);
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT id FROM login_failures WHERE email = 'old0@example.com' FOR UPDATE`);
      const started = Date.now();
      expect(await purgeExpiredRows(t.app.db, settings)).toMatchObject({ loginFailures: 4 });
      expect(Date.now() - started).toBeLessThan(5_000);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    expect(await purgeExpiredRows(t.app.db, settings)).toMatchObject({ loginFailures: 1 });
    expect(await loginFailureCount()).toBe(0);
  });

  it('runs as a queue job that schedules its next run an interval later', async () => {
    await oldLoginFailures(3);
    // Waiting since the app started (a minute after start); moved to now here.
    expect(await queueJobs(t.app.db, RETENTION_TASK)).toEqual([expect.objectContaining({ waiting: true })]);
    await addJob(t.app.db, RETENTION_TASK, {}, { jobKey: RETENTION_TASK });
    await until(async () => (await loginFailureCount()) === 0);
    // The run added the next one, the interval (an hour) later: one waiting run, never two.
    await until(async () => {
      const waiting = await queueJobs(t.app.db, RETENTION_TASK);
      return waiting.length === 1 && waiting[0]!.waiting && waiting[0]!.attempts === 0;
    });
  });
});

describe('retention settings', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) } as const;

  it('defaults to 30 days (7 for idempotency keys), hourly', () => {
    expect(loadConfig(base).retention).toEqual(settings);
  });

  it('reads each setting from the environment and refuses values under a day', () => {
    const config = loadConfig({
      ...base,
      RETENTION_LOGIN_FAILURES_DAYS: '2',
      RETENTION_SENT_MAIL_DAYS: '3',
      RETENTION_MAIL_TOKENS_DAYS: '4',
      RETENTION_SESSIONS_DAYS: '5',
      RETENTION_IDEMPOTENCY_DAYS: '6',
      RETENTION_EVENTS_DAYS: '7',
      RETENTION_FAILED_JOBS_DAYS: '8',
      RETENTION_INTERVAL_MINUTES: '15',
    });
    expect(config.retention).toEqual({
      loginFailuresDays: 2,
      sentMailDays: 3,
      mailTokensDays: 4,
      sessionsDays: 5,
      idempotencyDays: 6,
      eventsDays: 7,
      failedJobsDays: 8,
      intervalMs: 900_000,
    });
    expect(() => loadConfig({ ...base, RETENTION_SENT_MAIL_DAYS: '0' })).toThrow(/RETENTION_SENT_MAIL_DAYS/);
    expect(() => loadConfig({ ...base, RETENTION_SESSIONS_DAYS: 'soon' })).toThrow(/RETENTION_SESSIONS_DAYS/);
  });
});
