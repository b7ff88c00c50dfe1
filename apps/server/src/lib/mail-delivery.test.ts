import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/cluster.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { lockByWorker, queueJobs, recoverNow, until } from '../../test/queue.js';
import { buildApp } from '../app.js';
import { queryRows } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import { queueMail, SEND_MAIL_TASK } from './mail.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function outboxRow(t: TestApp, id: string) {
  const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

describe('mail delivery outside transactions', () => {
  it('holds no transaction and no lock on the outbox while the SMTP server is slow', async () => {
    const arrived = gate();
    const release = gate();
    const sink = await startSmtpSink(undefined, {
      beforeAccept: async () => {
        arrived.open();
        await release.opened;
      },
    });
    const t = await createTestApp({ smtpUrl: sink.url, smtpTimeoutMs: 10_000 });
    try {
      const id = await queueMail(t.app.db, { to: 'slow@example.com', subject: 'Slow', body: 'x', kind: 'test' });
      await arrived.opened;
      // The SMTP server has the message and has not answered: the job waits on it, not on the database. Another
      // task's statement may pass through the outbox meanwhile (the retention sweep's delete at start): a moment's
      // transaction and lock, gone at the next look; one held across the SMTP call is there on every look until the
      // server answers, which it does not before `release`.
      await withClient(t.config.databaseUrl!, async (client) => {
        const look = async () => ({
          open: (
            await client.query(
              `SELECT pid, state, query FROM pg_stat_activity
               WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
                 AND (xact_start IS NOT NULL OR state LIKE 'idle in transaction%')`,
            )
          ).rows,
          locks: (
            await client.query(
              `SELECT l.pid, l.mode FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
               WHERE c.relname = 'mail_outbox' AND l.pid <> pg_backend_pid()`,
            )
          ).rows,
        });
        const clear = async () => {
          const seen = await look();
          return seen.open.length === 0 && seen.locks.length === 0;
        };
        await until(clear, 2_000).catch(() => {});
        expect(await look()).toEqual({ open: [], locks: [] });
      });
      // The job is held by this instance's worker (no other worker takes it meanwhile), which beats as alive.
      const holder = (await queueJobs(t.app.db, SEND_MAIL_TASK))[0]?.locked_by;
      expect(holder).toEqual(expect.any(String));
      const beats = await queryRows(
        t.app.db,
        sql`SELECT 1 FROM queue_workers WHERE worker_id = ${holder} AND heartbeat_at > now() - interval '1 minute'`,
      );
      expect(beats).toHaveLength(1);
      release.open();
      await until(async () => (await outboxRow(t, id)).sentAt !== null);
      expect(sink.received.map((mail) => mail.to)).toEqual([['slow@example.com']]);
      expect((await outboxRow(t, id)).attempts).toBe(1);
    } finally {
      release.open();
      await t.close();
      await sink.close();
    }
  });

  it('sends a mail whose worker died mid-send once the crash recovery has unlocked it', async () => {
    const sink = await startSmtpSink();
    const t = await createTestApp({ smtpUrl: sink.url, smtpTimeoutMs: 5_000 });
    try {
      // A worker took the mail's job three minutes ago, and its instance has not beaten since.
      const id = await t.app.db.transaction(async (tx) => {
        const mailId = await queueMail(tx, { to: 'orphan@example.com', subject: 'Orphan', body: 'x', kind: 'test' });
        await lockByWorker(tx, { task: SEND_MAIL_TASK, payload: { mailId } }, 'worker-dead-mail', 3);
        return mailId;
      });
      expect((await queueJobs(t.app.db, SEND_MAIL_TASK))[0]?.locked_by).toBe('worker-dead-mail');
      await recoverNow(t.app.db);
      await until(async () => (await outboxRow(t, id)).sentAt !== null);
      expect(sink.received.map((mail) => mail.to)).toEqual([['orphan@example.com']]);
    } finally {
      await t.close();
      await sink.close();
    }
  });
});

describe('two instances', () => {
  let t: TestApp;
  let second: FastifyInstance;
  const sinks: Awaited<ReturnType<typeof startSmtpSink>>[] = [];
  beforeAll(async () => {
    // Each instance sends through its own SMTP server, so the test sees which one sent what; a little latency per
    // message keeps both busy for the whole run.
    for (let i = 0; i < 2; i++) sinks.push(await startSmtpSink(undefined, { beforeAccept: () => sleep(15) }));
    t = await createTestApp({ smtpUrl: sinks[0]!.url, smtpTimeoutMs: 5_000 });
    second = await buildApp({ config: { ...t.config, smtpUrl: sinks[1]!.url }, database: t.database, logger: false });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    for (const sink of sinks) await sink.close();
  });

  it('send each of 50 mails exactly once between them', async () => {
    const addresses = Array.from({ length: 50 }, (_, i) => `many${i}@example.com`);
    await t.app.db.transaction(async (tx) => {
      for (const to of addresses) await queueMail(tx, { to, subject: 'Hi', body: `to ${to}`, kind: 'test' });
    });
    const unsent = async () =>
      (await t.app.db.select({ id: mailOutbox.id }).from(mailOutbox).where(sql`${mailOutbox.sentAt} IS NULL`)).length;
    await until(async () => (await unsent()) === 0, 30_000);
    const [first, other] = sinks.map((sink) => sink.received.flatMap((mail) => mail.to));
    expect([...first!, ...other!].sort()).toEqual([...addresses].sort());
    expect(first!.length).toBeGreaterThan(0);
    expect(other!.length).toBeGreaterThan(0);
    const rows = await t.app.db.select().from(mailOutbox);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });
});
